/**
 * Professors are the schedule's instructors. For each course the schedule knows, the ways its instructors' names can
 * be typed (src/lib/professor-names.ts, `courseNameKeys`) are stored in `instructor_names`, and each review of the
 * course carries the professor key its typed name stands for: "Prof. Marchetti", "E. Marchetti" and "Marchetti,
 * Elena" are all Elena Marchetti's page when she teaches the course. A name no instructor of the course answers to
 * keeps its own slug (`name_key`), as before the schedule.
 *
 * A review written or edited gets its key in its own statement (`teacherKeyOf`); a schedule import matches again the
 * reviews of the courses it touched (`matchProfessors`), in the transaction after the one that merged the term.
 */
import { inArray, type SQL, sql } from "drizzle-orm";
import type { Database, Db } from "../../../db/client.ts";
import { instructorNames, instructors } from "../../../db/schema.ts";
import { courseNameKeys, instructorKey, NO_NAME, type PersonName, professorSlug } from "../../lib/professor-names.ts";
import { chunks } from "../../lib/chunks.ts";

/** The professor key of a name typed for a course, as SQL: the course's instructor it names, else its own slug. */
export function teacherKeyOf(courseId: number | SQL, nameKey: string | SQL): SQL {
  return sql`coalesce((SELECT n.teacher_key FROM instructor_names n WHERE n.course_id = ${courseId}
    AND n.name_key = ${nameKey}), ${nameKey})`;
}

/** The professor key of a name typed for a course, as SQL over the typed text. */
export function teacherKeyOfName(courseId: number | SQL, typed: string): SQL {
  return teacherKeyOf(courseId, professorSlug(typed));
}

export type MatchReport = {
  /** Courses whose instructors were read. */
  courses: number;
  /** Distinct instructors (professor keys) of those courses. */
  instructors: number;
  /** Reviews whose professor changed. */
  reviews: number;
};

const CHUNK = 300;

function idList(ids: readonly number[] | undefined, column: string): SQL {
  return ids === undefined ? sql`1` : sql`${sql.raw(column)} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
}

/**
 * Matches the reviews of these courses (all courses with sections when absent) to the courses' instructors in every
 * known term, gone sections included (a review outlives the section). Rows that did not change are not written, so
 * a re-import of the same schedule changes nothing a visitor sees. Run it in a write transaction once the sections are written.
 */
export async function matchProfessors(tx: Db, courseIds?: readonly number[]): Promise<MatchReport> {
  const people = await tx.all<PersonName & { courseId: number }>(
    sql`SELECT DISTINCT s.course_id AS courseId, i.first_name AS firstName, i.last_name AS lastName
      FROM section_instructors i JOIN sections s ON s.id = i.section_id WHERE ${idList(courseIds, "s.course_id")}`,
  );
  const byCourse = new Map<number, PersonName[]>();
  for (const { courseId, ...person } of people) {
    if (!byCourse.has(courseId)) byCourse.set(courseId, []);
    byCourse.get(courseId)!.push(person);
  }
  const courses = courseIds ?? [...byCourse.keys()];
  const wantedOf = new Map<number, Map<string, string>>();
  const named = new Map<string, PersonName>();
  for (const courseId of courses) {
    const keys = courseNameKeys(byCourse.get(courseId) ?? []);
    if (keys.size) wantedOf.set(courseId, keys);
    for (const person of byCourse.get(courseId) ?? []) {
      const key = instructorKey(person);
      if (key !== NO_NAME) named.set(key, person);
    }
  }

  // The stored names of these courses brought to the wanted ones: a course whose names changed has them all written
  // again (by its id, which the primary key leads with); the others are left as they are.
  const stored = await tx.all<{ courseId: number; nameKey: string; teacherKey: string }>(
    sql`SELECT course_id AS courseId, name_key AS nameKey, teacher_key AS teacherKey FROM instructor_names
      WHERE ${idList(courseIds, "course_id")}`,
  );
  const storedOf = new Map<number, Map<string, string>>();
  for (const row of stored) {
    const courseId = Number(row.courseId);
    if (!storedOf.has(courseId)) storedOf.set(courseId, new Map());
    storedOf.get(courseId)!.set(row.nameKey, row.teacherKey);
  }
  const changed = [...new Set([...wantedOf.keys(), ...storedOf.keys()])].filter((courseId) => {
    const want = wantedOf.get(courseId) ?? new Map<string, string>();
    const have = storedOf.get(courseId) ?? new Map<string, string>();
    return want.size !== have.size || [...want].some(([nameKey, teacherKey]) => have.get(nameKey) !== teacherKey);
  });
  for (const part of chunks(changed, CHUNK)) {
    await tx.run(
      sql`DELETE FROM instructor_names WHERE course_id IN (SELECT value FROM json_each(${JSON.stringify(part)}))`,
    );
  }
  const fresh = changed.flatMap((courseId) =>
    [...(wantedOf.get(courseId) ?? [])].map(([nameKey, teacherKey]) => ({ courseId, nameKey, teacherKey }))
  );
  for (const part of chunks(fresh, CHUNK)) await tx.insert(instructorNames).values(part);

  // The people: one row per professor key, with the schedule's spelling of the name.
  const rows = [...named].map(([key, person]) => ({ key, ...person }));
  for (const part of chunks(rows, CHUNK)) {
    await tx.insert(instructors).values(part).onConflictDoUpdate({
      target: instructors.key,
      set: { firstName: sql`excluded.first_name`, lastName: sql`excluded.last_name` },
      setWhere:
        sql`${instructors.firstName} IS NOT excluded.first_name OR ${instructors.lastName} IS NOT excluded.last_name`,
    });
  }
  if (changed.length) {
    await tx.run(sql`DELETE FROM instructors WHERE key NOT IN (SELECT teacher_key FROM instructor_names)`);
  }

  const matched = teacherKeyOf(sql`reviews.course_id`, sql`reviews.name_key`);
  const moved = await tx.run(sql`UPDATE reviews SET teacher_key = ${matched}
    WHERE ${idList(courses, "course_id")} AND teacher_key IS NOT ${matched}`);
  return { courses: courses.length, instructors: named.size, reviews: moved.rowsAffected };
}

/**
 * Matches every course's reviews when the schedule has instructors but their names were never stored (a database
 * that had a schedule before professors were matched). Returns how many reviews changed professor.
 */
export async function ensureProfessorMatching(database: Database): Promise<number> {
  const [{ needed }] = await database.db.all<{ needed: number }>(
    sql`SELECT EXISTS (SELECT 1 FROM section_instructors) AND NOT EXISTS (SELECT 1 FROM instructor_names) AS needed`,
  );
  if (!needed) return 0;
  return (await database.write((tx) => matchProfessors(tx))).reviews;
}

/** The schedule's names of these professor keys: the name their page and tables show. */
export async function instructorNamesOf(db: Db, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db.select().from(instructors).where(inArray(instructors.key, [...keys]));
  return new Map(rows.map((row) => [row.key, `${row.firstName} ${row.lastName}`.trim()]));
}

/**
 * Where the old page of a spelling now merged into a professor's went: the professor most of the visible reviews
 * typed as `slug` now belong to, or null when none moved. Asked only of a slug with no page of its own.
 */
export async function professorMovedTo(db: Db, slug: string): Promise<string | null> {
  const [row] = await db.all<{ key: string }>(
    sql`SELECT teacher_key AS key FROM reviews WHERE name_key = ${slug} AND hidden = 0 AND teacher_key <> ${slug}
      GROUP BY teacher_key ORDER BY count(*) DESC, teacher_key LIMIT 1`,
  );
  return row?.key ?? null;
}
