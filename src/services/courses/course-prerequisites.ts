/**
 * Prerequisites as data: each course's prerequisite text read into groups of
 * catalog courses (src/lib/prerequisite-parser.ts), kept in course_prerequisites
 * and course_texts; what a student may take; what a course is required for.
 */
import { isNotNull, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { courses, courseTexts } from "../../../db/schema.ts";
import { courseCode } from "../../lib/course-code.ts";
import { exclusionsIn } from "../../lib/description-exclusions.ts";
import { prerequisiteTextIn } from "../../lib/description-prerequisites.ts";
import { parsePrerequisites } from "../../lib/prerequisite-parser.ts";
import { raiseCatalogVersion } from "../catalog/catalog-cache.ts";

/**
 * Bumped when the parser reads texts differently: a start then reads every text again. (2: prerequisites in
 * descriptions; 3: the courses descriptions say cannot count with the course.)
 */
export const PREREQUISITE_PARSER_VERSION = "3";
/** The app_settings key holding the version of the reader that read the stored texts. */
export const PREREQUISITE_PARSER_KEY = "prerequisite_parser";

type Counts = { full: number; partial: number; none: number };

/**
 * How the prerequisite texts read into course groups (fully, partly, not at all), every text counted; and of them,
 * those found in descriptions for courses whose prerequisite field is empty (src/lib/description-prerequisites.ts).
 */
export type PrerequisiteCoverage = Counts & {
  fromDescriptions: Counts;
  /** Courses whose description names courses that cannot count with them, and how many such pairs. */
  exclusions: { courses: number; pairs: number };
};

/**
 * Reads every prerequisite text of the catalog again (the field, or where it is empty the sentence the description
 * gives) and stores its groups,
 * each course placed in the catalog (the catalog as a whole: a course
 * imported later can complete the groups of one imported earlier). Three
 * statements in one transaction, whatever the catalog's size.
 */
export async function linkPrerequisites(database: Database): Promise<PrerequisiteCoverage> {
  const db = database.db;
  const [all, rows] = await Promise.all([
    db.select({ id: courses.id, college: courses.college, department: courses.department, number: courses.number })
      .from(courses),
    db.select({
      courseId: courseTexts.courseId,
      text: courseTexts.prerequisites,
      description: courseTexts.description,
    }).from(courseTexts).where(or(isNotNull(courseTexts.prerequisites), isNotNull(courseTexts.description))),
  ]);
  const idOf = new Map(all.map((c) => [courseCode(c), c.id]));
  const collegeOf = new Map(all.map((c) => [c.id, c.college]));
  const colleges = new Set(all.map((c) => c.college));
  const catalog = new Set(idOf.keys());
  const coverage: PrerequisiteCoverage = {
    full: 0,
    partial: 0,
    none: 0,
    fromDescriptions: { full: 0, partial: 0, none: 0 },
    exclusions: { courses: 0, pairs: 0 },
  };
  const exclusions: [number, number, string, number | null][] = [];
  const links: [number, number, number, string, number | null, number][] = [];
  const parsedTexts: { id: number; note: string | null; conditions: number; coverage: string }[] = [];
  /** Courses whose description states prerequisites their field left out: they are not "no prerequisites". */
  const described: number[] = [];
  const codeOf = new Map(all.map((c) => [c.id, courseCode(c)]));
  for (const { courseId, text: field, description } of rows) {
    const excluded = exclusionsIn(
      description,
      codeOf.get(courseId) ?? "",
      collegeOf.get(courseId) ?? "",
      colleges,
      catalog,
    );
    excluded.forEach((code, position) => exclusions.push([courseId, position, code, idOf.get(code) ?? null]));
    if (excluded.length) {
      coverage.exclusions.courses++;
      coverage.exclusions.pairs += excluded.length;
    }
    const fromDescription = field ? null : prerequisiteTextIn(description);
    const text = field ?? fromDescription;
    if (!text) continue;
    const parsed = parsePrerequisites(text, collegeOf.get(courseId) ?? "", colleges, catalog);
    coverage[parsed.coverage]++;
    if (fromDescription) {
      coverage.fromDescriptions[parsed.coverage]++;
      if (parsed.groups.length || parsed.conditions) described.push(courseId);
    }
    parsed.groups.forEach((group, g) =>
      group.codes.forEach((code, p) =>
        links.push([courseId, g, p, code, idOf.get(code) ?? null, group.alternative ? 1 : 0])
      )
    );
    parsedTexts.push({
      id: courseId,
      note: parsed.note,
      conditions: parsed.conditions ? 1 : 0,
      coverage: parsed.coverage,
    });
  }
  await database.write(async (tx) => {
    await tx.run(sql`DELETE FROM course_prerequisites`);
    await tx.run(sql`DELETE FROM course_exclusions`);
    if (exclusions.length) {
      await tx.run(sql`INSERT INTO course_exclusions (course_id, position, code, excluded_id)
        SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3 FROM json_each(${JSON.stringify(exclusions)})`);
    }
    if (links.length) {
      await tx.run(
        sql`INSERT INTO course_prerequisites (course_id, group_index, position, code, required_id, alternative)
        SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5 FROM json_each(${
          JSON.stringify(links)
        })`,
      );
    }
    await tx.run(
      sql`UPDATE course_texts SET prerequisite_note = NULL, prerequisite_conditions = 0, prerequisite_coverage = NULL`,
    );
    if (parsedTexts.length) {
      await tx.run(sql`UPDATE course_texts SET
          prerequisite_note = j.value ->> 'note',
          prerequisite_conditions = j.value ->> 'conditions',
          prerequisite_coverage = j.value ->> 'coverage'
        FROM json_each(${JSON.stringify(parsedTexts)}) AS j
        WHERE course_texts.course_id = j.value ->> 'id'`);
    }
    if (described.length) {
      await tx.run(sql`UPDATE courses SET no_prereqs = 0
        WHERE id IN (SELECT value FROM json_each(${JSON.stringify(described)})) AND no_prereqs = 1`);
    }
    // The groups are part of the catalog every process keeps in memory.
    await raiseCatalogVersion(tx);
    await tx.run(
      sql`INSERT INTO app_settings (key, value) VALUES (${PREREQUISITE_PARSER_KEY}, ${PREREQUISITE_PARSER_VERSION})
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
  });
  return coverage;
}

/** Reads the texts again when they were read by another version of the parser (or never): on start, after a migration. */
export async function ensurePrerequisitesLinked(database: Database): Promise<PrerequisiteCoverage | null> {
  const rows = await database.client.execute({
    sql: "SELECT value FROM app_settings WHERE key = ?",
    args: [PREREQUISITE_PARSER_KEY],
  });
  if (rows.rows[0]?.value === PREREQUISITE_PARSER_VERSION) return null;
  return await linkPrerequisites(database);
}

/**
 * The search condition "Prerequisites I've met": no prerequisites, or every
 * group has a course the student completed (an alternative such as "or
 * equivalent" changes nothing then) and no condition the site cannot check.
 */
export function prerequisitesMetBy(userId: number): SQL {
  return sql`(${courses.noPreReqs} = 1 OR (
    EXISTS (SELECT 1 FROM course_prerequisites p WHERE p.course_id = ${courses.id})
    AND (SELECT t.prerequisite_conditions FROM course_texts t WHERE t.course_id = ${courses.id}) = 0
    AND NOT EXISTS (
      SELECT 1 FROM course_prerequisites g WHERE g.course_id = ${courses.id}
      GROUP BY g.group_index
      HAVING MAX(CASE WHEN g.required_id IN (SELECT c.course_id FROM completed_courses c WHERE c.user_id = ${userId}) THEN 1 ELSE 0 END) = 0
    )
  ))`;
}
