/**
 * The event loop's watch (src/server/loop-watch.ts), which the entries use to
 * say how long their warm-up held the loop, and the slices whole-catalog work
 * runs in (src/services/platform/next-turn.ts). No timing is asserted but what a
 * busy machine can only make larger.
 */
import { expect, test } from "vitest";
import { watchEventLoop } from "../../src/server/loop-watch.ts";
import { slices } from "../../src/services/platform/next-turn.ts";
import { turnsDuring } from "../helpers/event-loop.ts";

function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) { /* holding the loop */ }
}

test("a watch sees the longest hold of the event loop since it began", async () => {
  const watch = watchEventLoop();
  try {
    await new Promise((resolve) => setTimeout(resolve, 20));
    busy(80);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(watch.longest()).toBeGreaterThanOrEqual(70);
  } finally {
    watch.stop();
  }
});

test("work in slices lets timers run between them; the same work in one piece does not", async () => {
  const run = async (sliced: boolean) => {
    const slice = slices(5);
    const { turns } = await turnsDuring(async () => {
      for (let i = 0; i < 40; i++) {
        busy(2);
        if (sliced) await slice();
      }
    });
    return turns;
  };
  expect(await run(false)).toBe(0);
  expect(await run(true)).toBeGreaterThanOrEqual(5);
});
