/**
 * The Hub planner's model (docs/product.md, Hub planner): the requirement
 * units a student still needs, and the smallest set of courses that covers
 * them, the best rated among sets of that size, as an integer program for a
 * solver (HiGHS reads the CPLEX LP text written here).
 *
 * A course gives at most one unit to each Hub area it carries, so a
 * two-unit area needs two different courses; SI2 and SO2 are one
 * requirement, met by a unit of either.
 */
import { HUB_AREAS, HUB_EITHER } from "./hub-areas.ts";

/** A requirement still short of units: one Hub area, or the SI2/SO2 pair ("SI2/SO2"). */
export type Need = { code: string; codes: readonly string[]; units: number };

export type Candidate = {
  id: number;
  /** The Hub areas the course carries. */
  units: readonly string[];
  /** Bayesian average of its overall rating; a course without reviews is at the prior. */
  score: number;
};

export type Plan = {
  /** The courses chosen, by id, in the order of the candidates. */
  ids: number[];
  /** Whether the chosen courses cover every unit needed (false when the candidates cannot). */
  covered: boolean;
};

const PAIR_CODE = HUB_EITHER.codes.join("/");

/** What is still needed after the completed and future courses, each given as the Hub areas it carries. */
export function remainingNeeds(taken: readonly (readonly string[])[]): Need[] {
  const count = (code: string) => taken.filter((units) => units.includes(code)).length;
  const needs: Need[] = [];
  for (const area of HUB_AREAS) {
    if (area.required === null) {
      if (area.code !== HUB_EITHER.codes[0]) continue;
      const short = HUB_EITHER.required - HUB_EITHER.codes.reduce((sum, code) => sum + count(code), 0);
      if (short > 0) needs.push({ code: PAIR_CODE, codes: HUB_EITHER.codes, units: short });
      continue;
    }
    const short = area.required - count(area.code);
    if (short > 0) needs.push({ code: area.code, codes: [area.code], units: short });
  }
  return needs;
}

/** The requirements among `needs` a course counts toward. */
export function needsMet(units: readonly string[], needs: readonly Need[]): Need[] {
  return needs.filter((need) => need.codes.some((code) => units.includes(code)));
}

/** The Hub codes of `units` that count toward `needs` (for the pair, the code the course carries). */
export function coveredCodes(units: readonly string[], needs: readonly Need[]): string[] {
  return units.filter((code) => needs.some((need) => need.codes.includes(code)));
}

/**
 * The integer programs, solved one after the other. A binary x per course;
 * per requirement, the courses that carry it plus a slack (units left
 * uncovered) reach the units needed.
 * - `size`: the fewest uncovered units first (each costs more than every
 *   course together), then the fewest courses: so a catalog that cannot
 *   cover everything still gets the plan that covers the most.
 * - `rating`: with exactly that many courses and no more uncovered units,
 *   the highest sum of scores.
 * Two programs rather than one objective with a tiny rating bonus: the
 * bonus makes the solver prove too many near-ties (seconds instead of
 * milliseconds on the real catalog). Needs at least one need.
 */
export function planProgram(
  needs: readonly Need[],
  candidates: readonly Candidate[],
  phase: { size: true } | { courses: number; uncovered: number },
): string {
  const total = needs.reduce((sum, need) => sum + need.units, 0);
  const useful = candidates.filter((c) => needsMet(c.units, needs).length > 0);
  const sizing = "size" in phase;
  const lines = [sizing ? "Minimize" : "Maximize", " obj:"];
  for (const c of useful) {
    lines.push(sizing ? `  + 1 x${c.id}` : `  + ${Math.min(5, Math.max(0, c.score)).toFixed(9)} x${c.id}`);
  }
  if (sizing) needs.forEach((_, r) => lines.push(`  + ${total + 2} s${r}`));
  lines.push("Subject To");
  needs.forEach((need, r) => {
    lines.push(` r${r}:`);
    for (const c of useful) if (needsMet(c.units, [need]).length) lines.push(`  + x${c.id}`);
    lines.push(`  + s${r} >= ${need.units}`);
  });
  if (!sizing) {
    if (useful.length) {
      lines.push(" courses:");
      for (const c of useful) lines.push(`  + x${c.id}`);
      lines.push(`  = ${phase.courses}`);
    }
    lines.push(" uncovered:");
    needs.forEach((_, r) => lines.push(`  + s${r}`));
    lines.push(`  <= ${phase.uncovered}`);
  }
  lines.push("Bounds");
  needs.forEach((need, r) => lines.push(` 0 <= s${r} <= ${need.units}`));
  if (useful.length) {
    lines.push("Binary");
    for (const c of useful) lines.push(` x${c.id}`);
  }
  lines.push("General");
  needs.forEach((_, r) => lines.push(` s${r}`));
  lines.push("End");
  return lines.join("\n");
}

