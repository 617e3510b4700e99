/**
 * Stores a term's sections (from the registrar's download, the bulletin or the demo schedule), one term at a time, in
 * one transaction each: sections upserted by term, course and section so their ids stay; their meetings, instructors
 * and companion links replaced; sections of the term that the new data no longer has kept and marked gone, since a
 * student's plan may point at them.
 *
 * The catalog in memory carries each course's terms and section counts (search's "Offered in"): an import that changes
 * them raises the catalog's version, so every process reads the catalog again at its next request.
 */
import { sql } from "drizzle-orm";
import type { Database, Db } from "../../../db/client.ts";
import { sectionInstructors, sectionLinks, sectionMeetings, sections, terms } from "../../../db/schema.ts";
import { termName } from "../../lib/term-codes.ts";
import { ensureCatalogSnapshot, raiseCatalogVersion } from "../catalog/catalog-cache.ts";
import { companionLinks, type ScheduleSection, type SkippedRow } from "./registrar-csv.ts";
import { matchProfessors } from "./professor-matching.ts";
import { chunks } from "../../lib/chunks.ts";

export type ScheduleSource = (typeof terms.$inferInsert)["source"];

/** What one term's import did. */
export type TermReport = {
  code: number;
  name: string;
  sections: number;
  enrollment: number;
  companions: number;
  courses: number;
  /** Distinct instructors (last and first name) of the term's sections. */
  instructors: number;
  meetings: number;
  links: number;
  /** Sections of the term that the data no longer has, kept and marked gone. */
  gone: number;
  /** Reviews of the term's courses whose professor changed: a typed name now matched to an instructor, or no longer. */
  matchedReviews: number;
};

export type ScheduleReport = { terms: TermReport[]; skipped: SkippedRow[]; milliseconds: number };

/** How many sections are written per statement. */
const CHUNK = 200;

/** The catalog's course ids by "COLLEGE DEPARTMENT NUMBER". */
async function courseIds(db: Db): Promise<Map<string, number>> {
  const rows = await db.all<{ id: number; code: string }>(
    sql`SELECT id, college || ' ' || department || ' ' || number AS code FROM courses`,
  );
  return new Map(rows.map((row) => [row.code, row.id]));
}

/**
 * Stores the sections, term by term. Sections of a course the catalog does not have are skipped, by their first record.
 */
export async function importSchedule(
  database: Database,
  parsed: ScheduleSection[],
  options: {
    source: ScheduleSource;
    now?: Date;
    skipped?: SkippedRow[];
    onProgress?: (done: number, total: number) => void;
    /**
     * The courses ("CAS CS 112") the data covers, when it covers only some (a partial crawl of the bulletin): sections
     * of other courses are left as they are instead of being marked gone. By default the data covers every course.
     */
    onlyCourses?: ReadonlySet<string>;
  },
): Promise<ScheduleReport> {
  const started = performance.now();
  const skipped = [...(options.skipped ?? [])];
  const ids = await courseIds(database.db);
  const byTerm = new Map<number, (ScheduleSection & { courseId: number })[]>();
  for (const section of parsed) {
    const code = `${section.college} ${section.department} ${section.number}`;
    const courseId = ids.get(code);
    if (courseId === undefined) {
      skipped.push({
        record: section.record,
        reason: `course missing from the catalog: ${code} (section ${section.section})`,
      });
      continue;
    }
    if (!byTerm.has(section.term)) byTerm.set(section.term, []);
    byTerm.get(section.term)!.push({ ...section, courseId });
  }
  const covered = options.onlyCourses &&
    [...options.onlyCourses].flatMap((code) => ids.has(code) ? [ids.get(code)!] : []);
  const total = [...byTerm.values()].reduce((sum, list) => sum + list.length, 0);
  let done = 0;
  const reports: TermReport[] = [];
  let offeringsChanged = false;
  for (const [code, list] of [...byTerm].sort(([a], [b]) => a - b)) {
    reports.push(
      await database.write(async (tx) => {
        const before = await offeringsOf(tx, code);
        const written = await writeTerm(tx, code, list, options.source, options.now ?? new Date(), covered, (n) => {
          done += n;
          options.onProgress?.(done, total);
        });
        // The reviews of the term's courses follow its instructors in the same transaction.
        const matched = await matchProfessors(tx, [...new Set(list.map((s) => s.courseId))]);
        const report = { ...written, matchedReviews: matched.reviews };
        // In the term's transaction: no process can read the new sections with the old catalog's version.
        if ((await offeringsOf(tx, code)) !== before) {
          await raiseCatalogVersion(tx);
          offeringsChanged = true;
        }
        return report;
      }),
    );
  }
  // The new snapshot for every process, so that none has to read the rows.
  if (offeringsChanged) await ensureCatalogSnapshot(database.db);
  skipped.sort((a, b) => a.record - b.record);
  return { terms: reports, skipped, milliseconds: Math.round(performance.now() - started) };
}

/**
 * What the catalog in memory holds of a term, as one string: its name and each course's count of sections to register
 * for that are neither cancelled nor gone (the rows `readRows` of catalog-cache.ts reads).
 */
