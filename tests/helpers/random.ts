/** Seeded randomness for tests: the same seed gives the same cases, so a failure can be replayed. */
import { seededRandom } from "../../src/lib/random.ts";

export type Rng = () => number;

/** The project's seeded generator (mulberry32), under the name the tests use. */
export const mulberry32: (seed: number) => Rng = seededRandom;

/** A whole number in [min, max]. */
export function randomInt(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (!items.length) throw new Error("pick from an empty list");
  return items[Math.floor(rng() * items.length)];
}

export function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** Picks by weight: `[["create", 3], ["vote", 2]]`. */
export function weighted<T>(rng: Rng, choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((sum, [, w]) => sum + w, 0);
  let r = rng() * total;
  for (const [value, w] of choices) {
    if ((r -= w) < 0) return value;
  }
  return choices[choices.length - 1][0];
}
