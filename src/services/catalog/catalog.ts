/**
 * The course catalog: reference data (colleges, majors, Hub areas), the demo
 * catalog for a fresh start, and the import of catalog files.
 */
import { count, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { createHash } from "node:crypto";
import type { Database, Db } from "../../../db/client.ts";
import type { ReferenceData } from "../../../db/seeds/reference.ts";
import { appSettings, colleges, courses, courseTexts, departments, hubAreas, majors } from "../../../db/schema.ts";
import { courseCode, numberValue } from "../../lib/course-code.ts";
import { HUB_AREAS, HUB_CODES } from "../../lib/hub-areas.ts";
import { ensureSearchPostings } from "../search/search-descriptions.ts";
import { ensureCatalogSnapshot, raiseCatalogVersion } from "./catalog-cache.ts";
import { linkPrerequisites, type PrerequisiteCoverage } from "../courses/course-prerequisites.ts";
import { chunks } from "../../lib/chunks.ts";

export const UNDECIDED = "Undecided";

/** One course in the catalog file shape (the shape of bu_courses.json); other fields are ignored. */
export const catalogCourseSchema = z.object({
  college: z.string().trim().regex(/^[A-Z]{2,4}$/, "college must be 2-4 capital letters"),
  department: z.string().trim().regex(/^[A-Z]{1,4}$/, "department must be 1-4 capital letters"),
  number: z.string().trim().regex(/^\d{1,4}[A-Z]?$/, "number must be digits with an optional letter suffix"),
  title: z.string().trim().min(1, "title is empty").max(300, "title is longer than 300 characters"),
  description: z.string().trim().max(10_000, "description is longer than 10,000 characters").nullish(),
  prerequisites: z.string().trim().max(5_000, "prerequisites are longer than 5,000 characters").nullish(),
  has_prerequisites: z.boolean().optional(),
  in_recent_catalog: z.boolean().optional(),
  hub_units: z.array(
    z.string().refine((code) => HUB_CODES.has(code), {
      error: (issue) => `unknown Hub unit ${JSON.stringify(issue.input)}`,
    }),
  )
    .max(21).default([]),
});
export type CatalogCourse = z.input<typeof catalogCourseSchema>;

/** One program in the shape of bu_majors.json; only entries of type "major" become majors. */
export const catalogMajorSchema = z.object({
  college: z.string().trim().regex(/^[A-Z]{2,4}$/, "college must be 2-4 capital letters"),
  name: z.string().trim().min(1, "name is empty").max(200, "name is longer than 200 characters"),
  program_type: z.string().optional(),
});

export type ImportProblem = { index: number; reason: string };
export type ImportReport = {
  kind: "courses" | "majors";
  loaded: number;
  skipped: ImportProblem[];
  milliseconds: number;
  /** Courses: how the catalog's prerequisite texts read into course groups (fully, partly, not at all). */
  prerequisites?: PrerequisiteCoverage;
};

/**
 * Colleges, their majors (plus Undecided), department names and the Hub areas: present on every start. Writes only
 * what differs, and raises the catalog's version only when this build's reference data is not the one stored (by its
 * hash): a task run beside a live server (an import) makes no process read the catalog again for nothing.
 */
export async function ensureReferenceData(database: Database, reference: ReferenceData): Promise<void> {
  const hash = referenceDataHash(reference);
  const stored = sql`EXISTS (SELECT 1 FROM app_settings WHERE key = ${REFERENCE_DATA_KEY} AND value = ${hash})`;
  // One batch: one round trip on a server, however many rows.
  await database.writeBatch((tx) => [
    // Names of colleges, departments and Hub areas are part of the catalog every process keeps in memory.
    raiseCatalogVersion(tx, stored),
    ...HUB_AREAS.map((area, position) => {
      const row = { ...area, position };
      return tx.insert(hubAreas).values(row).onConflictDoUpdate({
        target: hubAreas.code,
        set: row,
        setWhere: sql`${hubAreas.name} IS NOT excluded.name OR ${hubAreas.category} IS NOT excluded.category OR
          ${hubAreas.required} IS NOT excluded.required OR ${hubAreas.position} IS NOT excluded.position`,
      });
    }),
    ...reference.catalog.colleges.map((college) =>
      tx.insert(colleges).values(college).onConflictDoUpdate({
        target: colleges.code,
        set: { name: college.name },
        setWhere: sql`${colleges.name} IS NOT excluded.name`,
      })
    ),
    ...chunks(reference.catalog.departments, BATCH).map((chunk) =>
      tx.insert(departments).values(chunk).onConflictDoUpdate({
        target: [departments.college, departments.code],
        set: { name: sql`excluded.name` },
        setWhere: sql`${departments.name} IS NOT excluded.name`,
      })
    ),
    ...reference.colleges.flatMap((college) => [
      tx.insert(colleges).values({ code: college.code, name: college.name }).onConflictDoUpdate({
        target: colleges.code,
        set: { name: college.name },
        setWhere: sql`${colleges.name} IS NOT excluded.name`,
      }),
      tx.insert(majors).values([...college.majors, UNDECIDED].map((name) => ({ college: college.code, name })))
        .onConflictDoNothing(),
    ]),
    tx.insert(appSettings).values({ key: REFERENCE_DATA_KEY, value: hash }).onConflictDoUpdate({
      target: appSettings.key,
      set: { value: hash },
      setWhere: sql`${appSettings.value} IS NOT excluded.value`,
    }),
  ]);
}

/** The app_settings key holding the hash of the reference data last stored: a start whose data has that hash has nothing to write. */
export const REFERENCE_DATA_KEY = "reference_data";

/** A hash of the reference data and the Hub areas, as this build ships them. */
export function referenceDataHash(reference: ReferenceData): string {
  return createHash("sha256").update(JSON.stringify({ reference, hubAreas: HUB_AREAS, undecided: UNDECIDED })).digest(
    "hex",
  );
}

/** How many courses the catalog holds and how many reviews students have written (those shown). */
export async function catalogCounts(db: Db): Promise<{ courses: number; reviews: number }> {
  const [row] = await db.select({ courses: count(), reviews: sql<number>`COALESCE(SUM(${courses.numReviews}), 0)` })
    .from(courses);
  return { courses: row.courses, reviews: Number(row.reviews) };
}

export async function courseCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(courses);
  return row.n;
}

