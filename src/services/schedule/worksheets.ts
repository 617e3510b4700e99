/**
 * A student's worksheets (docs/product.md, Schedule builder): per term, named versions of the week they are building,
 * each holding per course a section to register for and the discussion or lab chosen with it
 * (src/lib/schedule-rules.ts). A visitor's worksheet lives in their browser and joins their account when they log in
 * (`joinWorksheets`). A version can be shared read-only by a link the student can turn off.
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import type { BatchStatements, Database, Db } from "../../../db/client.ts";
import { schedules, scheduleSections, terms } from "../../../db/schema.ts";
import { checkCourseChoice, type RuleSection, versionNameProblem, WORKSHEET_LIMITS } from "../../lib/schedule-rules.ts";
import { termName } from "../../lib/term-codes.ts";
import { badRequest, conflict, notFound } from "../platform/domain-errors.ts";

/** One version of a worksheet: its sections, grouped per course in the order the courses were added. */
export type WorksheetVersion = {
  id: number;
  term: number;
  name: string;
  /** The share link's token while sharing is on. */
  shareToken: string | null;
  courses: { courseId: number; sectionIds: number[] }[];
};

export const WORKSHEET_MESSAGES = {
  notFound: "Plan not found",
  unknownTerm: "No class schedule is known for that term",
  tooMany: `At most ${WORKSHEET_LIMITS.versionsPerTerm} plans per term`,
  tooManyCourses: `At most ${WORKSHEET_LIMITS.coursesPerVersion} courses in a plan`,
  courseNotFound: "Course not found",
} as const;

const nameTaken = (name: string, term: number) =>
  conflict(`You already have a plan named "${name}" for ${termName(term) ?? term}`);

type Row = { id: number; term: number; name: string; shareToken: string | null; sections: string };

/** The versions `where` picks, with their sections as one JSON array each, oldest first: one statement, batchable. */
function versionsQuery(db: Db, where: SQL) {
  return db.all<Row>(sql`SELECT v.id, v.term_code AS term, v.name, v.share_token AS shareToken,
      coalesce((SELECT json_group_array(json_array(x.course_id, x.section_id)) FROM (
        SELECT ss.course_id, ss.section_id FROM schedule_sections ss
        WHERE ss.schedule_id = v.id ORDER BY ss.rowid) AS x), '[]') AS sections
    FROM schedules v WHERE ${where} ORDER BY v.id`);
}

function versionsOf(rows: readonly Row[]): WorksheetVersion[] {
  return rows.map((row) => {
    const courses: WorksheetVersion["courses"] = [];
    for (const [courseId, sectionId] of JSON.parse(row.sections) as [number, number][]) {
      let course = courses.find((c) => c.courseId === courseId);
      if (!course) courses.push(course = { courseId, sectionIds: [] });
      course.sectionIds.push(sectionId);
    }
    return { id: row.id, term: row.term, name: row.name, shareToken: row.shareToken, courses };
  });
}

/** The versions `where` picks (over `schedules v`), oldest first. */
export async function versionsWhere(db: Db, where: SQL): Promise<WorksheetVersion[]> {
  return versionsOf(await versionsQuery(db, where));
}

const mineWhere = (userId: number, id: number) => sql`v.id = ${id} AND v.user_id = ${userId}`;

/** The one version a batch read back, or 404. */
function found(rows: readonly Row[]): WorksheetVersion {
  const [version] = versionsOf(rows);
  if (!version) throw notFound(WORKSHEET_MESSAGES.notFound);
  return version;
}

/** The student's versions for a term, oldest first; none when they have not started one. */
export function worksheetVersions(db: Db, userId: number, term: number): Promise<WorksheetVersion[]> {
  return versionsWhere(db, sql`v.user_id = ${userId} AND v.term_code = ${term}`);
}

/** One of the student's versions, or 404. */
async function ownVersion(db: Db, userId: number, id: number): Promise<WorksheetVersion> {
  return found(await versionsQuery(db, mineWhere(userId, id)));
}

/** The version a share link names, while its sharing is on. */
export async function sharedVersion(db: Db, token: string): Promise<WorksheetVersion | null> {
  const [version] = await versionsWhere(db, sql`v.share_token = ${token}`);
  return version ?? null;
}

async function termKnown(db: Db, term: number): Promise<boolean> {
  return (await db.select({ code: terms.code }).from(terms).where(eq(terms.code, term))).length > 0;
}

