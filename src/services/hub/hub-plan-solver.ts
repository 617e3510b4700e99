/**
 * The Hub planner: for the units a student still needs after their completed
 * and future courses, the fewest courses that cover them, the best rated
 * among sets of that size (docs/product.md, Hub planner). The model is
 * src/lib/hub-plan.ts; HiGHS solves it (src/services/hub/hub-plan-highs.ts).
 *
 * A solve takes 100-300 ms of CPU, so one student must not be able to stall
 * an instance for everyone:
 * - the solve runs in a worker thread (src/services/hub/hub-plan-worker.ts), or on
 *   the event loop where workers are missing, with a turn between its two programs;
 * - one solve at a time per instance, a few waiting; more are refused with
 *   429 and Retry-After;
 * - a student's plans are limited per instance (src/services/platform/request-limits.ts);
 * - a plan is kept for the same inputs: the student's lists and options, the
 *   catalog's version and the courses' figures;
 * - the figures the planner scores with stay in memory and catch up on what
 *   changed (`figures_stamp`, migration 0011) in the request's one round trip.
 */
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Db } from "../../../db/client.ts";
import { courses, futureCourses, reviews } from "../../../db/schema.ts";
import type { CourseView, HubPlanView } from "../../lib/api-types.ts";
import { type Candidate, coveredCodes, type Need, needsMet, type Plan, remainingNeeds } from "../../lib/hub-plan.ts";
import { type Catalog, type CatalogCourse, withCatalog } from "../catalog/catalog-cache.ts";
import {
  completedIds,
  type CourseFigures,
  courseView,
  figureColumns,
  withSoonestOfferings,
} from "../courses/course-queries.ts";
import { ratingPrior } from "../courses/course-stats.ts";
import { tooManyRequests } from "../platform/domain-errors.ts";
import { nextTurn } from "../platform/next-turn.ts";
import type { SolveAnswer, SolveRequest } from "./hub-plan-worker.ts";

export type HubPlanOptions = {
  /** Only courses whose prerequisites the student has met, or that have none (the default). */
  eligibleOnly: boolean;
  /** Courses the student does not want (Swap). */
  exclude: number[];
};

/** Graduate courses are not Hub courses a student plans: the plan keeps to numbers below this. */
const BELOW_LEVEL = 500;

export const PLANNER_BUSY = "The Hub planner is busy right now. Please try again in a few seconds.";

// ---------------------------------------------------------------------------
// Solving: off the event loop, one plan at a time per instance
// ---------------------------------------------------------------------------

/** Plans waiting while one is solved; more are refused at once. */
export const MAX_WAITING_PLANS = 4;
/** How long a worker with nothing to solve is kept: it holds a thread and HiGHS's memory. */
const WORKER_IDLE_MS = 20_000;

type Solver = (needs: Need[], candidates: Candidate[]) => Promise<Plan>;

/** On the event loop: a turn between the two programs for the requests waiting. HiGHS is loaded here only when workers fail. */
const solveOnLoop: Solver = async (needs, candidates) =>
  (await import("./hub-plan-highs.ts")).solvePlanHere(needs, candidates, nextTurn);

let worker:
  | { thread: Worker; pending: Map<number, { resolve: (plan: Plan) => void; reject: (error: Error) => void }> }
  | null = null;
let workersWork = typeof Worker === "function";
let nextSolve = 0;
let idle: ReturnType<typeof setTimeout> | undefined;

function stopWorker(failure?: Error) {
  if (!worker) return;
  const { thread, pending } = worker;
  worker = null;
  thread.terminate();
  for (const { reject } of pending.values()) reject(failure ?? new Error("the planner stopped"));
}

/** Stops the planner's worker (a server that shuts down); a later plan starts one again. */
export function stopPlanner(): void {
  clearTimeout(idle);
  stopWorker();
}