/**
 * The candidates that can be in some best plan; the others are dropped
 * before solving, which keeps the program small without changing its answer.
 *
 * B dominates A when B counts toward every requirement A counts toward and is
 * better: a higher score, or the same score and more requirements, or the
 * same of both and a lower id (a strict order, so no two dominate each
 * other). A is dropped when at least m courses dominate it, m being the most
 * units any of A's requirements needs (1 or 2). Why that is safe: a best plan
 * that chose A chose fewer than m of its dominators (with m of them, A would
 * add nothing to its requirements, and a plan without A would be smaller), so
 * one dominator is free, and putting it in A's place covers at least as much
 * with as many courses and no lower score.
 */
export function undominated(needs: readonly Need[], candidates: readonly Candidate[]): Candidate[] {
  const masks = candidates.map((c) =>
    needs.reduce((mask, need, r) => needsMet(c.units, [need]).length ? mask | (1 << r) : mask, 0)
  );
  const bits = (mask: number) => {
    let n = 0;
    for (let m = mask; m; m &= m - 1) n++;
    return n;
  };
  const sizes = masks.map(bits);
  const most = masks.map((mask) =>
    needs.reduce((max, need, r) => mask & (1 << r) ? Math.max(max, need.units) : max, 0)
  );
  const better = (b: number, a: number) =>
    candidates[b].score > candidates[a].score ||
    (candidates[b].score === candidates[a].score &&
      (sizes[b] > sizes[a] || (sizes[b] === sizes[a] && candidates[b].id < candidates[a].id)));
  return candidates.filter((_, a) => {
    if (masks[a] === 0) return false;
    let dominators = 0;
    for (let b = 0; b < candidates.length && dominators < most[a]; b++) {
      if (b !== a && (masks[a] & ~masks[b]) === 0 && better(b, a)) dominators++;
    }
    return dominators < most[a];
  });
}

/** A solver's answer: each variable's value by name (x<id>, s<requirement>). */
export type Solution = { status: string; values: ReadonlyMap<string, number> };

/** The plan a solution gives, with how many units it leaves uncovered. */
export function readPlan(
  needs: readonly Need[],
  candidates: readonly Candidate[],
  solution: Solution,
): Plan & { uncovered: number } {
  if (solution.status !== "Optimal") throw new Error(`the Hub plan could not be solved (${solution.status})`);
  const ids = candidates.filter((c) => (solution.values.get(`x${c.id}`) ?? 0) > 0.5).map((c) => c.id);
  const uncovered = needs.reduce((sum, _, r) => sum + Math.round(solution.values.get(`s${r}`) ?? 0), 0);
  return { ids, covered: uncovered === 0, uncovered };
}

/** Courses a student may set aside at once with Swap. */
export const MAX_EXCLUDED = 60;

export type HubPlanQuery = { ok: true; options: { eligibleOnly: boolean; exclude: number[] } } | {
  ok: false;
  message: string;
};

/** `?eligibleOnly=true|false` (true when absent) and `exclude=ID`, repeatable. */
export function parseHubPlanQuery(params: URLSearchParams): HubPlanQuery {
  for (const name of params.keys()) {
    if (name !== "eligibleOnly" && name !== "exclude") {
      return { ok: false, message: `Unknown parameter: ${name.slice(0, 40)}` };
    }
  }
  const eligible = params.get("eligibleOnly");
  if (eligible !== null && eligible !== "true" && eligible !== "false") {
    return { ok: false, message: "eligibleOnly must be true or false" };
  }
  const raw = params.getAll("exclude");
  if (raw.length > MAX_EXCLUDED) return { ok: false, message: `exclude may name at most ${MAX_EXCLUDED} courses` };
  const exclude: number[] = [];
  for (const value of raw) {
    if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2 ** 31 - 1) {
      return { ok: false, message: "exclude must be course ids" };
    }
    exclude.push(Number(value));
  }
  return { ok: true, options: { eligibleOnly: eligible !== "false", exclude: [...new Set(exclude)] } };
}
