/**
 * The Hub planner: for the units a student still needs after their completed
 * and future courses, the fewest courses that cover them, the best rated
 * among sets of that size (docs/product.md, Hub planner). The model is
 * src/lib/hub-plan.ts; HiGHS (the `highs` package, WebAssembly) solves it.
 */
import highsModule, { type Highs } from "highs";
import { and, eq, inArray, lt, notInArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { courseHubUnits, courses } from "../../db/schema.ts";
import type { HubPlanView } from "../lib/api-types.ts";
import { type Candidate, coveredCodes, type Need, needsMet, type Plan, planProgram, readPlan, remainingNeeds, undominated } from "../lib/hub-plan.ts";
import { prerequisitesMetBy } from "./course-prerequisites.ts";
import { bayesianAverage, coursesByIds } from "./course-queries.ts";

export type HubPlanOptions = {
  /** Only courses whose prerequisites the student has met, or that have none (the default). */
  eligibleOnly: boolean;
  /** Courses the student does not want (Swap). */
  exclude: number[];
};

/** Graduate courses are not Hub courses a student plans: the plan keeps to numbers below this. */
const BELOW_LEVEL = 500;

/** The package is CommonJS: its default export is the loader, which its types describe as the module. */
const highsLoader = highsModule as unknown as () => Promise<Highs>;
let solver: Promise<Highs> | null = null;

/** The solver, loaded once per process (about 150 ms the first time). */
function highs(): Promise<Highs> {
  solver ??= highsLoader().catch((error: unknown) => {
    solver = null;
    throw error;
  });
  return solver!;
}

/** The fewest candidates that cover the needs, the best rated among those (src/lib/hub-plan.ts), solved by HiGHS. */
export async function solvePlan(needs: Need[], candidates: Candidate[]): Promise<Plan> {
  if (!needs.length) return { ids: [], covered: true };
  // Only the candidates that can be in a best plan go to the solver: the program stays small, the answer the same.
  const useful = undominated(needs, candidates);
  const solver = await highs();
  const solve = (program: string) => {
    const result = solver.solve(program);
    const values = new Map(Object.entries(result.Columns).map(([name, column]) => [name, (column as { Primal?: number }).Primal ?? 0]));
    return readPlan(needs, useful, { status: result.Status, values });
  };
  // First the fewest courses (and uncovered units), then the best rated plan of that size.
  const sized = solve(planProgram(needs, useful, { size: true }));
  if (!sized.ids.length) return { ids: [], covered: sized.covered };
  const rated = solve(planProgram(needs, useful, { courses: sized.ids.length, uncovered: sized.uncovered }));
  return { ids: rated.ids, covered: rated.covered };
}

async function takenUnits(db: Db, userId: number): Promise<{ ids: number[]; units: string[][] }> {
  const rows = await db.select({ id: courses.id, hub: courseHubUnits.hubCode }).from(courses)
    .leftJoin(courseHubUnits, eq(courseHubUnits.courseId, courses.id))
    .where(sql`${courses.id} IN (SELECT course_id FROM completed_courses WHERE user_id = ${userId}
      UNION SELECT course_id FROM future_courses WHERE user_id = ${userId})`);
  const byCourse = new Map<number, string[]>();
  for (const row of rows) {
    const units = byCourse.get(row.id) ?? [];
    if (row.hub) units.push(row.hub);
    byCourse.set(row.id, units);
  }
  return { ids: [...byCourse.keys()], units: [...byCourse.values()] };
}

/** The courses a plan may choose from: current, below 500, not completed or planned or excluded, carrying a needed area. */
async function candidatesFor(db: Db, userId: number, needs: Need[], options: HubPlanOptions, taken: number[]): Promise<Candidate[]> {
  const codes = needs.flatMap((need) => need.codes);
  const conditions: SQL[] = [
    eq(courses.current, true),
    lt(courses.numberValue, BELOW_LEVEL),
    inArray(courses.id, db.select({ id: courseHubUnits.courseId }).from(courseHubUnits).where(inArray(courseHubUnits.hubCode, codes))),
  ];
  const unwanted = [...taken, ...options.exclude];
  if (unwanted.length) conditions.push(notInArray(courses.id, unwanted));
  if (options.eligibleOnly) conditions.push(prerequisitesMetBy(userId));
  const rows = await db.select({ id: courses.id, score: bayesianAverage, hub: courseHubUnits.hubCode }).from(courses)
    .innerJoin(courseHubUnits, eq(courseHubUnits.courseId, courses.id))
    .where(and(...conditions))
    .orderBy(courses.id);
  const byId = new Map<number, { id: number; units: string[]; score: number }>();
  for (const row of rows) {
    const candidate = byId.get(row.id) ?? { id: row.id, units: [], score: Number(row.score) };
    candidate.units.push(row.hub);
    byId.set(row.id, candidate);
  }
  return [...byId.values()];
}

/** The plan for a student: what they still need, the courses, and whether they cover it all. */
export async function hubPlanFor(db: Db, userId: number, options: HubPlanOptions): Promise<HubPlanView> {
  const taken = await takenUnits(db, userId);
  const needs = remainingNeeds(taken.units);
  const remaining = needs.map((need) => ({ code: need.code, units: need.units }));
  if (!needs.length) return { remaining, courses: [], covered: true };
  const candidates = await candidatesFor(db, userId, needs, options, taken.ids);
  const plan = await solvePlan(needs, candidates);
  const unitsOf = new Map(candidates.map((c) => [c.id, c.units]));
  const views = await coursesByIds(db, plan.ids, userId);
  const chosen = views.map((course) => ({ ...course, covers: coveredCodes(unitsOf.get(course.id) ?? [], needs) }))
    // Most units first, then the best rated.
    .sort((a, b) => b.covers.length - a.covers.length || b.averageOverallRating - a.averageOverallRating || a.code.localeCompare(b.code));
  return { remaining, courses: chosen, covered: plan.covered };
}

export type MultiUnitCourse = { id: number; code: string; title: string; covers: string[]; rating: number; numReviews: number };

/**
 * Courses that cover several of the student's remaining units at once: by the
 * number of remaining requirements they count toward, then by rating (the
 * Bayesian average); current, below 500, not completed or planned, any
 * prerequisites.
 */
export async function multiUnitCourses(db: Db, userId: number, limit = 6): Promise<MultiUnitCourse[]> {
  const taken = await takenUnits(db, userId);
  const needs = remainingNeeds(taken.units);
  if (!needs.length) return [];
  const candidates = await candidatesFor(db, userId, needs, { eligibleOnly: false, exclude: [] }, taken.ids);
  const ranked = candidates.map((c) => ({ ...c, covers: coveredCodes(c.units, needs) }))
    .filter((c) => needsMet(c.units, needs).length >= 2)
    .sort((a, b) => needsMet(b.units, needs).length - needsMet(a.units, needs).length || b.score - a.score || a.id - b.id)
    .slice(0, limit);
  const views = new Map((await coursesByIds(db, ranked.map((c) => c.id))).map((v) => [v.id, v]));
  return ranked.flatMap((c) => {
    const view = views.get(c.id);
    return view ? [{ id: c.id, code: view.code, title: view.title, covers: c.covers, rating: view.averageOverallRating, numReviews: view.numReviews }] : [];
  });
}
