/**
 * Solving a Hub plan with HiGHS (the `highs` package, WebAssembly): the
 * fewest candidates that cover the needs, the best rated among those
 * (src/lib/hub-plan.ts). One program takes about 65 ms on the real catalog
 * here, all of it in one call that holds its thread: src/services/hub/hub-plan-solver.ts
 * runs this in a worker (src/services/hub/hub-plan-worker.ts), or on the event
 * loop one plan at a time where workers are missing. Imports nothing but the
 * model and the solver, so the worker loads little.
 */
import highsModule, { type Highs } from "highs";
import {
  type Candidate,
  earliestTerms,
  type Need,
  ONE_TERM,
  type Plan,
  PLAN_BUDGET_MS,
  planProgram,
  type PlanShape,
  readPlan,
  undominated,
  usefulCandidates,
} from "../../lib/hub-plan.ts";

/** The package is CommonJS: its default export is the loader, which its types describe as the module. */
const highsLoader = highsModule as unknown as () => Promise<Highs>;
let solver: Promise<Highs> | null = null;

/** The solver, loaded once per thread (about 150 ms the first time). */
function highs(): Promise<Highs> {
  solver ??= highsLoader().catch((error: unknown) => {
    solver = null;
    throw error;
  });
  return solver!;
}

/** A program's outcome: read when it is proven optimal, or when its time ran out with a solution in hand. */
const USABLE = new Set(["Optimal", "Time limit reached"]);

/**
 * The fewest candidates that cover the needs, the best rated among those,
 * within `budgetMs` (wall time on this thread, which is at least its CPU
 * time): the first program gets most of it, the second what is left; a
 * program whose time runs out answers the best solution it found, and the
 * plan says its budget was reached. `between` runs between the two programs:
 * on the event loop, a turn for the requests waiting.
 */
export async function solvePlanHere(
  needs: Need[],
  candidates: Candidate[],
  shape: PlanShape = ONE_TERM,
  between: () => Promise<void> = () => Promise.resolve(),
  budgetMs = PLAN_BUDGET_MS,
): Promise<Plan> {
  if (!needs.length) return { ids: [], placed: [], covered: true };
  const started = performance.now();
  // Only the candidates that can be in a best plan go to the solver: the program stays small, the answer the same.
  const useful = undominated(needs, usefulCandidates(needs, candidates, shape), shape);
  const solver = await highs();
  const left = () => budgetMs - (performance.now() - started);
  const solve = (program: string, seconds: number): (ReturnType<typeof readPlan> & { exact: boolean }) | null => {
    const result = solver.solve(program, { time_limit: Math.max(seconds, 0.001) });
    // Out of time before any solution: nothing to read.
    if (result.Status === "Time limit reached" && !Number.isFinite(result.ObjectiveValue)) return null;
    if (!USABLE.has(result.Status)) throw new Error(`the Hub plan could not be solved (${result.Status})`);
    const values = new Map(
      Object.entries(result.Columns).map(([name, column]) => [name, (column as { Primal?: number }).Primal ?? 0]),
    );
    return { ...readPlan(needs, useful, { status: "Optimal", values }, shape), exact: result.Status === "Optimal" };
  };
  // First the fewest courses (and uncovered units), then the best rated plan of that size.
  const sized = left() <= 0 ? null : solve(planProgram(needs, useful, { size: true }, shape), (left() * 0.6) / 1000);
  if (!sized) return { ids: [], placed: [], covered: false, budgetReached: true };
  if (!sized.ids.length) return { ids: [], placed: [], covered: sized.covered };
  await between();
  const rated = left() > 50
    ? solve(planProgram(needs, useful, { courses: sized.ids.length, uncovered: sized.uncovered }, shape), left() / 1000)
    : null;
  // Out of time before the best rated plan of that size was found: the plan of the first program is the best so far.
  const best = rated ?? sized;
  const plan = earliestTerms({ ids: best.ids, placed: best.placed, covered: best.covered }, useful, shape);
  return sized.exact && rated?.exact ? plan : { ...plan, budgetReached: true };
}

/** How much memory the solver holds on this thread (WebAssembly's linear memory never shrinks), in bytes. */
export async function solverMemory(): Promise<number> {
  return solver ? (await solver).memoryBytes : 0;
}
