/**
 * The real BU catalog plus deterministic synthetic reviews, loaded into a test
 * app, and an in-memory model of the same data that tests compute their
 * expectations from (never from the database).
 */
import { reviewKeys } from "../../src/services/courses/course-summary.ts";
import { prerequisiteTextIn } from "../../src/lib/description-prerequisites.ts";
import { parsePrerequisites } from "../../src/lib/prerequisite-parser.ts";
import { mulberry32, randomInt, shuffled } from "./random.ts";
import { and, eq, inArray } from "drizzle-orm";
import { courses, reviews, users } from "../../db/schema.ts";
import { recomputeCourseStats } from "../../src/services/courses/course-stats.ts";
import { importCourses } from "../../src/services/catalog/catalog.ts";
import type { TestApp } from "./app.ts";

/** The 9,789-course catalog; read at test time, never copied into the repository. */
export const BU_COURSES_URL = new URL("../../../shared/data/bu/bu_courses.json", import.meta.url);

export type CatalogRow = {
  college: string;
  department: string;
  number: string;
  title: string;
  description?: string | null;
  prerequisites?: string | null;
  has_prerequisites?: boolean;
  hub_units?: string[];
  in_recent_catalog?: boolean;
};

export type ModelReview = {
  usefulness: number;
  difficulty: number;
  workload: number;
  interest: number;
  teacher: number;
  /** Hidden reviews (as after three reports) do not count in any average. */
  hidden: boolean;
  /** Index into the model's reviewers. */
  reviewer: number;
};

/** Sums over the visible reviews; averages are sum / n (overall: overall5 / (5 n)), so comparisons can be exact. */
export type ModelStats = {
  n: number;
  overall5: number;
  usefulness: number;
  difficulty: number;
  workload: number;
  interest: number;
  teacher: number;
};

export type ModelCourse = {
  college: string;
  department: string;
  number: string;
  /** Numeric part of the number: "120S" → 120. */
  numberValue: number;
  /** "CAS CS 111". */
  code: string;
  title: string;
  description: string | null;
  prerequisites: string | null;
  noPreReqs: boolean;
  hubs: Set<string>;
  /** In BU's recent catalog (a row that does not say counts as current). */
  current: boolean;
  reviews: ModelReview[];
  stats: ModelStats;
};

export type CatalogModel = {
  courses: ModelCourse[];
  byCode: Map<string, ModelCourse>;
  reviewers: number;
  /** The courses that got synthetic reviews. */
  reviewed: ModelCourse[];
};

export async function readBuCatalog(): Promise<CatalogRow[]> {
  return JSON.parse(await Deno.readTextFile(BU_COURSES_URL));
}

/** The catalog as the product should see it: trimmed text, empty text as null, duplicate Hub units once. */
export function modelCourse(row: CatalogRow): ModelCourse {
  const college = row.college.trim();
  const department = row.department.trim();
  const number = row.number.trim();
  const title = row.title.trim();
  const prerequisites = row.prerequisites?.trim() || null;
  const match = /^\d+/.exec(number);
  return {
    college,
    department,
    number,
    numberValue: match ? Number(match[0]) : 0,
    code: `${college} ${department} ${number}`,
    title,
    description: row.description?.trim() || null,
    prerequisites,
    noPreReqs: !(row.has_prerequisites ?? prerequisites !== null),
    hubs: new Set(row.hub_units ?? []),
    current: row.in_recent_catalog ?? true,
    reviews: [],
    stats: { n: 0, overall5: 0, usefulness: 0, difficulty: 0, workload: 0, interest: 0, teacher: 0 },
  };
}

/** overall = ((6 - difficulty) + (6 - workload) + interest + usefulness + teacher) / 5; this is 5 × overall. */
export function overall5(r: Omit<ModelReview, "hidden" | "reviewer">): number {
  return (6 - r.difficulty) + (6 - r.workload) + r.interest + r.usefulness + r.teacher;
}

function statsOf(list: ModelReview[]): ModelStats {
  const visible = list.filter((r) => !r.hidden);
  const sum = (pick: (r: ModelReview) => number) => visible.reduce((total, r) => total + pick(r), 0);
  return {
    n: visible.length,
    overall5: sum(overall5),
    usefulness: sum((r) => r.usefulness),
    difficulty: sum((r) => r.difficulty),
    workload: sum((r) => r.workload),
    interest: sum((r) => r.interest),
    teacher: sum((r) => r.teacher),
  };
}

/**
 * Builds the model: every catalog row, and synthetic reviews on a seeded
 * pseudo-random subset of courses (half of them among courses with Hub units,
 * so Hub and rating filters meet), 1-8 reviews each, about 5% hidden.
 */
