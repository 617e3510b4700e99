/**
 * Prerequisites as data: each course's prerequisite text read into groups of
 * catalog courses (src/lib/prerequisite-parser.ts), kept in course_prerequisites
 * and course_texts; what a student may take; what a course is required for.
 */
import { asc, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Database, Db } from "../../db/client.ts";
import { completedCourses, coursePrerequisites, courses, courseTexts } from "../../db/schema.ts";
import type { PrerequisiteRef, PrerequisiteView, RequiredFor } from "../lib/api-types.ts";
import { courseCode } from "../lib/course-code.ts";
import { displayTitle } from "../lib/text.ts";
import { eligibilityOf, type ParsedPrerequisites, parsePrerequisites } from "../lib/prerequisite-parser.ts";

/** Bumped when the parser reads texts differently: a start then reads every text again. */
export const PREREQUISITE_PARSER_VERSION = "1";
const VERSION_KEY = "prerequisite_parser";

export type PrerequisiteCoverage = { full: number; partial: number; none: number };

/**
 * Reads every prerequisite text of the catalog again and stores its groups,
 * each course placed in the catalog (the catalog as a whole: a course
 * imported later can complete the groups of one imported earlier). Three
 * statements in one transaction, whatever the catalog's size.
 */
export async function linkPrerequisites(database: Database): Promise<PrerequisiteCoverage> {
  const db = database.db;
  const [all, texts] = await Promise.all([
    db.select({ id: courses.id, college: courses.college, department: courses.department, number: courses.number }).from(courses),
    db.select({ courseId: courseTexts.courseId, text: courseTexts.prerequisites }).from(courseTexts).where(isNotNull(courseTexts.prerequisites)),
  ]);
  const idOf = new Map(all.map((c) => [courseCode(c), c.id]));
  const collegeOf = new Map(all.map((c) => [c.id, c.college]));
  const colleges = new Set(all.map((c) => c.college));
  const catalog = new Set(idOf.keys());
  const coverage: PrerequisiteCoverage = { full: 0, partial: 0, none: 0 };
  const links: [number, number, number, string, number | null, number][] = [];
  const parsedTexts: { id: number; note: string | null; conditions: number; coverage: string }[] = [];
  for (const { courseId, text } of texts) {
    const parsed = parsePrerequisites(text, collegeOf.get(courseId) ?? "", colleges, catalog);
    coverage[parsed.coverage]++;
    parsed.groups.forEach((group, g) =>
      group.codes.forEach((code, p) => links.push([courseId, g, p, code, idOf.get(code) ?? null, group.alternative ? 1 : 0]))
    );
    parsedTexts.push({ id: courseId, note: parsed.note, conditions: parsed.conditions ? 1 : 0, coverage: parsed.coverage });
  }
  await database.write(async (tx) => {
    await tx.run(sql`DELETE FROM course_prerequisites`);
    if (links.length) {
      await tx.run(sql`INSERT INTO course_prerequisites (course_id, group_index, position, code, required_id, alternative)
        SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5 FROM json_each(${JSON.stringify(links)})`);
    }
    await tx.run(sql`UPDATE course_texts SET prerequisite_note = NULL, prerequisite_conditions = 0, prerequisite_coverage = NULL`);
    if (parsedTexts.length) {
      await tx.run(sql`UPDATE course_texts SET
          prerequisite_note = j.value ->> 'note',
          prerequisite_conditions = j.value ->> 'conditions',
          prerequisite_coverage = j.value ->> 'coverage'
        FROM json_each(${JSON.stringify(parsedTexts)}) AS j
        WHERE course_texts.course_id = j.value ->> 'id'`);
    }
    await tx.run(sql`INSERT INTO app_settings (key, value) VALUES (${VERSION_KEY}, ${PREREQUISITE_PARSER_VERSION})
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
  });
  return coverage;
}

/** Reads the texts again when they were read by another version of the parser (or never): on start, after a migration. */
export async function ensurePrerequisitesLinked(database: Database): Promise<PrerequisiteCoverage | null> {
  const rows = await database.client.execute({ sql: "SELECT value FROM app_settings WHERE key = ?", args: [VERSION_KEY] });
  if (rows.rows[0]?.value === PREREQUISITE_PARSER_VERSION) return null;
  return await linkPrerequisites(database);
}

type Stored = Pick<PrerequisiteView, "prerequisiteGroups" | "prerequisiteNote"> & { parsed: Pick<ParsedPrerequisites, "groups" | "conditions"> };

async function storedPrerequisites(db: Db, courseId: number): Promise<Stored> {
  const [rows, [texts]] = await Promise.all([
    db.select().from(coursePrerequisites).where(eq(coursePrerequisites.courseId, courseId))
      .orderBy(asc(coursePrerequisites.groupIndex), asc(coursePrerequisites.position)),
    db.select({ note: courseTexts.prerequisiteNote, conditions: courseTexts.prerequisiteConditions }).from(courseTexts)
      .where(eq(courseTexts.courseId, courseId)),
  ]);
  const groups: PrerequisiteRef[][] = [];
  const parsedGroups: ParsedPrerequisites["groups"] = [];
  for (const row of rows) {
    if (!groups[row.groupIndex]) {
      groups[row.groupIndex] = [];
      parsedGroups[row.groupIndex] = { codes: [], alternative: row.alternative };
    }
    groups[row.groupIndex].push({ id: row.requiredId, code: row.code });
    parsedGroups[row.groupIndex].codes.push(row.code);
  }
  return {
    prerequisiteGroups: groups.filter(Boolean),
    prerequisiteNote: texts?.note ?? null,
    parsed: { groups: parsedGroups.filter(Boolean), conditions: texts?.conditions ?? false },
  };
}

/** The codes of a student's completed courses. */
async function completedCodes(db: Db, userId: number): Promise<Set<string>> {
  const rows = await db.select({ college: courses.college, department: courses.department, number: courses.number })
    .from(completedCourses).innerJoin(courses, eq(courses.id, completedCourses.courseId)).where(eq(completedCourses.userId, userId));
  return new Set(rows.map(courseCode));
}

/** A course's prerequisite groups and note, and for a student whether they are met. A course without prerequisites is met. */
export async function coursePrerequisiteView(db: Db, courseId: number, noPreReqs: boolean, userId?: number): Promise<PrerequisiteView> {
  const [stored, taken] = await Promise.all([storedPrerequisites(db, courseId), userId === undefined ? null : completedCodes(db, userId)]);
  const view: PrerequisiteView = { prerequisiteGroups: stored.prerequisiteGroups, prerequisiteNote: stored.prerequisiteNote };
  if (taken) {
    view.eligibility = noPreReqs ? "met" : eligibilityOf(stored.parsed, taken);
    view.groupsMet = stored.parsed.groups.map((group) => group.codes.some((code) => taken.has(code)));
  }
  return view;
}

/** The courses whose prerequisites name this one, by code. */
export async function requiredFor(db: Db, courseId: number): Promise<RequiredFor[]> {
  const rows = await db.selectDistinct({
    id: courses.id,
    college: courses.college,
    department: courses.department,
    number: courses.number,
    title: courses.title,
  })
    .from(coursePrerequisites).innerJoin(courses, eq(courses.id, coursePrerequisites.courseId))
    .where(eq(coursePrerequisites.requiredId, courseId))
    .orderBy(asc(courses.college), asc(courses.department), asc(courses.numberValue), asc(courses.number));
  return rows.map((r) => ({ id: r.id, code: courseCode(r), title: displayTitle(r.title) }));
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
