/**
 * What a course page shows above its reviews and what a professor page shows,
 * read in one query each from the reviews' rating columns and worked out by
 * src/lib/rating-figures.ts. Each review carries its professor's slug and its
 * term (src/lib/professor-names.ts, src/lib/semesters.ts), written with the review
 * and filled in at start for reviews stored before they existed.
 */
import { and, count, eq, or, type SQL, sql } from "drizzle-orm";
import type { Database, Db } from "../../../db/client.ts";
import { type Catalog, withCatalog } from "../catalog/catalog-cache.ts";
import { professorSpellings, reviews } from "../../../db/schema.ts";
import type { CourseSummary, ProfessorView } from "../../lib/api-types.ts";
import { averagesOf, professorNames, type RatingRow, summarize } from "../../lib/rating-figures.ts";
import { professorDisplayName, professorSlug, professorWords } from "../../lib/professor-names.ts";
import { parseSemester, semesterLabel } from "../../lib/semesters.ts";
import { instructorNamesOf, teacherKeyOf } from "../schedule/professor-matching.ts";

/**
 * The keys a review's typed texts give in a course: the slug of the name, the professor it names there (one of the
 * course's instructors, else the slug itself; src/services/schedule/professor-matching.ts) as SQL, and the term.
 */
export function reviewKeys(
  courseId: number | SQL,
  input: { teacherName: string; semester: string },
): { nameKey: string; teacherKey: SQL; term: number | null } {
  const nameKey = professorSlug(input.teacherName);
  return { nameKey, teacherKey: teacherKeyOf(courseId, nameKey), term: parseSemester(input.semester) };
}

/**
 * The figure columns of the reviews `where` picks, as one JSON array in one
 * row: SQLite builds it from the covering index, and the client turns one
 * string into rows far faster than it turns 500 rows into objects.
 */
async function ratingRows(db: Db, where: SQL, extra: SQL = sql``): Promise<(RatingRow & { extra: unknown[] })[]> {
  const [row] = await db.values<[string]>(sql`SELECT json_group_array(json_array(
    overall_rating, usefulness_rating, difficulty_rating, workload_rating, interest_rating, teacher_rating,
    hours_per_week, attendance_required, teacher_key, teacher_name, term ${extra}))
    FROM reviews WHERE ${where}`);
  return (JSON.parse(row[0]) as unknown[][]).map((r) => ({
    overallRating: r[0] as number,
    usefulnessRating: r[1] as number,
    difficultyRating: r[2] as number,
    workloadRating: r[3] as number,
    interestRating: r[4] as number,
    teacherRating: r[5] as number,
    hoursPerWeek: r[6] as number,
    attendanceRequired: r[7] === 1,
    teacherKey: r[8] as string,
    teacherName: r[9] as string,
    term: r[10] as number | null,
    extra: r.slice(11),
  }));
}

/** The course's figures, and for a signed-in viewer whether they reviewed it (a hidden review counts), read side by side. */
export async function courseSummary(
  db: Db,
  courseId: number,
  viewerId?: number,
  today = new Date(),
): Promise<CourseSummary> {
  const [rows, reviewed, names] = await Promise.all([
    ratingRows(db, sql`course_id = ${courseId} AND hidden = 0`),
    viewerId === undefined
      ? false
      : db.$count(reviews, and(eq(reviews.courseId, courseId), eq(reviews.userId, viewerId))).then((n) => n > 0),
    courseInstructorNames(db, courseId),
  ]);
  return summarize(courseId, rows, today, reviewed, names);
}

/** The class schedule's names of a course's instructors, by professor key (src/services/schedule/professor-matching.ts). */
async function courseInstructorNames(db: Db, courseId: number): Promise<Map<string, string>> {
  const rows = await db.all<{ key: string; name: string }>(
    sql`SELECT key, trim(first_name || ' ' || last_name) AS name FROM instructors
      WHERE key IN (SELECT teacher_key FROM instructor_names WHERE course_id = ${courseId})`,
  );
  return new Map(rows.map((row) => [row.key, row.name]));
}

/** How many visible reviews use each spelling of each professor, for the reviews `where` picks. */
async function spellings(db: Db, where?: SQL) {
  return await db.select({ teacherKey: reviews.teacherKey, teacherName: reviews.teacherName, uses: count() }).from(
    reviews,
  )
    .where(and(eq(reviews.hidden, false), where)).groupBy(reviews.teacherKey, reviews.teacherName);
}