export function buildModel(
  rows: CatalogRow[],
  options: { seed?: number; reviewedCourses?: number; reviewers?: number } = {},
): CatalogModel {
  const { seed = 20250820, reviewedCourses = 400, reviewers = 60 } = options;
  const rng = mulberry32(seed);
  const list = rows.map(modelCourse);
  const byCode = new Map(list.map((c) => [c.code, c]));
  if (byCode.size !== list.length) throw new Error("the catalog has duplicate course codes");
  // A course whose prerequisite field is empty but whose description states prerequisites (courses or conditions)
  // has them (docs/product.md, Prerequisites; tests/unit/description-prerequisites.test.ts checks the reading).
  const colleges = new Set(list.map((c) => c.college));
  const codes = new Set(byCode.keys());
  for (const course of list) {
    if (course.prerequisites !== null || !course.noPreReqs) continue;
    const text = prerequisiteTextIn(course.description);
    const parsed = text ? parsePrerequisites(text, course.college, colleges, codes) : null;
    if (parsed && (parsed.groups.length > 0 || parsed.conditions)) course.noPreReqs = false;
  }

  const withHubs = shuffled(rng, list.filter((c) => c.hubs.size > 0)).slice(0, reviewedCourses / 2);
  const chosen = new Set(withHubs);
  for (const course of shuffled(rng, list)) {
    if (chosen.size >= reviewedCourses) break;
    chosen.add(course);
  }
  const reviewed = [...chosen];
  const clamp = (value: number) => Math.min(5, Math.max(1, Math.round(value)));
  for (const course of reviewed) {
    // A per-course tendency, so averages spread from poor to excellent.
    const quality = 1 + rng() * 4;
    const hardness = 1 + rng() * 4;
    const people = shuffled(rng, Array.from({ length: reviewers }, (_, i) => i)).slice(0, randomInt(rng, 1, 8));
    for (const reviewer of people) {
      const noise = () => (rng() - 0.5) * 2.5;
      course.reviews.push({
        usefulness: clamp(quality + noise()),
        difficulty: clamp(hardness + noise()),
        workload: clamp(hardness + noise()),
        interest: clamp(quality + noise()),
        teacher: clamp(quality + noise()),
        hidden: rng() < 0.05,
        reviewer,
      });
    }
    course.stats = statsOf(course.reviews);
  }
  return { courses: list, byCode, reviewers, reviewed };
}

/**
 * Imports the rows into the app's database, creates the reviewers and inserts the
 * model's reviews, then recomputes the course stats. Returns the course id of every code.
 */
export async function loadModelIntoApp(
  t: TestApp,
  rows: CatalogRow[],
  model: CatalogModel,
): Promise<Map<string, number>> {
  const database = t.deps.database;
  const report = await importCourses(database, rows);
  if (report.skipped.length) throw new Error(`catalog rows skipped: ${JSON.stringify(report.skipped.slice(0, 3))}`);
  if (report.loaded !== model.courses.length) {
    throw new Error(`loaded ${report.loaded} of ${model.courses.length} courses`);
  }

  const idByCode = new Map<string, number>();
  for (
    const row of await database.db.select({
      id: courses.id,
      college: courses.college,
      department: courses.department,
      number: courses.number,
    }).from(courses)
  ) {
    idByCode.set(`${row.college} ${row.department} ${row.number}`, row.id);
  }

  const userIds = (await database.db.insert(users).values(
    Array.from({ length: model.reviewers }, (_, i) => ({
      email: `reviewer${i}@bu.edu`,
      passwordHash: "not-a-password-hash",
      enabled: true,
      college: "CAS",
      major: "Undecided",
      expectedGrad: 2027,
    })),
  ).returning({ id: users.id })).map((u) => u.id);

  const values = model.reviewed.flatMap((course) =>
    course.reviews.map((r, i) => ({
      courseId: idByCode.get(course.code)!,
      userId: userIds[r.reviewer],
      overallRating: overall5(r) / 5,
      usefulnessRating: r.usefulness,
      difficultyRating: r.difficulty,
      workloadRating: r.workload,
      interestRating: r.interest,
      teacherRating: r.teacher,
      teacherName: `Professor ${String.fromCharCode(65 + (i % 26))}`,
      semester: "Fall 2024",
      ...reviewKeys(idByCode.get(course.code)!, {
        teacherName: `Professor ${String.fromCharCode(65 + (i % 26))}`,
        semester: "Fall 2024",
      }),
      hoursPerWeek: 2 + i,
      attendanceRequired: i % 2 === 0,
      assignmentTypes: "Exams, Problem sets",
      reviewText: "A synthetic review for search tests.",
      hidden: r.hidden,
    }))
  );
  const courseIds = model.reviewed.map((c) => idByCode.get(c.code)!);
  await database.write(async (tx) => {
    for (let i = 0; i < values.length; i += 200) await tx.insert(reviews).values(values.slice(i, i + 200));
    await recomputeCourseStats(tx, courseIds);
  });
  const inserted = await database.db.$count(reviews, inArray(reviews.courseId, courseIds));
  if (inserted !== values.length) throw new Error(`inserted ${inserted} of ${values.length} reviews`);
  return idByCode;
}

/** The database id of a course given as "CAS CS 111". */
export async function courseId(t: TestApp, code: string): Promise<number> {
  const [college, department, number] = code.split(" ");
  const [row] = await t.deps.database.db.select({ id: courses.id }).from(courses)
    .where(and(eq(courses.college, college), eq(courses.department, department), eq(courses.number, number)));
  if (!row) throw new Error(`no course ${code} in the test catalog`);
  return row.id;
}