function cleanName(name: string): string {
  const problem = versionNameProblem(name);
  if (problem) throw badRequest(problem);
  return name.trim();
}

/** A unique-index refusal: the student already has a version of that name for the term. */
function isDuplicate(error: unknown): boolean {
  const text = `${(error as { cause?: unknown })?.cause ?? ""} ${(error as Error)?.message ?? ""}`;
  return /UNIQUE constraint failed: schedules\.user_id/i.test(text);
}

/** The id of the student's version of `term` named `name`, as SQL: a batch's later statements find the row it made. */
const versionIdOf = (userId: number, term: number, name: string) =>
  sql`(SELECT id FROM schedules WHERE user_id = ${userId} AND term_code = ${term} AND name = ${name})`;

/**
 * A new version for the term, empty or a copy of another of the student's versions of that term. Two round trips:
 * what is there, then the version, its sections and its reading back in one batch.
 */
export async function createVersion(
  database: Database,
  userId: number,
  input: { term: number; name: string; copyOf?: number },
): Promise<WorksheetVersion> {
  const name = cleanName(input.name);
  const db = database.db;
  const [existing, source, known] = await Promise.all([
    worksheetVersions(db, userId, input.term),
    input.copyOf === undefined ? null : versionsQuery(db, mineWhere(userId, input.copyOf)).then(found),
    termKnown(db, input.term),
  ]);
  if (!known) throw notFound(WORKSHEET_MESSAGES.unknownTerm);
  if (source && source.term !== input.term) throw badRequest("A plan can only be copied within its term");
  if (existing.length >= WORKSHEET_LIMITS.versionsPerTerm) throw conflict(WORKSHEET_MESSAGES.tooMany);
  if (existing.some((v) => v.name === name)) throw nameTaken(name, input.term);
  const id = versionIdOf(userId, input.term, name);
  try {
    const [, , rows] = await database.writeBatch((tx) => [
      tx.insert(schedules).values({ userId, termCode: input.term, name }),
      tx.run(sql`INSERT INTO schedule_sections (schedule_id, section_id, course_id)
        SELECT ${id}, ss.section_id, ss.course_id FROM schedule_sections ss
        WHERE ss.schedule_id = ${source?.id ?? 0} ORDER BY ss.rowid`),
      versionsQuery(tx, sql`v.id = ${id}`),
    ]);
    return found(rows);
  } catch (error) {
    if (isDuplicate(error)) throw nameTaken(name, input.term);
    throw error;
  }
}

/** A random token for a share link: 128 bits, URL-safe. */
function newShareToken(): string {
  return randomBytes(16).toString("base64url");
}

/** Renames a version, and turns its share link on (a new token each time) or off. */
export async function updateVersion(
  database: Database,
  userId: number,
  id: number,
  change: { name?: string; shared?: boolean },
): Promise<WorksheetVersion> {
  const version = await ownVersion(database.db, userId, id);
  const set: Partial<typeof schedules.$inferInsert> = { updatedAt: new Date() };
  if (change.name !== undefined) {
    const name = cleanName(change.name);
    if (name !== version.name) set.name = name;
  }
  if (change.shared === true && !version.shareToken) set.shareToken = newShareToken();
  if (change.shared === false) set.shareToken = null;
  try {
    const [, rows] = await database.writeBatch((tx) => [
      tx.update(schedules).set(set).where(and(eq(schedules.id, id), eq(schedules.userId, userId))),
      versionsQuery(tx, mineWhere(userId, id)),
    ]);
    return found(rows);
  } catch (error) {
    if (isDuplicate(error)) throw nameTaken(set.name ?? version.name, version.term);
    throw error;
  }
}

/** One round trip: the version is deleted when it is the student's, else 404. */
export async function deleteVersion(database: Database, userId: number, id: number): Promise<void> {
  const [deleted] = await database.writeBatch((tx) => [
    tx.delete(schedules).where(and(eq(schedules.id, id), eq(schedules.userId, userId))).returning({ id: schedules.id }),
  ]);
  if (!deleted.length) throw notFound(WORKSHEET_MESSAGES.notFound);
}

type CourseRow = { code: string | null; sections: string };