export type CatalogSource = "demo" | "imported" | "empty";

export async function catalogSource(db: Db): Promise<CatalogSource> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(
    eq(appSettings.key, "catalog_source"),
  );
  return (row?.value as CatalogSource | undefined) ?? "empty";
}

async function setCatalogSource(tx: Db, source: CatalogSource): Promise<void> {
  await tx.insert(appSettings).values({ key: "catalog_source", value: source })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: source } });
}

/** Loads the demo catalog when no course exists yet. Returns how many courses it loaded. */
export async function loadDemoCatalogIfEmpty(database: Database, demo: unknown[]): Promise<number> {
  if (await courseCount(database.db) > 0) return 0;
  const report = await importCourses(database, demo, "demo");
  if (report.skipped.length) {
    throw new Error(`demo catalog row ${report.skipped[0].index}: ${report.skipped[0].reason}`);
  }
  return report.loaded;
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ` : "") + i.message).join("; ");
}

const BATCH = 250;

/**
 * Upserts courses keyed by college, department and number. Existing courses
 * keep their id, reviews and averages; their text and Hub units are replaced.
 * A malformed row is reported with its index and reason; the rest still load.
 */
export async function importCourses(
  database: Database,
  rows: unknown[],
  source: CatalogSource = "imported",
): Promise<ImportReport> {
  const started = performance.now();
  const skipped: ImportProblem[] = [];
  const valid: { index: number; course: z.output<typeof catalogCourseSchema> }[] = [];
  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    const parsed = catalogCourseSchema.safeParse(row);
    if (!parsed.success) return skipped.push({ index, reason: describeIssues(parsed.error) });
    const code = courseCode(parsed.data);
    const earlier = seen.get(code);
    if (earlier !== undefined) return skipped.push({ index, reason: `duplicate of row ${earlier} (${code})` });
    seen.set(code, index);
    valid.push({ index, course: parsed.data });
  });

  for (let start = 0; start < valid.length; start += BATCH) {
    const chunk = valid.slice(start, start + BATCH);
    await database.write(async (tx) => {
      const values = chunk.map(({ course }) => {
        const prerequisites = course.prerequisites || null;
        return {
          college: course.college,
          department: course.department,
          number: course.number,
          numberValue: numberValue(course.number),
          title: course.title,
          noPreReqs: !(course.has_prerequisites ?? prerequisites !== null),
          // A file that does not say counts the course as current.
          current: course.in_recent_catalog ?? true,
        };
      });
      const ids = await tx.insert(courses).values(values).onConflictDoUpdate({
        target: [courses.college, courses.department, courses.number],
        set: {
          numberValue: sql`excluded.number_value`,
          title: sql`excluded.title`,
          noPreReqs: sql`excluded.no_prereqs`,
          current: sql`excluded.current`,
          updatedAt: sql`(unixepoch('subsec') * 1000)`,
        },
      }).returning({ id: courses.id });
      const idList = ids.map((r) => r.id);
      const texts = chunk.map(({ course }, i) => ({
        courseId: idList[i],
        description: course.description || null,
        prerequisites: course.prerequisites || null,
      }));
      await tx.insert(courseTexts).values(texts).onConflictDoUpdate({
        target: courseTexts.courseId,
        set: { description: sql`excluded.description`, prerequisites: sql`excluded.prerequisites` },
      });
      await tx.run(
        sql`DELETE FROM course_hub_units WHERE course_id IN (${sql.join(idList.map((id) => sql`${id}`), sql`, `)})`,
      );
      const units = chunk.flatMap(({ course }, i) =>
        [...new Set(course.hub_units)].map((hubCode) => sql`(${idList[i]}, ${hubCode})`)
      );
      if (units.length) {
        await tx.run(sql`INSERT INTO course_hub_units (course_id, hub_code) VALUES ${sql.join(units, sql`, `)}`);
      }
    });
  }
  let prerequisites: PrerequisiteCoverage | undefined;
  if (valid.length) {
    // Read after every course is in: a course imported now may complete the groups of one imported before.
    prerequisites = await linkPrerequisites(database);
    await database.write(async (tx) => {
      await setCatalogSource(tx, source);
      await raiseCatalogVersion(tx);
    });
    // The catalog's snapshot and the descriptions' search index, for every process, so that none has to build them.
    await ensureSearchPostings(database);
    await ensureCatalogSnapshot(database.db);
  }
  return {
    kind: "courses",
    loaded: valid.length,
    skipped,
    milliseconds: Math.round(performance.now() - started),
    prerequisites,
  };
}

/** Adds majors (entries whose program_type is "major", or that have none) to existing colleges. */
export async function importMajors(database: Database, rows: unknown[]): Promise<ImportReport> {
  const started = performance.now();
  const skipped: ImportProblem[] = [];
  const known = new Set((await database.db.select({ code: colleges.code }).from(colleges)).map((c) => c.code));
  const values: { college: string; name: string }[] = [];
  rows.forEach((row, index) => {
    const parsed = catalogMajorSchema.safeParse(row);
    if (!parsed.success) return skipped.push({ index, reason: describeIssues(parsed.error) });
    const { college, name, program_type } = parsed.data;
    if (program_type !== undefined && program_type !== "major") {
      return skipped.push({ index, reason: `program_type is ${JSON.stringify(program_type)}, not "major"` });
    }
    if (!known.has(college)) return skipped.push({ index, reason: `unknown college ${JSON.stringify(college)}` });
    values.push({ college, name });
  });
  if (values.length) {
    await database.write(async (tx) => {
      for (let i = 0; i < values.length; i += BATCH) {
        await tx.insert(majors).values(values.slice(i, i + BATCH)).onConflictDoNothing();
      }
    });
  }
  return { kind: "majors", loaded: values.length, skipped, milliseconds: Math.round(performance.now() - started) };
}

/** Tells a courses file from a majors file by its first object. */
export function detectCatalogKind(rows: unknown[]): "courses" | "majors" | undefined {
  const first = rows.find((r) => r !== null && typeof r === "object") as Record<string, unknown> | undefined;
  if (!first) return undefined;
  if ("title" in first || "number" in first) return "courses";
  if ("name" in first) return "majors";
  return undefined;
}

/** The colleges a student can register in: those with majors. */
export async function collegeCodes(db: Db): Promise<string[]> {
  return (await db.selectDistinct({ code: majors.college }).from(majors).orderBy(majors.college)).map((r) => r.code);
}

/** The colleges a student can choose (at sign-up and in account settings), with their names, by code. */
export async function collegeChoices(db: Db): Promise<{ code: string; name: string }[]> {
  const [codes, rows] = await Promise.all([collegeCodes(db), db.select().from(colleges)]);
  const names = new Map(rows.map((r) => [r.code, r.name]));
  return codes.map((code) => ({ code, name: names.get(code) ?? "" }));
}

export async function majorsOf(db: Db, college: string): Promise<string[]> {
  const rows = await db.select({ name: majors.name }).from(majors).where(eq(majors.college, college));
  return rows.map((r) => r.name).sort((a, b) => a.localeCompare(b));
}
