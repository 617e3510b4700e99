/**
 * Stores a term's sections (from the registrar's download, the bulletin or the demo schedule), one term at a time:
 * sections upserted by term, course and section so their ids stay; their meetings, instructors and companion links
 * replaced where they changed; sections of the term that the new data no longer has kept and marked gone, since a
 * student's plan may point at them.
 *
 * A whole BU term is 30,000 rows, and the import runs beside a live site. The rows are first written to
 * `schedule_staging` in short transactions, with a pause after each in which other processes' writes take the lock;
 * then each term is merged in one transaction of set-based statements that write only what differs, so a visitor's
 * write waits at most that long and no one reads half a term; the reviews of its courses are matched to its
 * instructors in the next; the staged rows are then deleted, again in short transactions.
 *
 * The catalog in memory carries each course's terms and section counts (search's "Offered in"): an import that changes
 * them raises the catalog's version, so every process reads the catalog again at its next request, and one that does
 * not change them raises nothing.
 */
import { sql } from "drizzle-orm";
import type { Database, Db } from "../../../db/client.ts";
import { scheduleStaging, terms } from "../../../db/schema.ts";
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
  /** Sections new to the term, or whose fields, meetings or instructors changed. */
  changed: number;
  /** Reviews of the term's courses whose professor changed: a typed name now matched to an instructor, or no longer. */
  matchedReviews: number;
};

export type ScheduleReport = {
  terms: TermReport[];
  skipped: SkippedRow[];
  milliseconds: number;
  /** The longest the import held the write lock at once (the longest a visitor's write could wait on it), in ms. */
  longestTransactionMs: number;
};

/** How many sections are written per statement, and per short transaction of the staging. */
const CHUNK = 250;
const STAGED_PER_TRANSACTION = 500;
/** Staged rows a crashed import left are deleted once they are this old (no import runs that long). */
const ABANDONED_AFTER_MS = 6 * 60 * 60 * 1000;

/** The catalog's course ids by "COLLEGE DEPARTMENT NUMBER". */
async function courseIds(db: Db): Promise<Map<string, number>> {
  const rows = await db.all<{ id: number; code: string }>(
    sql`SELECT id, college || ' ' || department || ' ' || number AS code FROM courses`,
  );
  return new Map(rows.map((row) => [row.code, row.id]));
}

type Placed = ScheduleSection & { courseId: number };

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
  const byTerm = new Map<number, Placed[]>();
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
  const importId = crypto.randomUUID();
  const now = options.now ?? new Date();
  let done = 0;
  const reports: TermReport[] = [];
  let offeringsChanged = false;
  const lock = lockTimer(database);
  await dropStaged(lock, sql`created_at < ${now.getTime() - ABANDONED_AFTER_MS}`);
  try {
    for (const [code, list] of [...byTerm].sort(([a], [b]) => a - b)) {
      await stage(lock, importId, code, list, (n) => {
        done += n;
        options.onProgress?.(done, total);
      });
      const merged = await lock.write(async (tx) => {
        const before = await offeringsOf(tx, code);
        const merged = await mergeTerm(tx, importId, code, list, options.source, now, covered);
        // In the term's transaction: no process can read the new sections with the old catalog's version.
        if ((await offeringsOf(tx, code)) !== before) {
          await raiseCatalogVersion(tx);
          offeringsChanged = true;
        }
        return merged;
      });
      await pause(lock);
      // The reviews of the term's courses follow its instructors, in a transaction of their own right after.
      const matched = await lock.write((tx) => matchProfessors(tx, [...new Set(list.map((s) => s.courseId))]));
      reports.push({ ...merged, matchedReviews: matched.reviews });
      await pause(lock);
    }
  } finally {
    await dropStaged(lock, sql`import_id = ${importId}`);
  }
  // The new snapshot for every process, so that none has to read the rows.
  if (offeringsChanged) await ensureCatalogSnapshot(database.db);
  skipped.sort((a, b) => a.record - b.record);
  return {
    terms: reports,
    skipped,
    milliseconds: Math.round(performance.now() - started),
    longestTransactionMs: Math.round(lock.longest),
  };
}

/** The import's write transactions, timed: how long the last held the lock, and the longest. */
type LockTimer = { write<T>(work: (tx: Db) => Promise<T>): Promise<T>; last: number; longest: number };

function lockTimer(database: Database): LockTimer {
  const timer: LockTimer = {
    last: 0,
    longest: 0,
    async write(work) {
      let began: number | undefined;
      try {
        return await database.write((tx) => {
          began = performance.now();
          return work(tx);
        });
      } finally {
        if (began !== undefined) {
          timer.last = performance.now() - began;
          timer.longest = Math.max(timer.longest, timer.last);
        }
      }
    },
  };
  return timer;
}