/** The course's sections in a term (given as SQL), as the rules read them, and its code: one statement. */
function courseInTermQuery(db: Db, courseId: number, term: SQL) {
  return db.all<CourseRow>(sql`SELECT
      (SELECT college || ' ' || department || ' ' || number FROM courses WHERE id = ${courseId}) AS code,
      coalesce((SELECT json_group_array(json_array(s.id, s.section, s.enrollment, s.status, s.gone,
        json((SELECT coalesce(json_group_array(l.section_id), '[]') FROM section_links l WHERE l.companion_id = s.id))))
        FROM sections s WHERE s.course_id = ${courseId} AND s.term_code = ${term}), '[]') AS sections`);
}

/** The checked choice of a course's sections in `term`: the ids to store, or a 404 or 400 saying what to fix. */
function checkedChoice(rows: readonly CourseRow[], term: number, sectionIds: readonly number[]): number[] {
  const [row] = rows;
  if (!row?.code) throw notFound(WORKSHEET_MESSAGES.courseNotFound);
  const sections = (JSON.parse(row.sections) as [number, string, number, RuleSection["status"], number, number[]][])
    .map(([id, section, enrollment, status, gone, links]) => ({
      id,
      section,
      enrollment: enrollment === 1,
      status,
      gone: gone === 1,
      links,
    }));
  if (sections.length === 0) throw badRequest(`${row.code} is not offered in ${termName(term) ?? term}`);
  const choice = checkCourseChoice(row.code, sectionIds, sections);
  if (!choice.ok) throw badRequest(choice.message);
  return [choice.lecture.id, ...(choice.companion ? [choice.companion.id] : [])];
}

/**
 * Adds a course to a version, or swaps its sections: a section to register for and its discussion or lab. Two round
 * trips: the version and the course's sections in its term, then the change and its reading back.
 */
export async function setCourseSections(
  database: Database,
  userId: number,
  id: number,
  courseId: number,
  sectionIds: readonly number[],
): Promise<WorksheetVersion> {
  const [version, course] = await Promise.all([
    ownVersion(database.db, userId, id),
    courseInTermQuery(database.db, courseId, sql`(SELECT term_code FROM schedules WHERE id = ${id})`),
  ]);
  const ids = checkedChoice(course, version.term, sectionIds);
  const had = version.courses.some((c) => c.courseId === courseId);
  if (!had && version.courses.length >= WORKSHEET_LIMITS.coursesPerVersion) {
    throw conflict(WORKSHEET_MESSAGES.tooManyCourses);
  }
  const [, , , rows] = await database.writeBatch((tx) => [
    tx.delete(scheduleSections).where(
      and(eq(scheduleSections.scheduleId, id), eq(scheduleSections.courseId, courseId)),
    ),
    tx.insert(scheduleSections).values(ids.map((sectionId) => ({ scheduleId: id, sectionId, courseId }))),
    tx.update(schedules).set({ updatedAt: new Date() }).where(eq(schedules.id, id)),
    versionsQuery(tx, mineWhere(userId, id)),
  ]);
  return found(rows);
}

/** Takes a course out of a version: one round trip, 404 when the version is not the student's. */
export async function removeCourse(
  database: Database,
  userId: number,
  id: number,
  courseId: number,
): Promise<WorksheetVersion> {
  const own = sql`${id} IN (SELECT id FROM schedules WHERE user_id = ${userId})`;
  const [, , rows] = await database.writeBatch((tx) => [
    tx.run(sql`DELETE FROM schedule_sections WHERE schedule_id = ${id} AND course_id = ${courseId} AND ${own}`),
    tx.update(schedules).set({ updatedAt: new Date() }).where(and(eq(schedules.id, id), eq(schedules.userId, userId))),
    versionsQuery(tx, mineWhere(userId, id)),
  ]);
  return found(rows);
}

/** A visitor's worksheet as their browser kept it. */
export type VisitorWorksheet = {
  term: number;
  versions: { name: string; courses: { courseId: number; sectionIds: number[] }[] }[];
};

/** What joining a visitor's worksheet did: versions made, and the courses left out with the reason. */
export type JoinReport = { versions: WorksheetVersion[]; skipped: { courseId: number | null; reason: string }[] };

/**
 * Makes the visitor's versions the student's: each becomes a version of the same name, or "{name} (this browser)" when
 * the name is taken; courses whose sections no longer fit the rules (a section cancelled since) are left out and said.
 * Versions past the limit per term, and terms no longer known, are left out too. Two round trips: what is there and
 * every course's sections, then the versions, their sections and their reading back in one batch.
 */
