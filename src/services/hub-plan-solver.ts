/**
 * The Hub planner: for the units a student still needs after their completed
 * and future courses, the fewest courses that cover them, the best rated
 * among sets of that size (docs/product.md, Hub planner). The model is
 * src/lib/hub-plan.ts; HiGHS (the `highs` package, WebAssembly) solves it.
 */
import highsModule, { type Highs } from "highs";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { courses, futureCourses, reviews } from "../../db/schema.ts";
import type { CourseView, HubPlanView } from "../lib/api-types.ts";
import { type Candidate, coveredCodes, type Need, needsMet, type Plan, planProgram, readPlan, remainingNeeds, undominated } from "../lib/hub-plan.ts";
import { type Catalog, type CatalogCourse, withCatalog } from "./catalog-cache.ts";
import { completedIds, type CourseFigures, courseView, figureColumns } from "./course-queries.ts";
import { ratingPrior } from "./course-stats.ts";

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

/**
 * What a plan is made from, read side by side in one round trip: the
 * student's completed and future courses, the figures and Bayesian scores of
 * the reviewed courses a plan may hold (a course without reviews scores the
 * prior), and which courses the student reviewed. Everything else comes from the catalog in
 * memory.
 */
type PlannerInputs = {
  catalog: Catalog;
  completed: number[];
  taken: number[];
  figures: Map<number, CourseFigures & { score: number }>;
  prior: number;
  reviewed: Set<number>;
};

async function plannerInputs(db: Db, catalog: Catalog, userId: number): Promise<PlannerInputs> {
  const [completed, future, rated, unrated, reviewed] = await Promise.all([
    completedIds(db, userId),
    db.select({ id: futureCourses.courseId }).from(futureCourses).where(eq(futureCourses.userId, userId)),
    // Only the courses a plan may hold (current, below 500, with a Hub unit) that have reviews: a few numbers each.
    db.select({ ...figureColumns(), score: courses.ratingScore }).from(courses).where(
      and(
        gt(courses.numReviews, 0),
        eq(courses.current, true),
        lt(courses.numberValue, BELOW_LEVEL),
        sql`EXISTS (SELECT 1 FROM course_hub_units h WHERE h.course_id = courses.id)`,
      ),
    ),
    ratingPrior(db),
    db.select({ id: reviews.courseId }).from(reviews).where(eq(reviews.userId, userId)),
  ]);
  const taken = [...new Set([...completed, ...future.map((r) => r.id)])].filter((id) => catalog.courses.has(id));
  return {
    catalog,
    completed,
    taken,
    figures: new Map(rated.map((row) => [row.id, { ...row, score: Number(row.score) }])),
    prior: unrated,
    reviewed: new Set(reviewed.map((r) => r.id)),
  };
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
    candidates.push({ id: course.id, units: course.hubs.map((hub) => hub.code), score: inputs.figures.get(course.id)?.score ?? inputs.prior });
  }
  return candidates.sort((a, b) => a.id - b.id);
}

/** A course's view from the planner's inputs: a course without reviews has zero figures. */
function viewIn(inputs: PlannerInputs, id: number): CourseView {
  const figures = inputs.figures.get(id) ?? {
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
  return courseView(inputs.catalog.courses.get(id)!, { ...figures, reviewed: inputs.reviewed.has(id) });
}

/** The plan for a student: what they still need, the courses, and whether they cover it all. */
export function hubPlanFor(db: Db, userId: number, options: HubPlanOptions): Promise<HubPlanView> {
  return withCatalog(db, async (catalog) => {
    const inputs = await plannerInputs(db, catalog, userId);
    const needs = remainingNeeds(takenUnits(inputs));
    const remaining = needs.map((need) => ({ code: need.code, units: need.units }));
    if (!needs.length) return { remaining, courses: [], covered: true };
    const candidates = candidatesFor(inputs, needs, options);
    const plan = await solvePlan(needs, candidates);
    const unitsOf = new Map(candidates.map((c) => [c.id, c.units]));
    const chosen = plan.ids.map((id) => ({ ...viewIn(inputs, id), covers: coveredCodes(unitsOf.get(id) ?? [], needs) }))
      // Most units first, then the best rated.
      .sort((a, b) => b.covers.length - a.covers.length || b.averageOverallRating - a.averageOverallRating || a.code.localeCompare(b.code));
    return { remaining, courses: chosen, covered: plan.covered };
  });
}

export type MultiUnitCourse = { id: number; code: string; title: string; covers: string[]; rating: number; numReviews: number };

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
    const ranked = candidatesFor(inputs, needs, { eligibleOnly: false, exclude: [] }).map((c) => ({ ...c, covers: coveredCodes(c.units, needs) }))
      .filter((c) => needsMet(c.units, needs).length >= 2)
      .sort((a, b) => needsMet(b.units, needs).length - needsMet(a.units, needs).length || b.score - a.score || a.id - b.id)
      .slice(0, limit);
    return ranked.map((c) => {
      const view = viewIn(inputs, c.id);
      return { id: c.id, code: view.code, title: view.title, covers: c.covers, rating: view.averageOverallRating, numReviews: view.numReviews };
    });
  });
}