/** In a worker thread, created on first use and stopped when idle; where workers fail, on the loop from then on. */
const solveInWorker: Solver = (needs, candidates) => {
  if (!worker) {
    let thread: Worker;
    try {
      thread = new Worker(workerUrl, { type: "module" });
    } catch (error) {
      console.error("[planner] no worker for the solver; plans are solved on the event loop from now on:", error);
      workersWork = false;
      return Promise.reject(new WorkerUnavailable(String(error)));
    }
    const pending = new Map<number, { resolve: (plan: Plan) => void; reject: (error: Error) => void }>();
    thread.onmessage = ({ data }: MessageEvent<SolveAnswer>) => {
      const waiting = pending.get(data.id);
      pending.delete(data.id);
      if ("plan" in data) waiting?.resolve(data.plan);
      else waiting?.reject(new Error(data.error));
    };
    thread.onerror = (event) => {
      event.preventDefault();
      console.error(
        "[planner] the solver's worker failed; plans are solved on the event loop from now on:",
        event.message,
      );
      workersWork = false;
      stopWorker(new WorkerUnavailable(event.message));
    };
    worker = { thread, pending };
  }
  clearTimeout(idle);
  const { thread, pending } = worker;
  const id = ++nextSolve;
  return new Promise<Plan>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.postMessage({ id, needs, candidates } satisfies SolveRequest);
  }).finally(() => {
    if (worker?.pending.size === 0) {
      idle = setTimeout(stopWorker, WORKER_IDLE_MS);
      Deno.unrefTimer(idle);
    }
  });
};

class WorkerUnavailable extends Error {}

/** The solver plans use: "worker" unless workers failed or a test asks for the event loop. */
export function solverKind(): "worker" | "event loop" {
  return workersWork ? "worker" : "event loop";
}

let workerUrl = new URL("./hub-plan-worker.ts", import.meta.url).href;

/** For tests: solve on the event loop (false) or in a worker (true, from `url` to try a worker that fails) from now on. */
export function useWorkers(on: boolean, url = new URL("./hub-plan-worker.ts", import.meta.url).href): void {
  stopPlanner();
  workersWork = on && typeof Worker === "function";
  workerUrl = url;
}

async function solveSomewhere(needs: Need[], candidates: Candidate[]): Promise<Plan> {
  if (!workersWork) return await solveOnLoop(needs, candidates);
  try {
    return await solveInWorker(needs, candidates);
  } catch (error) {
    if (error instanceof WorkerUnavailable) return await solveOnLoop(needs, candidates);
    throw error;
  }
}

export type SolveQueue = {
  solve: Solver;
  /** Plans being solved or waiting. */
  inFlight(): number;
  /** Plans solved so far. */
  solved(): number;
};

/**
 * One plan at a time through `solver`; up to `maxWaiting` wait their turn,
 * and beyond them a plan is refused at once (429, Retry-After).
 */
export function createSolveQueue(solver: Solver, maxWaiting = MAX_WAITING_PLANS): SolveQueue {
  let solving = false;
  let solved = 0;
  const queue: (() => void)[] = [];
  return {
    async solve(needs, candidates) {
      if (solving) {
        if (queue.length >= maxWaiting) throw tooManyRequests(PLANNER_BUSY, 2);
        await new Promise<void>((resolve) => queue.push(resolve));
      }
      solving = true;
      try {
        const plan = await solver(needs, candidates);
        solved++;
        return plan;
      } finally {
        const next = queue.shift();
        if (next) next();
        else solving = false;
      }
    },
    inFlight: () => (solving ? 1 : 0) + queue.length,
    solved: () => solved,
  };
}

/** This process's planner: every app in it shares one solver. */
export const planner = createSolveQueue(solveSomewhere);

/** The fewest candidates that cover the needs, the best rated among those: through this process's queue. */
export function solvePlan(needs: Need[], candidates: Candidate[]): Promise<Plan> {
  if (!needs.length) return Promise.resolve({ ids: [], covered: true });
  return planner.solve(needs, candidates);
}

// ---------------------------------------------------------------------------
// The figures plans are scored with, in memory
// ---------------------------------------------------------------------------

type Scored = CourseFigures & { score: number; stamp: number };

/**
 * The courses a plan may hold (current, below 500, with a Hub unit) for one
 * catalog version: their figures and scores (-1 without reviews), and their
 * descriptions for the plan's cards. Read whole once; then each request reads
 * only the rows whose figures changed since (`figures_stamp`).
 */
type PlannerFigures = {
  catalogVersion: number;
  stamp: number;
  scored: Map<number, Scored>;
  descriptions: Map<number, string | null>;
};

const figuresOf = new WeakMap<Db, PlannerFigures>();

const candidateCourse = and(
  eq(courses.current, true),
  lt(courses.numberValue, BELOW_LEVEL),
  sql`EXISTS (SELECT 1 FROM course_hub_units h WHERE h.course_id = ${courses.id})`,
);