/** The professors reviewed for a course, as the teacher filter lists them: one name per professor, by name. */
export async function courseProfessors(db: Db, courseId: number): Promise<{ slug: string; name: string }[]> {
  const [rows, names] = await Promise.all([
    spellings(db, eq(reviews.courseId, courseId)),
    courseInstructorNames(db, courseId),
  ]);
  return [...professorNames(rows, names)].map(([slug, name]) => ({ slug, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** A professor's figures over every course, per course, and the spellings students used; null when no visible review names them. */
export function professorSummary(db: Db, slug: string): Promise<Omit<ProfessorView, "reviews"> | null> {
  return withCatalog(db, (catalog) => professorSummaryIn(db, catalog, slug));
}

async function professorSummaryIn(
  db: Db,
  catalog: Catalog,
  slug: string,
): Promise<Omit<ProfessorView, "reviews"> | null> {
  const [found, known] = await Promise.all([
    ratingRows(db, sql`teacher_key = ${slug} AND hidden = 0`, sql`, course_id`),
    instructorNamesOf(db, [slug]),
  ]);
  const rows = found.map((r) => ({ ...r, courseId: r.extra[0] as number }));
  if (rows.length === 0) return null;
  const name = professorNames(rows, known).get(slug)!;
  // Spellings that differ from the name in more than case: "Jose Nunez" beside "José Núñez", not "wayne snyder" beside "Wayne Snyder".
  const aliases = [
    ...new Map(rows.map((r) => professorDisplayName(r.teacherName)).map((a) => [a.toLowerCase(), a])).values(),
  ]
    .filter((alias) => alias.toLowerCase() !== name.toLowerCase()).sort();
  const byCourse = new Map<number, typeof rows>();
  for (const row of rows) {
    const group = byCourse.get(row.courseId);
    if (group) group.push(row);
    else byCourse.set(row.courseId, [row]);
  }
  const list = [...byCourse].filter(([id]) => catalog.courses.has(id)).map(([id, group]) => {
    const course = catalog.courses.get(id)!;
    const terms = group.map((r) => r.term).filter((t): t is number => t !== null);
    return {
      id,
      code: course.code,
      title: course.title,
      averages: averagesOf(group),
      lastTerm: terms.length ? semesterLabel(Math.max(...terms)) : null,
    };
  }).sort((a, b) => b.averages.count - a.averages.count || a.code.localeCompare(b.code));
  return { slug, name, aliases, averages: averagesOf(rows), courses: list };
}

export type ProfessorEntry = { slug: string; name: string; reviews: number };

/** The professors of some spelling rows: slug, the name shown and their visible reviews, most reviewed first. */
function directoryOf(
  rows: readonly { teacherKey: string; teacherName: string; uses: number; known: string | null }[],
): ProfessorEntry[] {
  const counts = new Map<string, number>();
  const known = new Map<string, string>();
  for (const row of rows) {
    counts.set(row.teacherKey, (counts.get(row.teacherKey) ?? 0) + row.uses);
    if (row.known) known.set(row.teacherKey, row.known);
  }
  return [...professorNames(rows, known)].map(([slug, name]) => ({ slug, name, reviews: counts.get(slug) ?? 0 }))
    .sort((a, b) => b.reviews - a.reviews || a.name.localeCompare(b.name));
}

const spellingColumns = {
  teacherKey: professorSpellings.teacherKey,
  teacherName: professorSpellings.teacherName,
  uses: professorSpellings.uses,
  /** The class schedule's name of the professor, when they are one of its instructors. */
  known: sql<string | null>`(SELECT trim(i.first_name || ' ' || i.last_name) FROM instructors i
    WHERE i.key = ${professorSpellings.teacherKey})`,
};

/**
 * Every professor with a visible review, most reviewed first: slug, name and
 * review count. Read from the directory the reviews' triggers keep exact, so
 * a review hidden or deleted leaves it in the same transaction.
 */
export async function allProfessors(db: Db): Promise<ProfessorEntry[]> {
  return directoryOf(await db.select(spellingColumns).from(professorSpellings));
}

/**
 * Professors whose name has a word starting with each word typed ("sny", "w
 * snyder"), most reviewed first. Asked of the directory at every pause in
 * typing, never kept: nothing the typeahead shows can outlive its reviews.
 */
export async function professorSuggestions(db: Db, q: string, limit = 3): Promise<ProfessorEntry[]> {
  const words = professorWords(q);
  // Two Latin letters at least; a letter of another script ("王") is enough.
  const latin = /^[a-z0-9]*$/.test(words.join(""));
  if (words.length === 0 || (latin && words.join("").length < 2)) return [];
  // A slug's words are letters, marks and digits: none can hold LIKE's wildcards.
  const startsAWord = (word: string) => sql`('-' || ${professorSpellings.teacherKey}) LIKE ${`%-${word}%`}`;
  const rows = await db.select(spellingColumns).from(professorSpellings).where(and(...words.map(startsAWord)));
  return directoryOf(rows).slice(0, limit);
}

/**
 * Gives every review its professor slug and term where they are missing:
 * reviews stored before the columns existed, or copied in by an import.
 * Returns how many it filled.
 */
export async function ensureReviewKeys(database: Database): Promise<number> {
  const missing = await database.db.select({
    id: reviews.id,
    courseId: reviews.courseId,
    teacherName: reviews.teacherName,
    semester: reviews.semester,
  }).from(reviews)
    .where(or(eq(reviews.teacherKey, ""), eq(reviews.nameKey, "")));
  if (missing.length === 0) return 0;
  await database.write(async (tx) => {
    for (const row of missing) {
      const keys = reviewKeys(row.courseId, row);
      await tx.run(
        sql`UPDATE reviews SET name_key = ${keys.nameKey}, teacher_key = ${keys.teacherKey}, term = ${keys.term}
          WHERE id = ${row.id}`,
      );
    }
  });
  return missing.length;
}
