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

/**
 * The fewest candidates that cover the needs, the best rated among those.
 * `between` runs between the two programs: on the event loop, a turn for the
 * requests waiting.
 */
export async function solvePlanHere(
  needs: Need[],
  candidates: Candidate[],
  shape: PlanShape = ONE_TERM,
  between: () => Promise<void> = () => Promise.resolve(),
): Promise<Plan> {
  if (!needs.length) return { ids: [], placed: [], covered: true };
  // Only the candidates that can be in a best plan go to the solver: the program stays small, the answer the same.
  const useful = undominated(needs, usefulCandidates(needs, candidates, shape), shape);
  const solver = await highs();
  const solve = (program: string) => {
    const result = solver.solve(program);
    const values = new Map(
      Object.entries(result.Columns).map(([name, column]) => [name, (column as { Primal?: number }).Primal ?? 0]),
    );
    return readPlan(needs, useful, { status: result.Status, values }, shape);
  };
  // First the fewest courses (and uncovered units), then the best rated plan of that size.
  const sized = solve(planProgram(needs, useful, { size: true }, shape));
  if (!sized.ids.length) return { ids: [], placed: [], covered: sized.covered };
  await between();
  const rated = solve(planProgram(needs, useful, { courses: sized.ids.length, uncovered: sized.uncovered }, shape));
  return earliestTerms({ ids: rated.ids, placed: rated.placed, covered: rated.covered }, useful, shape);
}