/** The statement that brings the planner's figures up to date: all of them for a new catalog copy, else what changed. */
function figuresRead(
  db: Db,
  catalog: Catalog,
  whole = false,
): Promise<{ whole: boolean; rows: (Scored & { description?: string | null })[] }> {
  const known = figuresOf.get(db);
  const columns = { ...figureColumns(), score: courses.ratingScore, stamp: courses.figuresStamp };
  if (!whole && known?.catalogVersion === catalog.version) {
    return db.select(columns).from(courses).where(and(candidateCourse, gt(courses.figuresStamp, known.stamp))).then((
      rows,
    ) => ({ whole: false, rows }));
  }
  const description = sql<string | null>`(SELECT t.description FROM course_texts t WHERE t.course_id = ${courses.id})`;
  return db.select({ ...columns, description }).from(courses).where(candidateCourse).then((rows) => ({
    whole: true,
    rows,
  }));
}

/** The figures brought up to date by a read; null when a read of changes meets figures of another catalog (an import just now). */
function applyFigures(db: Db, catalog: Catalog, read: Awaited<ReturnType<typeof figuresRead>>): PlannerFigures | null {
  let state = figuresOf.get(db);
  if (read.whole || !state || state.catalogVersion !== catalog.version) {
    if (!read.whole) return null;
    state = { catalogVersion: catalog.version, stamp: -1, scored: new Map(), descriptions: new Map() };
    for (const row of read.rows) state.descriptions.set(row.id, row.description ?? null);
    figuresOf.set(db, state);
  }
  for (const { description: _, ...row } of read.rows) {
    const known = state.scored.get(row.id);
    // Reads may cross: a row never goes back to older figures.
    if (!known || known.stamp <= row.stamp) state.scored.set(row.id, { ...row, score: Number(row.score) });
    state.stamp = Math.max(state.stamp, row.stamp);
  }
  return state;
}

/**
 * What a plan is made from, read side by side in one round trip: the
 * student's completed and future courses and reviews, Best Rating's prior,
 * and the figures that changed. Everything else comes from memory.
 */
type PlannerInputs = {
  catalog: Catalog;
  completed: number[];
  taken: number[];
  figures: PlannerFigures;
  prior: number;
  reviewed: Set<number>;
};

async function plannerInputs(db: Db, catalog: Catalog, userId: number): Promise<PlannerInputs> {
  const [completed, future, read, prior, reviewed] = await Promise.all([
    completedIds(db, userId),
    db.select({ id: futureCourses.courseId }).from(futureCourses).where(eq(futureCourses.userId, userId)),
    figuresRead(db, catalog),
    ratingPrior(db),
    db.select({ id: reviews.courseId }).from(reviews).where(eq(reviews.userId, userId)),
  ]);
  const taken = [...new Set([...completed, ...future.map((r) => r.id)])].filter((id) => catalog.courses.has(id));
  const figures = applyFigures(db, catalog, read) ?? applyFigures(db, catalog, await figuresRead(db, catalog, true))!;
  return { catalog, completed, taken, figures, prior, reviewed: new Set(reviewed.map((r) => r.id)) };
}

/** A course's score in a plan: its Best Rating score, or the prior without reviews. */
function scoreOf(inputs: PlannerInputs, id: number): number {
  const scored = inputs.figures.scored.get(id);
  return scored && scored.numReviews > 0 ? scored.score : inputs.prior;
}

/** The Hub units of the student's completed and future courses. */
function takenUnits(inputs: PlannerInputs): string[][] {
  return inputs.taken.map((id) => inputs.catalog.courses.get(id)!.hubs.map((hub) => hub.code));
}

/** Whether the student may take the course: no prerequisites, or every group met and no condition the site cannot check. */
function eligible(course: CatalogCourse, completed: Set<number>): boolean {
  if (course.noPreReqs) return true;
  if (!course.prerequisiteGroups.length || course.parsed.conditions) return false;
  return course.prerequisiteGroups.every((group) => group.some((ref) => ref.id !== null && completed.has(ref.id)));
}

/** The courses a plan may choose from: current, below 500, not completed or planned or excluded, carrying a needed area; by id. */
function candidatesFor(inputs: PlannerInputs, needs: Need[], options: HubPlanOptions): Candidate[] {
  const codes = new Set(needs.flatMap((need) => need.codes));
  const unwanted = new Set([...inputs.taken, ...options.exclude]);
  const completed = new Set(inputs.completed);
  const candidates: Candidate[] = [];
  for (const course of inputs.catalog.courses.values()) {
    if (!course.current || course.numberValue >= BELOW_LEVEL || unwanted.has(course.id)) continue;
    if (!course.hubs.some((hub) => codes.has(hub.code))) continue;
    if (options.eligibleOnly && !eligible(course, completed)) continue;
    candidates.push({ id: course.id, units: course.hubs.map((hub) => hub.code), score: scoreOf(inputs, course.id) });
  }
  return candidates.sort((a, b) => a.id - b.id);
}

