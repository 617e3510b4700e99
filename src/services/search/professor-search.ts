/**
 * Professors by name on the search page: "marchetti", "prof. e marchetti" or "elena march" finds Elena Marchetti,
 * with the courses students reviewed her in and those the class schedule gives her, each with her teacher average
 * there. Asked of the professor directory (the reviews' spellings) and of the schedule's instructors, so a professor
 * no review names yet is found too. One statement, started with the search's own so that it leaves in its round trip.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import type { ProfessorMatch } from "../../lib/api-types.ts";
import { instructorKey, preferredName, professorWords } from "../../lib/professor-names.ts";
import { termName, termOf } from "../../lib/term-codes.ts";
import type { Catalog } from "../catalog/catalog-cache.ts";

/** Professors shown at most, and courses per professor. */
const MAX_PROFESSORS = 3;
const MAX_COURSES = 12;

/**
 * The words of a text that could be a name: letters only (a course code or number is not), one to four words, and
 * not a lone Latin word of one or two letters ("cs"); in another script any letter may start a name ("王"). Null when
 * the text is not such a name.
 */
export function nameWords(q: string): string[] | null {
  const words = professorWords(q);
  if (words.length === 0 || words.length > 4 || words.some((word) => /\p{N}/u.test(word))) return null;
  if (/^[a-z]*$/.test(words.join("")) && words.join("").length < 3) return null;
  return words;
}

/**
 * Whether a professor key's words answer each typed word: a letter is an initial, two or three letters a whole word,
 * four or more the start of one. As SQL over `key`.
 */
function keyMatches(key: SQL, words: readonly string[]): SQL {
  // A slug's words are letters and their marks: none can hold LIKE's wildcards.
  const conditions = words.map((word) => {
    const letters = [...word].length;
    return letters === 1 || letters >= 4
      ? sql`('-' || ${key}) LIKE ${`%-${word}%`}`
      : sql`('-' || ${key} || '-') LIKE ${`%-${word}-%`}`;
  });
  return sql.join(conditions, sql` AND `);
}

type Row = {
  key: string;
  known: string | null;
  spellings: string;
  reviewed: string;
  taught: string;
};

/** The professors `q` names, most reviewed first; none when `q` is not a name. */
export async function professorsMatching(
  db: Db,
  catalog: Catalog,
  q: string,
  today = new Date(),
): Promise<ProfessorMatch[]> {
  const words = nameWords(q);
  if (!words) return [];
  const current = termOf(today);
  const rows = await db.all<Row>(sql`WITH people(key) AS (
      SELECT teacher_key FROM professor_spellings UNION SELECT key FROM instructors
    ), matched(key, uses) AS (
      SELECT p.key, coalesce((SELECT sum(uses) FROM professor_spellings d WHERE d.teacher_key = p.key), 0)
      FROM people p WHERE ${keyMatches(sql`p.key`, words)}
      ORDER BY 2 DESC, p.key LIMIT ${MAX_PROFESSORS}
    )
    SELECT m.key,
      (SELECT trim(i.first_name || ' ' || i.last_name) FROM instructors i WHERE i.key = m.key) AS known,
      (SELECT json_group_array(json_array(teacher_name, uses)) FROM professor_spellings WHERE teacher_key = m.key)
        AS spellings,
      (SELECT json_group_array(json_array(course_id, n, total)) FROM (
        SELECT course_id, count(*) AS n, sum(teacher_rating) AS total FROM reviews
        WHERE teacher_key = m.key AND hidden = 0 GROUP BY course_id)) AS reviewed,
      (SELECT json_group_array(json_array(n.course_id, json((SELECT coalesce(json_group_array(json_array(
          first_name, last_name, soonest, sections)), '[]') FROM (SELECT i.first_name, i.last_name,
            min(CASE WHEN s.gone = 0 AND s.term_code >= ${current} THEN s.term_code END) AS soonest, count(*) AS sections
          FROM sections s JOIN section_instructors i ON i.section_id = s.id
          WHERE s.course_id = n.course_id AND s.status <> 'cancelled' GROUP BY i.first_name, i.last_name)))))
        FROM instructor_names n WHERE n.teacher_key = m.key AND n.name_key = m.key) AS taught
    FROM matched m ORDER BY m.uses DESC, m.key`);
  return rows.map((row) => professorOf(catalog, row));
}

function professorOf(catalog: Catalog, row: Row): ProfessorMatch {
  const spellings = JSON.parse(row.spellings) as [string, number][];
  const reviewed = JSON.parse(row.reviewed) as [number, number, number][];
  // The courses the schedule gives them a section of (not cancelled) in a known term, and the soonest from now on. The
  // statement sends each course's instructors; theirs are those whose key is the professor's, as `instructorKey` says.
  const taught = new Map<number, number | null>();
  for (const [id, people] of JSON.parse(row.taught) as [number, [string, string, number | null, number][]][]) {
    for (const [firstName, lastName, soonest] of people) {
      if (instructorKey({ firstName, lastName }) !== row.key) continue;
      const term = taught.get(id) ?? null;
      taught.set(id, term === null || (soonest !== null && soonest < term) ? soonest : term);
    }
  }
  const ids = new Set([...reviewed.map(([id]) => id), ...taught.keys()]);
  const byCourse = new Map(reviewed.map(([id, n, total]) => [id, { n, total }]));
  const courses = [...ids].flatMap((id) => {
    const course = catalog.courses.get(id);
    if (!course) return [];
    const rated = byCourse.get(id);
    const term = taught.get(id) ?? null;
    return [{
      id,
      code: course.code,
      title: course.title,
      reviews: rated?.n ?? 0,
      teacher: rated ? rated.total / rated.n : null,
      teaching: term === null ? null : termName(term),
    }];
  });
  // Courses they teach soonest first, then the most reviewed, then by code.
  courses.sort((a, b) =>
    Number(b.teaching !== null) - Number(a.teaching !== null) || b.reviews - a.reviews || a.code.localeCompare(b.code)
  );
  const count = reviewed.reduce((sum, [, n]) => sum + n, 0);
  const total = reviewed.reduce((sum, [, , t]) => sum + t, 0);
  return {
    slug: spellings.length ? row.key : null,
    name: row.known ?? preferredName(spellings),
    reviews: count,
    teacher: count ? total / count : null,
    courses: courses.slice(0, MAX_COURSES),
    courseCount: courses.length,
  };
}