/**
 * Lets other processes' writes that waited for the lock take it before the import's next transaction: as long as the
 * last one held it (their busy handler polls every few to 100 ms), at least 20 ms.
 */
function pause(lock: LockTimer): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(lock.last, 20), 200)));
}

/** Writes a term's sections to the staging table, STAGED_PER_TRANSACTION at a time, pausing after each. */
async function stage(
  lock: LockTimer,
  importId: string,
  code: number,
  list: Placed[],
  progress: (n: number) => void,
): Promise<void> {
  const lecturesOf = new Map<Placed, string[]>();
  const byCourse = new Map<number, Placed[]>();
  for (const section of list) {
    if (!byCourse.has(section.courseId)) byCourse.set(section.courseId, []);
    byCourse.get(section.courseId)!.push(section);
  }
  for (const ofCourse of byCourse.values()) {
    for (const [companion, lecture] of companionLinks(ofCourse)) {
      if (!lecturesOf.has(companion)) lecturesOf.set(companion, []);
      lecturesOf.get(companion)!.push(lecture.section);
    }
  }
  for (const part of chunks(list, STAGED_PER_TRANSACTION)) {
    await lock.write(async (tx) => {
      for (const rows of chunks(part, CHUNK)) {
        await tx.insert(scheduleStaging).values(rows.map((s) => ({
          importId,
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
          meetings: JSON.stringify(
            s.meetings.map((m) => [m.days, m.startMinute, m.endMinute, m.room, m.startDate, m.endDate]),
          ),
          instructors: JSON.stringify(s.instructors.map((i) => [i.lastName, i.firstName])),
          lectures: JSON.stringify(lecturesOf.get(s) ?? []),
        }))).onConflictDoNothing();
      }
    });
    progress(part.length);
    await pause(lock);
  }
}

/** Deletes staged rows matching `where`, a few thousand per short transaction. */
async function dropStaged(lock: LockTimer, where: ReturnType<typeof sql>): Promise<void> {
  for (;;) {
    const { rowsAffected } = await lock.write((tx) =>
      tx.run(
        sql`DELETE FROM schedule_staging WHERE rowid IN (SELECT rowid FROM schedule_staging WHERE ${where} LIMIT 5000)`,
      )
    );
    if (rowsAffected < 5000) return;
    await pause(lock);
  }
}

/** The columns of a section the file gives, in `sections` and `schedule_staging` alike. */
const FIELDS = [
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
] as const;

/**
 * Merges a term's staged sections into the schedule, writing only what differs: a re-import of the same file changes
 * no section, meeting, instructor or link (only the term's "as of").
 */
