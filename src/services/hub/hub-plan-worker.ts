/**
 * The Hub planner's worker: solves the plans src/services/hub/hub-plan-solver.ts
 * sends it, one at a time, on a thread of its own, so that a solve never
 * holds the server's event loop.
 */
import type { Candidate, Need, Plan, PlanShape } from "../../lib/hub-plan.ts";
import { solvePlanHere, solverMemory } from "./hub-plan-highs.ts";

export type SolveRequest = { id: number; needs: Need[]; candidates: Candidate[]; shape: PlanShape; budgetMs: number };
/** The plan, and how much memory the solver holds after it (bytes): the thread is let go when that grows too large. */
export type SolveAnswer = { id: number; plan: Plan; memory: number } | { id: number; error: string };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SolveRequest>) => void) | null;
  postMessage(answer: SolveAnswer): void;
};

scope.onmessage = async ({ data }) => {
  try {
    const plan = await solvePlanHere(data.needs, data.candidates, data.shape, undefined, data.budgetMs);
    scope.postMessage({ id: data.id, plan, memory: await solverMemory() });
  } catch (error) {
    scope.postMessage({ id: data.id, error: error instanceof Error ? error.message : String(error) });
  }
};