/** A course's view from the planner's inputs: a course without reviews has zero figures. */
function viewIn(inputs: PlannerInputs, id: number): CourseView {
  const scored = inputs.figures.scored.get(id);
  const figures: CourseFigures = scored ?? {
    id,
    numReviews: 0,
    avgOverall: 0,
    avgUsefulness: 0,
    avgDifficulty: 0,
    avgWorkload: 0,
    avgInterest: 0,
    avgTeacher: 0,
    reviewed: false,
  };
  const description = inputs.figures.descriptions.get(id) ?? null;
  return courseView(inputs.catalog.courses.get(id)!, { ...figures, description, reviewed: inputs.reviewed.has(id) });
}

/** Plans kept per database for the same inputs: a visit, a reload and the page's own call ask for the same one. */
const plansOf = new WeakMap<Db, LRUCache<string, Plan>>();
const PLANS_KEPT = 1_000;

/** Everything a plan depends on: the catalog, the figures, the student's lists (and so what they may take) and the options. */
function planKey(inputs: PlannerInputs, options: HubPlanOptions): string {
  const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b).join(",");
  return [
    inputs.catalog.version,
    inputs.figures.stamp,
    inputs.prior,
    sorted(inputs.taken),
    sorted(inputs.completed),
    options.eligibleOnly ? 1 : 0,
    sorted(new Set(options.exclude)),
  ].join("|");
}

async function planFor(
  db: Db,
  inputs: PlannerInputs,
  needs: Need[],
  candidates: Candidate[],
  options: HubPlanOptions,
): Promise<Plan> {
  let plans = plansOf.get(db);
  if (!plans) plansOf.set(db, plans = new LRUCache({ max: PLANS_KEPT }));
  const key = planKey(inputs, options);
  const kept = plans.get(key);
  if (kept) return kept;
  const plan = await solvePlan(needs, candidates);
  plans.set(key, plan);
  return plan;
}

/** The plan for a student: what they still need, the courses, and whether they cover it all. */
export function hubPlanFor(db: Db, userId: number, options: HubPlanOptions): Promise<HubPlanView> {
  return withCatalog(db, async (catalog) => {
    const inputs = await plannerInputs(db, catalog, userId);
    const needs = remainingNeeds(takenUnits(inputs));
    const remaining = needs.map((need) => ({ code: need.code, units: need.units }));
    if (!needs.length) return { remaining, courses: [], covered: true };
    const candidates = candidatesFor(inputs, needs, options);
    const plan = await planFor(db, inputs, needs, candidates, options);
    const unitsOf = new Map(candidates.map((c) => [c.id, c.units]));
    const chosen = plan.ids.map((id) => ({ ...viewIn(inputs, id), covers: coveredCodes(unitsOf.get(id) ?? [], needs) }))
      // Most units first, then the best rated.
      .sort((a, b) =>
        b.covers.length - a.covers.length || b.averageOverallRating - a.averageOverallRating ||
        a.code.localeCompare(b.code)
      );
    return { remaining, courses: await withSoonestOfferings(db, chosen), covered: plan.covered };
  });
}

export type MultiUnitCourse = {
  id: number;
  code: string;
  title: string;
  covers: string[];
  rating: number;
  numReviews: number;
};

/**
 * Courses that cover several of the student's remaining units at once: by the
 * number of remaining requirements they count toward, then by rating (the
 * Bayesian average); current, below 500, not completed or planned, any
 * prerequisites.
 */
export function multiUnitCourses(db: Db, userId: number, limit = 6): Promise<MultiUnitCourse[]> {
  return withCatalog(db, async (catalog) => {
    const inputs = await plannerInputs(db, catalog, userId);
    const needs = remainingNeeds(takenUnits(inputs));
    if (!needs.length) return [];
    const ranked = candidatesFor(inputs, needs, { eligibleOnly: false, exclude: [] }).map((c) => ({
      ...c,
      covers: coveredCodes(c.units, needs),
    }))
      .filter((c) => needsMet(c.units, needs).length >= 2)
      .sort((a, b) =>
        needsMet(b.units, needs).length - needsMet(a.units, needs).length || b.score - a.score || a.id - b.id
      )
      .slice(0, limit);
    return ranked.map((c) => {
      const view = viewIn(inputs, c.id);
      return {
        id: c.id,
        code: view.code,
        title: view.title,
        covers: c.covers,
        rating: view.averageOverallRating,
        numReviews: view.numReviews,
      };
    });
  });
}
