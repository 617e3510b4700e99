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
import { courses, futureCourses, reviews, users } from "../../../db/schema.ts";
import type { CourseView, HubPlanView } from "../../lib/api-types.ts";
import { enrolmentLimits, GRADUATE_LEVEL, type RuleStudent, standingOf } from "../../lib/enrolment-rules.ts";
import {
  type Candidate,
  coveredCodes,
  type HubPlanOptions,
  type Need,
  needsMet,
  ONE_TERM,
  type Plan,
  PLAN_BUDGET_MS,
  type PlannerSettings,
  planScore,
  type PlanShape,
  readPlannerSettings,
  remainingNeeds,
} from "../../lib/hub-plan.ts";
import { cocurricularLeft, countedUnits, isCocurricular } from "../../lib/hub-requirements.ts";
import { nextTerm, termName, termOf } from "../../lib/term-codes.ts";
import { plural } from "../../lib/text.ts";
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
import { choicesFittingWeek, type PlanOption, type WeekToFit } from "./hub-plan-sections.ts";
import type { SolveAnswer, SolveRequest } from "./hub-plan-worker.ts";

export type { HubPlanOptions };

/** Graduate courses are not Hub courses a student plans: the plan keeps to numbers below this. */
const BELOW_LEVEL = GRADUATE_LEVEL;

export const PLANNER_BUSY = "The Hub planner is busy right now. Please try again in a few seconds.";

// ---------------------------------------------------------------------------
// Solving: off the event loop, one plan at a time per instance
// ---------------------------------------------------------------------------

/** Plans waiting while one is solved; more are refused at once. */
export const MAX_WAITING_PLANS = 4;
/** How long a worker with nothing to solve is kept: it holds a thread and HiGHS's memory. */
const WORKER_IDLE_MS = 20_000;
/**
 * The solver's memory a worker may keep between plans. WebAssembly's memory only grows: the heaviest plan the real
 * catalog asks for (six terms of six courses, a new student) leaves about 64 MB, and a worker kept warm solves it
 * several times faster than a fresh one; a worker whose solver holds more than this after a plan is let go, and the
 * next plan starts a fresh one.
 */
export const WORKER_MEMORY_KEPT = 96 * 1024 * 1024;

type Solver = (needs: Need[], candidates: Candidate[], shape?: PlanShape) => Promise<Plan>;

/** The time one plan may take; tests shorten it to reach it for sure. */
let budgetMs = PLAN_BUDGET_MS;

/** For tests: the time a plan may take (PLAN_BUDGET_MS unless set); returns the previous one. */
export function setPlanBudget(ms: number): number {
  const before = budgetMs;
  budgetMs = ms;
  return before;
}

/** On the event loop: a turn between the two programs for the requests waiting. HiGHS is loaded here only when workers fail. */
const solveOnLoop: Solver = async (needs, candidates, shape = ONE_TERM) =>
  (await import("./hub-plan-highs.ts")).solvePlanHere(needs, candidates, shape, nextTurn, budgetMs);

let worker:
  | { thread: Worker; pending: Map<number, { resolve: (plan: Plan) => void; reject: (error: Error) => void }> }
  | null = null;
let workersWork = typeof Worker === "function";
let nextSolve = 0;
let idle: ReturnType<typeof setTimeout> | undefined;
/** Workers let go because their solver's memory grew past WORKER_MEMORY_KEPT. */
let workersRenewed = 0;

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

/** How many times a worker was let go for the memory its solver held (for tests and the bench). */
export function plannerWorkersRenewed(): number {
  return workersRenewed;
}