export async function joinWorksheets(
  database: Database,
  userId: number,
  kept: VisitorWorksheet[],
): Promise<JoinReport> {
  const db = database.db;
  const pairs = kept.flatMap((w) =>
    w.versions.flatMap((v) => v.courses.map((c) => ({ term: w.term, courseId: c.courseId })))
  ).filter((p, i, all) => all.findIndex((q) => q.term === p.term && q.courseId === p.courseId) === i);
  const termList = [...new Set(kept.map((w) => w.term))];
  const [known, existing, courses] = await Promise.all([
    db.select({ code: terms.code }).from(terms).where(
      sql`${terms.code} IN (SELECT value FROM json_each(${JSON.stringify(termList)}))`,
    ),
    versionsWhere(db, sql`v.user_id = ${userId}`),
    Promise.all(pairs.map((p) => courseInTermQuery(db, p.courseId, sql`${p.term}`))),
  ]);
  const knownTerms = new Set(known.map((k) => k.code));
  const rowsOf = (term: number, courseId: number) =>
    courses[pairs.findIndex((p) => p.term === term && p.courseId === courseId)];
  const skipped: JoinReport["skipped"] = [];
  const made: { term: number; name: string; ids: { courseId: number; sectionIds: number[] }[] }[] = [];
  for (const worksheet of kept) {
    const termLabel = termName(worksheet.term) ?? String(worksheet.term);
    if (!knownTerms.has(worksheet.term)) {
      skipped.push({ courseId: null, reason: `no class schedule is known for ${termLabel} any more` });
      continue;
    }
    const names = new Set(existing.filter((v) => v.term === worksheet.term).map((v) => v.name));
    for (const version of worksheet.versions) {
      if (version.courses.length === 0) continue;
      if (names.size >= WORKSHEET_LIMITS.versionsPerTerm) {
        skipped.push({
          courseId: null,
          reason: `"${version.name.trim()}": at most ${WORKSHEET_LIMITS.versionsPerTerm} plans for ${termLabel}`,
        });
        continue;
      }
      const base = versionNameProblem(version.name) ? "Plan" : version.name.trim();
      let name = base;
      for (let n = 1; names.has(name); n++) {
        name = `${base.slice(0, WORKSHEET_LIMITS.name - 18)} (this browser${n > 1 ? ` ${n}` : ""})`;
      }
      names.add(name);
      const ids: { courseId: number; sectionIds: number[] }[] = [];
      for (const course of version.courses.slice(0, WORKSHEET_LIMITS.coursesPerVersion)) {
        if (ids.some((c) => c.courseId === course.courseId)) continue;
        try {
          ids.push({
            courseId: course.courseId,
            sectionIds: checkedChoice(rowsOf(worksheet.term, course.courseId), worksheet.term, course.sectionIds),
          });
        } catch (error) {
          skipped.push({ courseId: course.courseId, reason: (error as Error).message });
        }
      }
      made.push({ term: worksheet.term, name, ids });
    }
  }
  if (made.length === 0) return { versions: [], skipped };
  const names = JSON.stringify(made.map((v) => [v.term, v.name]));
  let results: readonly unknown[];
  try {
    results = await database.writeBatch((tx) =>
      [
        ...made.flatMap((version) => {
          const id = versionIdOf(userId, version.term, version.name);
          const rows = version.ids.flatMap((c) => c.sectionIds.map((sectionId) => [c.courseId, sectionId]));
          return [
            tx.insert(schedules).values({ userId, termCode: version.term, name: version.name }),
            tx.run(sql`INSERT INTO schedule_sections (schedule_id, course_id, section_id)
              SELECT ${id}, value ->> 0, value ->> 1 FROM json_each(${JSON.stringify(rows)})`),
          ];
        }),
        versionsQuery(
          tx,
          sql`v.user_id = ${userId} AND (v.term_code, v.name) IN (SELECT value ->> 0, value ->> 1 FROM json_each(${names}))`,
        ),
      ] as unknown as BatchStatements
    );
  } catch (error) {
    // Another tab joined the same plans at the same moment.
    if (isDuplicate(error)) throw conflict("These plans are being saved already: reload the page to see them");
    throw error;
  }
  return { versions: versionsOf(results.at(-1) as Row[]), skipped };
}