async function offeringsOf(tx: Db, code: number): Promise<string> {
  const [row] = await tx.all<{ name: string | null; counts: string | null }>(
    sql`SELECT (SELECT name FROM terms WHERE code = ${code}) AS name,
          (SELECT group_concat(course_id || ':' || n, ',') FROM (
            SELECT course_id, count(*) AS n FROM sections
            WHERE term_code = ${code} AND enrollment = 1 AND status <> 'cancelled' AND gone = 0
            GROUP BY course_id ORDER BY course_id)) AS counts`,
  );
  return JSON.stringify([row?.name ?? null, row?.counts ?? null]);
}

async function writeTerm(
  tx: Db,
  code: number,
  list: (ScheduleSection & { courseId: number })[],
  source: ScheduleSource,
  now: Date,
  covered: number[] | undefined,
  progress: (n: number) => void,
): Promise<Omit<TermReport, "matchedReviews">> {
  await tx.insert(terms).values({ code, name: termName(code)!, source, importedAt: now }).onConflictDoUpdate({
    target: terms.code,
    set: { name: sql`excluded.name`, source: sql`excluded.source`, importedAt: sql`excluded.imported_at` },
  });
  // Everything of the term (of the courses the data covers) is gone until the data names it again.
  if (!covered) await tx.update(sections).set({ gone: true }).where(sql`${sections.termCode} = ${code}`);
  for (const part of chunks(covered ?? [], CHUNK)) {
    const inPart = sql.join(part.map((id) => sql`${id}`), sql`, `);
    await tx.update(sections).set({ gone: true }).where(
      sql`${sections.termCode} = ${code} AND ${sections.courseId} IN (${inPart})`,
    );
  }
  const idOf = new Map<ScheduleSection, number>();
  for (const chunk of chunks(list, CHUNK)) {
    const rows = await tx.insert(sections).values(chunk.map((s) => ({
      termCode: code,
      courseId: s.courseId,
      section: s.section,
      classNumber: s.classNumber,
      enrollment: s.enrollment,
      status: s.status,
      capacity: s.capacity,
      enrolled: s.enrolled,
      waitCapacity: s.waitCapacity,
      waitlist: s.waitlist,
      creditsMin: s.creditsMin,
      creditsMax: s.creditsMax,
      mode: s.mode,
      notes: s.notes,
      finalExam: s.finalExam,
      gone: false,
    }))).onConflictDoUpdate({
      target: [sections.termCode, sections.courseId, sections.section],
      set: Object.fromEntries(
        [
          "class_number",
          "enrollment",
          "status",
          "capacity",
          "enrolled",
          "wait_capacity",
          "waitlist",
          "credits_min",
          "credits_max",
          "mode",
          "notes",
          "final_exam",
          "gone",
        ].map((column) => [toCamel(column), sql.raw(`excluded.${column}`)]),
      ),
    }).returning({ id: sections.id });
    chunk.forEach((section, i) => idOf.set(section, rows[i].id));
    const chunkIds = rows.map((row) => row.id);
    const inChunk = sql.join(chunkIds.map((id) => sql`${id}`), sql`, `);
    await tx.run(sql`DELETE FROM section_meetings WHERE section_id IN (${inChunk})`);
    await tx.run(sql`DELETE FROM section_instructors WHERE section_id IN (${inChunk})`);
    await tx.run(sql`DELETE FROM section_links WHERE companion_id IN (${inChunk}) OR section_id IN (${inChunk})`);
    const meetings = chunk.flatMap((s) =>
      s.meetings.map((m, position) => ({ sectionId: idOf.get(s)!, position, ...m }))
    );
    for (const part of chunks(meetings, CHUNK)) await tx.insert(sectionMeetings).values(part);
    const instructors = chunk.flatMap((s) =>
      s.instructors.map((person, position) => ({ sectionId: idOf.get(s)!, position, ...person }))
    );
    for (const part of chunks(instructors, CHUNK)) await tx.insert(sectionInstructors).values(part);
    progress(chunk.length);
  }

  const byCourse = new Map<number, (ScheduleSection & { courseId: number })[]>();
  for (const section of list) {
    if (!byCourse.has(section.courseId)) byCourse.set(section.courseId, []);
    byCourse.get(section.courseId)!.push(section);
  }
  const links = [...byCourse.values()].flatMap((ofCourse) =>
    companionLinks(ofCourse).map(([companion, lecture]) => ({
      companionId: idOf.get(companion)!,
      sectionId: idOf.get(lecture)!,
    }))
  );
  for (const part of chunks(links, CHUNK)) await tx.insert(sectionLinks).values(part).onConflictDoNothing();

  const [{ gone }] = await tx.all<{ gone: number }>(
    sql`SELECT count(*) AS gone FROM sections WHERE term_code = ${code} AND gone = 1`,
  );
  const people = new Set(list.flatMap((s) => s.instructors.map((i) => `${i.lastName}\u0000${i.firstName}`)));
  return {
    code,
    name: termName(code)!,
    sections: list.length,
    enrollment: list.filter((s) => s.enrollment).length,
    companions: list.filter((s) => !s.enrollment).length,
    courses: byCourse.size,
    instructors: people.size,
    meetings: list.reduce((sum, s) => sum + s.meetings.length, 0),
    links: links.length,
    gone: Number(gone),
  };
}

function toCamel(column: string): string {
  return column.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase());
}