/** In a worker thread, created on first use and stopped when idle; where workers fail, on the loop from then on. */
const solveInWorker: Solver = (needs, candidates, shape = ONE_TERM) => {
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
    const own = { thread, pending };
    thread.onmessage = ({ data }: MessageEvent<SolveAnswer>) => {
      const waiting = pending.get(data.id);
      pending.delete(data.id);
      if ("plan" in data) {
        waiting?.resolve(data.plan);
        // A solver grown large is let go once it has nothing else to answer: its memory goes with the thread.
        if (data.memory > WORKER_MEMORY_KEPT && pending.size === 0 && worker === own) {
          workersRenewed++;
          stopWorker();
        }
      } else waiting?.reject(new Error(data.error));
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
    worker = own;
  }
  clearTimeout(idle);
  const { thread, pending } = worker;
  const id = ++nextSolve;
  return new Promise<Plan>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.postMessage({ id, needs, candidates, shape, budgetMs } satisfies SolveRequest);
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

async function solveSomewhere(needs: Need[], candidates: Candidate[], shape: PlanShape = ONE_TERM): Promise<Plan> {
  if (!workersWork) return await solveOnLoop(needs, candidates, shape);
  try {
    return await solveInWorker(needs, candidates, shape);
  } catch (error) {
    if (error instanceof WorkerUnavailable) return await solveOnLoop(needs, candidates, shape);
    throw error;
  }
}

export type SolveQueue = {
  /** A plan for `student` (any key that tells students apart), in turn with the others'. */
  solve(needs: Need[], candidates: Candidate[], shape?: PlanShape, student?: string): Promise<Plan>;
  /** Plans being solved or waiting. */
  inFlight(): number;
  /** Plans solved so far. */
  solved(): number;
};

/**
 * One plan at a time through `solver`, fairly: of the plans waiting, the next
 * is that of the student who has had the fewest plans started since the
 * planner was last idle (the earliest asked among them), so a student's
 * second plan waits behind everyone else's first, however early it was
 * asked. Up to `maxWaiting` wait their turn; beyond them a plan is refused at
 * once (429, Retry-After).
 */
export function createSolveQueue(solver: Solver, maxWaiting = MAX_WAITING_PLANS): SolveQueue {
  let solving = false;
  let solved = 0;
  let asked = 0;
  const waiting: { student: string; asked: number; start: () => void }[] = [];
  /** Plans started per student since the planner was last idle. */
  const started = new Map<string, number>();
  const startNext = () => {
    if (!waiting.length) {
      solving = false;
      started.clear();
      return;
    }
    const turns = (student: string) => started.get(student) ?? 0;
    let next = 0;
    for (let i = 1; i < waiting.length; i++) {
      const a = waiting[i], b = waiting[next];
      if (turns(a.student) < turns(b.student) || (turns(a.student) === turns(b.student) && a.asked < b.asked)) next = i;
    }
    const [chosen] = waiting.splice(next, 1);
    chosen.start();
  };
  return {
    async solve(needs, candidates, shape, student = "") {
      if (solving) {
        if (waiting.length >= maxWaiting) throw tooManyRequests(PLANNER_BUSY, 2);
        await new Promise<void>((start) => waiting.push({ student, asked: asked++, start }));
      }
      solving = true;
      started.set(student, (started.get(student) ?? 0) + 1);
      try {
        const plan = await solver(needs, candidates, shape);
        solved++;
        return plan;
      } finally {
        startNext();
      }
    },
    inFlight: () => (solving ? 1 : 0) + waiting.length,
    solved: () => solved,
  };
}

/** This process's planner: every app in it shares one solver. */
export const planner = createSolveQueue(solveSomewhere);

/**
 * The fewest candidates that cover the needs, the best rated among those: through this process's queue, in turn with
 * other students' plans.
 */
export function solvePlan(
  needs: Need[],
  candidates: Candidate[],
  shape: PlanShape = ONE_TERM,
  student = "",
): Promise<Plan> {
  if (!needs.length) return Promise.resolve({ ids: [], placed: [], covered: true });
  return planner.solve(needs, candidates, shape, student);
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

/** The student as the planner weighs them: their college and Hub rules, and what they keep left out. */
type PlannerStudent = RuleStudent & { settings: PlannerSettings };

/**
 * What a plan is made from, read side by side in one round trip: the
 * student and their completed and future courses and reviews, Best Rating's
 * prior, and the figures that changed. Everything else comes from memory.
 */
type PlannerInputs = {
  catalog: Catalog;
  student: PlannerStudent;
  completed: number[];
  /** Completed, then future courses: what counts before the plan. */
  taken: number[];
  figures: PlannerFigures;
  prior: number;
  reviewed: Set<number>;
};

async function plannerInputs(db: Db, catalog: Catalog, userId: number, today = new Date()): Promise<PlannerInputs> {
  const [completed, future, read, prior, reviewed, [student]] = await Promise.all([
    completedIds(db, userId),
    db.select({ id: futureCourses.courseId }).from(futureCourses).where(eq(futureCourses.userId, userId)),
    figuresRead(db, catalog),
    ratingPrior(db),
    db.select({ id: reviews.courseId }).from(reviews).where(eq(reviews.userId, userId)),
    db.select({
      college: users.college,
      kilachand: users.kilachand,
      track: users.hubTrack,
      expectedGrad: users.expectedGrad,
      settings: users.plannerSettings,
    }).from(users).where(eq(users.id, userId)),
  ]);
  // Completed first, then future, each by code: the order Hub counting spends the cocurricular cap in.
  const byCode = (ids: number[]) =>
    ids.filter((id) => catalog.courses.has(id)).sort((a, b) =>
      catalog.courses.get(a)!.code.localeCompare(catalog.courses.get(b)!.code)
    );
  const taken = [...new Set([...byCode(completed), ...byCode(future.map((r) => r.id))])];
  const figures = applyFigures(db, catalog, read) ?? applyFigures(db, catalog, await figuresRead(db, catalog, true))!;
  return {
    catalog,
    student: {
      college: student?.college ?? "",
      kilachand: student?.kilachand ?? false,
      track: student?.track ?? "first-year",
      ...(student ? { standing: standingOf(student.expectedGrad, today) } : {}),
      settings: readPlannerSettings(student?.settings ?? null),
    },
    completed,
    taken,
    figures,
    prior,
    reviewed: new Set(reviewed.map((r) => r.id)),
  };
}

/** A course's Bayesian average: its Best Rating score, or the prior without reviews. */
function bayesianOf(inputs: PlannerInputs, id: number): number {
  const scored = inputs.figures.scored.get(id);
  return scored && scored.numReviews > 0 ? scored.score : inputs.prior;
}

/** What the taken courses count with, the cocurricular cap applied (completed courses first). */
function takenCounted(inputs: PlannerInputs) {
  const list = inputs.taken.map((id) => {
    const course = inputs.catalog.courses.get(id)!;
    return { hubUnits: course.hubs.map((hub) => hub.code), cocurricular: isCocurricular(course) };
  });
  return {
    units: countedUnits(list, inputs.student.track),
    cocurricularLeft: cocurricularLeft(list, inputs.student.track),
  };
}

/** The courses each course cannot count for credit with, both ways round ("cannot be taken for credit in addition to"). */
function exclusionsOf(catalog: Catalog): Map<number, Set<number>> {
  const known = catalog.derived.get("credit-exclusions") as Map<number, Set<number>> | undefined;
  if (known) return known;
  const pairs = new Map<number, Set<number>>();
  for (const course of catalog.courses.values()) {
    const ids = [...course.exclusions, ...course.namedInExclusions].flatMap((ref) =>
      ref.id === null || ref.id === course.id ? [] : [ref.id]
    );
    if (ids.length) pairs.set(course.id, new Set(ids));
  }
  catalog.derived.set("credit-exclusions", pairs);
  return pairs;
}

/** A plan in no term: the fewest courses overall, offerings not checked. */
const NO_TERM = { code: 0, name: "", scheduled: false };

/**
 * The terms a plan is laid over: from the student's choice, else the next term with a class schedule, else the next
 * term; one term with no code when neither a term nor a number of terms is asked for.
 */
export function planTerms(catalog: Catalog, options: Pick<HubPlanOptions, "term" | "terms">, today = new Date()) {
  if (options.term === null && options.terms === null) return [NO_TERM];
  const next = nextTerm(termOf(today));
  const first = options.term ?? catalog.terms.find((t) => t.code >= next && t.code % 10 !== 5)?.code ?? next;
  const codes = [first];
  while (codes.length < (options.terms ?? 1)) codes.push(nextTerm(codes.at(-1)!));
  return codes.map((code) => ({
    code,
    name: termName(code) ?? String(code),
    scheduled: catalog.terms.some((t) => t.code === code),
  }));
}

type PlanTerm = ReturnType<typeof planTerms>[number];

/** Why each course was left out of the pool, counted, for the plan's notes. */
type LeftOut = { reserved: number; credit: number; offered: number; prerequisites: number; chosen: number };

/**
 * The courses a plan may choose from: current, below 500, carrying a needed area, not completed or planned or set
 * aside, open to the student by the enrolment rules, not excluded for credit by a course they took, offered in some
 * term of the plan (or a term whose schedule is unknown); with `eligibleOnly`, after their prerequisites (met now, or
 * by a course the plan puts in an earlier term). By id.
 */
function candidatesFor(
  inputs: PlannerInputs,
  needs: Need[],
  options: Pick<HubPlanOptions, "eligibleOnly" | "exclude">,
  terms: readonly PlanTerm[],
  cocurricular: number,
): { candidates: Candidate[]; leftOut: LeftOut } {
  const codes = new Set(needs.flatMap((need) => need.codes));
  const { settings } = inputs.student;
  const unwanted = new Set([...inputs.taken, ...options.exclude, ...settings.courses]);
  const before = new Set(inputs.taken);
  const credit = exclusionsOf(inputs.catalog);
  const takenIds = new Set(inputs.taken);
  const leftOut: LeftOut = { reserved: 0, credit: 0, offered: 0, prerequisites: 0, chosen: 0 };
  const pool = new Map<number, { course: CatalogCourse; terms?: number[] }>();
  for (const course of inputs.catalog.courses.values()) {
    if (!course.current || course.numberValue >= BELOW_LEVEL || unwanted.has(course.id)) continue;
    if (!course.hubs.some((hub) => codes.has(hub.code))) continue;
    if (
      settings.departments.includes(`${course.college} ${course.department}`) ||
      settings.levels.includes(Math.floor(course.numberValue / 100) * 100)
    ) {
      leftOut.chosen++;
      continue;
    }
    const limits = enrolmentLimits(
      { ...course, description: inputs.figures.descriptions.get(course.id) },
      inputs.student,
      { takenIds, cocurricularLeft: cocurricular },
    );
    if (limits.some((l) => l.kind === "rule" || l.kind === "catalog" || l.kind === "standing")) {
      leftOut.reserved++;
      continue;
    }
    if ([...(credit.get(course.id) ?? [])].some((id) => takenIds.has(id))) {
      leftOut.credit++;
      continue;
    }
    const offered = terms.flatMap((term, t) =>
      !term.scheduled || course.offerings.some((o) => o.term === term.code) ? [t] : []
    );
    if (!offered.length) {
      leftOut.offered++;
      continue;
    }
    if (options.eligibleOnly && course.parsed.conditions && !course.noPreReqs) {
      leftOut.prerequisites++;
      continue;
    }
    pool.set(course.id, { course, terms: offered.length === terms.length ? undefined : offered });
  }
  // Prerequisites: a group met before the plan is done with; the others need a course of the pool in an earlier term.
  // Dropping a course can leave another's group empty, so this runs until nothing changes.
  const open = new Map<number, number[][]>();
  let changed = options.eligibleOnly;
  while (changed) {
    changed = false;
    for (const [id, { course }] of pool) {
      if (course.noPreReqs) continue;
      const groups: number[][] = [];
      let possible = course.prerequisiteGroups.length > 0;
      for (const group of course.prerequisiteGroups) {
        if (group.some((ref) => ref.id !== null && before.has(ref.id))) continue;
        const inPlan = group.flatMap((ref) => ref.id !== null && ref.id !== id && pool.has(ref.id) ? [ref.id] : []);
        if (!inPlan.length || terms.length === 1) possible = false;
        groups.push(inPlan);
      }
      if (!possible) {
        pool.delete(id);
        open.delete(id);
        leftOut.prerequisites++;
        changed = true;
      } else if (groups.length) open.set(id, groups);
    }
  }
  const candidates: Candidate[] = [];
  for (const [id, { course, terms: offered }] of pool) {
    const scored = inputs.figures.scored.get(id);
    candidates.push({
      id,
      units: course.hubs.map((hub) => hub.code),
      score: planScore(bayesianOf(inputs, id), scored?.numReviews ?? 0),
      ...(offered ? { terms: offered } : {}),
      ...(open.get(id)?.length ? { after: open.get(id) } : {}),
      ...(isCocurricular(course) ? { cocurricular: true } : {}),
    });
  }
  return { candidates: candidates.sort((a, b) => a.id - b.id), leftOut };
}

/** The pairs of candidates that cannot both count for credit. */
function apartPairs(catalog: Catalog, candidates: readonly Candidate[]): [number, number][] {
  const ids = new Set(candidates.map((c) => c.id));
  const credit = exclusionsOf(catalog);
  const pairs: [number, number][] = [];
  for (const c of candidates) {
    for (const other of credit.get(c.id) ?? []) if (other > c.id && ids.has(other)) pairs.push([c.id, other]);
  }
  return pairs;
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

/** Everything a plan depends on: the catalog, the figures, the student, their lists, the options and the week to fit. */
function planKey(inputs: PlannerInputs, options: HubPlanOptions, terms: readonly PlanTerm[], week: string): string {
  const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b).join(",");
  const { student } = inputs;
  return [
    inputs.catalog.version,
    inputs.figures.stamp,
    inputs.prior,
    inputs.taken.join(","),
    sorted(inputs.completed),
    options.eligibleOnly ? 1 : 0,
    sorted(new Set(options.exclude)),
    terms.map((t) => t.code).join(","),
    terms[0] === NO_TERM ? "" : options.perTerm,
    student.college,
    student.standing ?? "",
    student.kilachand ? 1 : 0,
    student.track,
    JSON.stringify(student.settings),
    week,
  ].join("|");
}

async function planFor(
  db: Db,
  key: string,
  needs: Need[],
  candidates: Candidate[],
  shape: PlanShape,
  student: string,
): Promise<Plan> {
  let plans = plansOf.get(db);
  if (!plans) plansOf.set(db, plans = new LRUCache({ max: PLANS_KEPT }));
  const kept = plans.get(key);
  if (kept) return kept;
  const plan = await solvePlan(needs, candidates, shape, student);
  plans.set(key, plan);
  return plan;
}

/** "covers IIC, GCI, WIN", "4.1 from 41 reviews", "after CAS WR 120", "A1 + A2: Tue, Thu 11:00 AM–12:15 PM". */
function reasonsFor(
  inputs: PlannerInputs,
  view: CourseView,
  covers: string[],
  placed: { term: number; option: PlanOption | null },
  terms: readonly PlanTerm[],
  plannedBefore: string[],
  today: Date,
): string[] {
  const course = inputs.catalog.courses.get(view.id)!;
  const term = terms[placed.term];
  const reasons = [`covers ${covers.join(", ")}`];
  reasons.push(
    view.numReviews > 0
      ? `${view.averageOverallRating.toFixed(1)} from ${plural(view.numReviews, "review")}`
      : "no reviews yet",
  );
  if (plannedBefore.length) reasons.push(`after ${plannedBefore.join(", ")}`);
  else if (!course.noPreReqs && course.prerequisiteGroups.length) reasons.push("prerequisites met");
  if (placed.option) reasons.push(`${placed.option.sections}: ${placed.option.times}`);
  else if (term === NO_TERM) {
    const soonest = course.offerings.find((o) =>
      o.term >= termOf(today) && inputs.catalog.terms.some((t) => t.code === o.term)
    );
    const name = soonest && inputs.catalog.terms.find((t) => t.code === soonest.term)?.name;
    if (name) reasons.push(`offered ${name}`);
  } else if (term.scheduled) {
    const sections = course.offerings.find((o) => o.term === term.code)?.sections ?? 0;
    reasons.push(`offered ${term.name}, ${plural(sections, "section")}`);
  }
  return reasons;
}

/** The plan for a student: what they still need, the courses by term, and whether they cover it all. */
export function hubPlanFor(
  db: Db,
  userId: number,
  options: HubPlanOptions,
  today = new Date(),
): Promise<HubPlanView> {
  return withCatalog(db, async (catalog) => {
    const inputs = await plannerInputs(db, catalog, userId, today);
    const counted = takenCounted(inputs);
    const needs = remainingNeeds(counted.units, inputs.student.track);
    const terms = planTerms(catalog, options, today);
    const remaining = needs.map((need) => ({ code: need.code, units: need.units }));
    const inNoTerm = terms[0] === NO_TERM;
    const base = {
      track: inputs.student.track,
      terms: inNoTerm ? [] : terms.map(({ code, name, scheduled }) => ({ code, name, scheduled })),
      settings: leftOutView(inputs),
    };
    if (!needs.length) {
      return { ...base, remaining, courses: [], covered: true, exact: true, notes: [], week: null };
    }
    const { candidates, leftOut } = candidatesFor(inputs, needs, options, terms, counted.cocurricularLeft);
    let week: WeekToFit | null = null;
    if (options.fitsWeek && terms[0].scheduled) {
      const inFirst = candidates.filter((c) => !c.terms || c.terms.includes(0)).map((c) => c.id);
      week = await choicesFittingWeek(db, userId, terms[0].code, inFirst, options.schedule);
      for (const c of candidates) if (!c.terms || c.terms.includes(0)) c.options = week.choices.get(c.id) ?? [];
    }
    const shape: PlanShape = {
      terms: terms.length,
      // A plan in no term is the fewest courses overall: no term to hold them.
      perTerm: inNoTerm ? null : options.perTerm,
      cocurricularLeft: counted.cocurricularLeft,
      apart: apartPairs(catalog, candidates),
    };
    const weekKey = week
      // The choices' times too: an import that moves a section keeps its id.
      ? JSON.stringify([
        week.version,
        [...week.choices].map(([id, list]) => [id, list.map((o) => [o.key, o.meetings])]),
      ])
      : "";
    const plan = await planFor(db, planKey(inputs, options, terms, weekKey), needs, candidates, shape, `${userId}`);
    const byId = new Map(candidates.map((c) => [c.id, c]));
    const termOfId = new Map(plan.placed.map((p) => [p.id, p.term]));
    const chosen = plan.placed.map((placed) => {
      const candidate = byId.get(placed.id);
      const covers = coveredCodes(candidate?.units ?? [], needs);
      const option = placed.option ? week?.choices.get(placed.id)?.find((o) => o.key === placed.option) ?? null : null;
      const before = (candidate?.after ?? []).map((group) => {
        const first = group.find((id) => (termOfId.get(id) ?? Infinity) < placed.term);
        return first === undefined ? "" : inputs.catalog.courses.get(first)!.code;
      }).filter(Boolean);
      const view = viewIn(inputs, placed.id);
      return {
        ...view,
        covers,
        term: inNoTerm ? null : terms[placed.term].code,
        section: option
          ? { sections: option.sections, times: option.times, ids: option.key.split("+").map(Number) }
          : null,
        after: before,
        why: reasonsFor(inputs, view, covers, { term: placed.term, option }, terms, before, today),
      };
    }).sort((a, b) =>
      // By term, then most units, then reviewed and best rated.
      (a.term ?? 0) - (b.term ?? 0) || b.covers.length - a.covers.length || b.numReviews - a.numReviews ||
      b.averageOverallRating - a.averageOverallRating || a.code.localeCompare(b.code)
    );
    return {
      ...base,
      remaining,
      courses: await withSoonestOfferings(db, chosen, today),
      covered: plan.covered,
      exact: !plan.budgetReached,
      notes: [...(plan.budgetReached ? [budgetNote(plan, terms)] : []), ...planNotes(terms, leftOut, options, week)],
      week: week ? { version: week.version } : null,
    };
  });
}

/** What the student keeps left out, with course codes for the page. */
function leftOutView(inputs: PlannerInputs) {
  const { settings } = inputs.student;
  return {
    departments: settings.departments,
    levels: settings.levels,
    courses: settings.courses.flatMap((id) => {
      const course = inputs.catalog.courses.get(id);
      return course ? [{ id, code: course.code }] : [];
    }),
  };
}

/** What a plan whose time ran out says of itself. */
function budgetNote(plan: Plan, terms: readonly PlanTerm[]): string {
  const fewer = terms.length > 1 ? " Planning fewer terms at once gives an exact plan sooner." : "";
  return plan.ids.length
    ? `This is the best plan found in the time a plan may take: one with fewer or better-rated courses may exist.${fewer}`
    : `No plan was found in the time a plan may take.${fewer}`;
}

/** What the student should know about the plan's inputs: unknown schedules, and what was left out and why. */
function planNotes(terms: readonly PlanTerm[], leftOut: LeftOut, options: HubPlanOptions, week: WeekToFit | null) {
  const notes: string[] = [];
  const unknown = terms.filter((t) => !t.scheduled && t !== NO_TERM).map((t) => t.name);
  if (unknown.length) {
    notes.push(
      `The class schedule for ${unknown.join(", ")} is not out yet: courses there are not checked against it.`,
    );
  }
  if (options.fitsWeek && terms[0] === NO_TERM) {
    notes.push("Choose a term to plan for, and the plan can fit your week there.");
  } else if (options.fitsWeek && !terms[0].scheduled) {
    notes.push(`No ${terms[0].name} sections are known yet, so the plan cannot fit your week.`);
  } else if (week && !week.version) {
    notes.push(
      options.schedule !== null
        ? `That schedule is not one of your ${terms[0].name} plans: sections are chosen to fit an empty week.`
        : `You have no ${terms[0].name} schedule yet: sections are chosen to fit an empty week.`,
    );
  }
  if (leftOut.reserved) {
    notes.push(
      `${plural(leftOut.reserved, "course")} not open to you left out (reserved to other schools, levels or years).`,
    );
  }
  if (leftOut.credit) notes.push(`${plural(leftOut.credit, "course")} that cannot count with yours left out.`);
  if (leftOut.offered) notes.push(`${plural(leftOut.offered, "course")} not offered in these terms left out.`);
  if (leftOut.prerequisites) {
    notes.push(
      `${plural(leftOut.prerequisites, "course")} whose prerequisites you have not met${
        terms.length > 1 ? " (nor would in these terms)" : ""
      } left out.`,
    );
  }
  if (leftOut.chosen) notes.push(`${plural(leftOut.chosen, "course")} in departments or levels you left out.`);
  return notes;
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
 * number of remaining requirements they count toward, then reviewed first and
 * by rating (the Bayesian average); current, below 500, open to the student,
 * not completed or planned, any prerequisites.
 */
export function multiUnitCourses(db: Db, userId: number, limit = 6): Promise<MultiUnitCourse[]> {
  return withCatalog(db, async (catalog) => {
    const inputs = await plannerInputs(db, catalog, userId);
    const counted = takenCounted(inputs);
    const needs = remainingNeeds(counted.units, inputs.student.track);
    if (!needs.length) return [];
    const terms = [{ code: 0, name: "", scheduled: false }];
    const { candidates } = candidatesFor(
      inputs,
      needs,
      { eligibleOnly: false, exclude: [] },
      terms,
      counted.cocurricularLeft,
    );
    const ranked = candidates.map((c) => ({ ...c, covers: coveredCodes(c.units, needs) }))
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