async function mergeTerm(
  tx: Db,
  importId: string,
  code: number,
  list: Placed[],
  source: ScheduleSource,
  now: Date,
  covered: number[] | undefined,
): Promise<Omit<TermReport, "matchedReviews">> {
  const staged = sql`schedule_staging st WHERE st.import_id = ${importId} AND st.term_code = ${code}`;
  const columns = sql.raw(FIELDS.join(", "));

  await tx.insert(terms).values({ code, name: termName(code)!, source, importedAt: now }).onConflictDoUpdate({
    target: terms.code,
    set: { name: sql`excluded.name`, source: sql`excluded.source`, importedAt: sql`excluded.imported_at` },
  });
  // Sections new or changed (a course deleted from the catalog since the staging is left out).
  const upserted = await tx.all<{ id: number }>(
    sql`INSERT INTO sections (term_code, course_id, section, ${columns}, gone)
    SELECT st.term_code, st.course_id, st.section, ${sql.raw(FIELDS.map((f) => `st.${f}`).join(", "))}, 0
    FROM ${staged} AND st.course_id IN (SELECT id FROM courses)
    ON CONFLICT (term_code, course_id, section) DO UPDATE SET
      ${sql.raw(FIELDS.map((f) => `${f} = excluded.${f}`).join(", "))}, gone = 0
    WHERE ${sql.raw(FIELDS.map((f) => `sections.${f} IS NOT excluded.${f}`).join(" OR "))} OR sections.gone <> 0
    RETURNING id`,
  );
  // Sections of the term (of the courses the data covers) that the data no longer names.
  const inCovered = covered ? sql`AND course_id IN (SELECT value FROM json_each(${JSON.stringify(covered)}))` : sql``;
  await tx.run(sql`UPDATE sections SET gone = 1
    WHERE term_code = ${code} AND gone = 0 ${inCovered} AND NOT EXISTS (
      SELECT 1 FROM schedule_staging st WHERE st.import_id = ${importId} AND st.term_code = ${code}
        AND st.course_id = sections.course_id AND st.section = sections.section)`);

  // Each staged section gets its id in `sections`, and whether its meetings and instructors differ from those stored;
  // the statements below read the staged rows by them (no temporary tables: a libSQL server has none).
  const mine = sql`import_id = ${importId} AND term_code = ${code}`;
  await tx.run(sql`UPDATE schedule_staging SET section_id = (SELECT s.id FROM sections s
      WHERE s.term_code = schedule_staging.term_code AND s.course_id = schedule_staging.course_id
        AND s.section = schedule_staging.section)
    WHERE ${mine}`);
  await tx.run(sql`UPDATE schedule_staging SET
      meetings_changed = json(meetings) IS NOT (SELECT json_group_array(json_array(days, start_minute, end_minute, room,
        start_date, end_date)) FROM (SELECT * FROM section_meetings m WHERE m.section_id = schedule_staging.section_id
        ORDER BY position)),
      instructors_changed = json(instructors) IS NOT (SELECT json_group_array(json_array(last_name, first_name))
        FROM (SELECT * FROM section_instructors i WHERE i.section_id = schedule_staging.section_id ORDER BY position))
    WHERE ${mine} AND section_id IS NOT NULL`);

  // Meetings and instructors: a section's rows are replaced when they differ from what the file says.
  await tx.run(sql`DELETE FROM section_meetings
    WHERE section_id IN (SELECT section_id FROM schedule_staging WHERE ${mine} AND meetings_changed)`);
  await tx.run(sql`INSERT INTO section_meetings
      (section_id, position, days, start_minute, end_minute, room, start_date, end_date)
    SELECT p.section_id, j.key, j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4, j.value ->> 5
    FROM schedule_staging p CROSS JOIN json_each(p.meetings) j
    WHERE p.import_id = ${importId} AND p.term_code = ${code} AND p.meetings_changed`);
  await tx.run(sql`DELETE FROM section_instructors
    WHERE section_id IN (SELECT section_id FROM schedule_staging WHERE ${mine} AND instructors_changed)`);
  await tx.run(sql`INSERT INTO section_instructors (section_id, position, last_name, first_name)
    SELECT p.section_id, j.key, j.value ->> 0, j.value ->> 1
    FROM schedule_staging p CROSS JOIN json_each(p.instructors) j
    WHERE p.import_id = ${importId} AND p.term_code = ${code} AND p.instructors_changed`);

  // Companion links: those of the file's sections that the file no longer gives go, the new ones come. A link is
  // wanted when its discussion or lab names its lecture's section among its `lectures`.
  const wanted = sql`SELECT p.section_id AS companion_id, l.id AS section_id
    FROM schedule_staging p CROSS JOIN json_each(p.lectures) j
    CROSS JOIN sections l ON l.term_code = ${code} AND l.course_id = p.course_id AND l.section = j.value
    WHERE p.import_id = ${importId} AND p.term_code = ${code}`;
  await tx.run(sql`DELETE FROM section_links
    WHERE (companion_id IN (SELECT section_id FROM schedule_staging WHERE ${mine})
        OR section_id IN (SELECT section_id FROM schedule_staging WHERE ${mine}))
      AND NOT EXISTS (SELECT 1 FROM schedule_staging p CROSS JOIN json_each(p.lectures) j
        JOIN sections l ON l.id = section_links.section_id AND l.section = j.value
        WHERE p.import_id = ${importId} AND p.section_id = section_links.companion_id)`);
  await tx.run(sql`INSERT INTO section_links (companion_id, section_id) ${wanted} ON CONFLICT DO NOTHING`);

  const [row] = await tx.all<{ gone: number; links: number }>(
    sql`SELECT (SELECT count(*) FROM sections WHERE term_code = ${code} AND gone = 1) AS gone,
      (SELECT count(*) FROM (${wanted})) AS links`,
  );
  const rewritten = await tx.all<{ id: number }>(
    sql`SELECT section_id AS id FROM schedule_staging WHERE ${mine} AND (meetings_changed OR instructors_changed)`,
  );
  const counts = {
    gone: Number(row.gone),
    links: Number(row.links),
    changed: new Set([...upserted, ...rewritten].map((r) => Number(r.id))).size,
  };
  const people = new Set(list.flatMap((s) => s.instructors.map((i) => `${i.lastName}\u0000${i.firstName}`)));
  return {
    code,
    name: termName(code)!,
    sections: list.length,
    enrollment: list.filter((s) => s.enrollment).length,
    companions: list.filter((s) => !s.enrollment).length,
    courses: new Set(list.map((s) => s.courseId)).size,
    instructors: people.size,
    meetings: list.reduce((sum, s) => sum + s.meetings.length, 0),
    ...counts,
  };
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
