/**
 * A course's sections in the terms whose schedule HubRate knows, from the current term on (the course page's
 * "Offered", GET /api/courses/{id}/sections): per term, each section a student registers for with its meetings, its
 * instructors and the companions linked to it, and the companions that go with any of them. Each instructor carries
 * their professor page, when reviews name them anywhere, and their teacher average in this course.
 *
 * Two statements, started in the same turn so that they leave in the caller's round trip: the schedule as one JSON
 * document, and the course's visible reviews per professor spelling (few rows, from the covering index).
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import type {
  CompanionSection,
  CourseSection,
  CourseSections,
  SectionInstructor,
  TermSections,
} from "../../lib/api-types.ts";
import { instructorKey, type PersonName } from "../../lib/professor-names.ts";
import { parseSemester } from "../../lib/semesters.ts";
import { termOf } from "../../lib/term-codes.ts";
import { isCalendarDate } from "../../lib/term-ends.ts";

type Person = PersonName;

/** The course's visible reviews of one professor key and spelling, with their teacher ratings summed. */
export type TeacherReviews = { teacherKey: string; teacherName: string; count: number; teacherSum: number };

/**
 * The course's reviews that are of this instructor: those whose professor key is theirs. The reviews' keys already
 * hold the matching of typed names to the course's instructors (src/services/schedule/professor-matching.ts), so
 * "Prof. Snyder" and "W. Snyder" are both Wayne Snyder's when he teaches the course.
 */
export function reviewsOfInstructor(person: Person, groups: readonly TeacherReviews[]): TeacherReviews[] {
  const key = instructorKey(person);
  return groups.filter((group) => group.teacherKey === key);
}

/** Section columns as a JSON array, in the order `sectionOf` reads them; `s` is the section. */
const sectionArray = sql.raw(`json_array(
  s.id, s.term_code, s.section, s.class_number, s.enrollment, s.status, s.capacity, s.enrolled, s.wait_capacity,
  s.waitlist, s.credits_min, s.credits_max, s.mode, s.notes, s.final_exam,
  json((SELECT coalesce(json_group_array(json_array(days, start_minute, end_minute, room, start_date, end_date)), '[]')
    FROM (SELECT * FROM section_meetings m WHERE m.section_id = s.id ORDER BY m.position))),
  json((SELECT coalesce(json_group_array(json_array(first_name, last_name)), '[]')
    FROM (SELECT * FROM section_instructors p WHERE p.section_id = s.id ORDER BY p.position))),
  json((SELECT coalesce(json_group_array(l.section_id), '[]') FROM section_links l WHERE l.companion_id = s.id)),
  s.gone, s.course_id
)`);

type Row = unknown[];

type Schedule = {
  terms: [code: number, name: string, source: TermSections["source"], importedAt: number][];
  sections: Row[];
  /**
   * Directory keys among the professor keys of the courses' instructors in any term (`instructor_names`, which
   * `instructorKey` made): professors some visible review names.
   */
  reviewed: string[];
};

/** The course's sections in the known terms from `today`'s on, grouped per term in calendar order. */
export async function courseSections(db: Db, courseId: number, today = new Date()): Promise<CourseSections> {
  const map = await sectionsOfCourses(db, sql`(${courseId})`, today);
  return map.get(courseId) ?? { courseId, terms: map.get(0)!.terms };
}

/**
 * The sections of a set of courses (`courses`: an SQL list or subquery of ids, such as a worksheet's courses), as
 * `courseSections` gives them one course at a time, by course id; the entry of id 0 has every known term, empty, for
 * a course of the set without sections. Sections gone from their term's schedule are left out, but those among `kept`
 * (an SQL list or subquery of section ids: the ones a plan chose), which come marked `gone`. Two statements, started
 * in the same turn: one round trip for any number of courses.
 */
export async function sectionsOfCourses(
  db: Db,
  courses: SQL,
  today = new Date(),
  kept: SQL = sql`(NULL)`,
): Promise<Map<number, CourseSections>> {
  const from = termOf(today);
  const listed = sql`(s.gone = 0 OR s.id IN ${kept})`;
  const [[schedule], groups] = await Promise.all([
    db.values<[string]>(sql`SELECT json_object(
      'terms', json((SELECT coalesce(json_group_array(json_array(code, name, source, imported_at)), '[]')
        FROM (SELECT * FROM terms WHERE code >= ${from} ORDER BY code))),
      'sections', json((SELECT coalesce(json_group_array(${sectionArray}), '[]')
        FROM sections s WHERE s.course_id IN ${courses} AND ${listed} AND s.term_code >= ${from})),
      'reviewed', json((SELECT coalesce(json_group_array(DISTINCT d.teacher_key), '[]') FROM professor_spellings d
        WHERE d.teacher_key IN (SELECT n.teacher_key FROM instructor_names n
          WHERE n.course_id IN ${courses} AND n.name_key = n.teacher_key))))`),
    db.all<TeacherReviews & { courseId: number }>(sql`SELECT course_id AS courseId, teacher_key AS teacherKey,
        teacher_name AS teacherName, count(*) AS count, sum(teacher_rating) AS teacherSum
      FROM reviews WHERE course_id IN ${courses} AND hidden = 0 GROUP BY course_id, teacher_key, teacher_name`),
  ]);
  const parsed = JSON.parse(schedule[0]) as Schedule;
  const ids = new Set([0, ...parsed.sections.map((row) => row.at(-1) as number)]);
  return new Map(
    [...ids].map((id) => [
      id,
      arrange(
        id,
        { ...parsed, sections: parsed.sections.filter((row) => row.at(-1) === id) },
        groups.filter((g) => Number(g.courseId) === id).map((g) => ({
          teacherKey: g.teacherKey,
          teacherName: g.teacherName,
          count: Number(g.count),
          teacherSum: Number(g.teacherSum),
        })),
      ),
    ]),
  );
}

/** The sections of the JSON document, grouped: enrollment sections with their linked companions, per term. */
function arrange(courseId: number, schedule: Schedule, groups: TeacherReviews[]): CourseSections {
  const reviewed = new Set([...schedule.reviewed, ...groups.map((g) => g.teacherKey)]);
  const instructorOf = (person: Person): SectionInstructor => {
    const key = instructorKey(person);
    const mine = reviewsOfInstructor(person, groups);
    const count = mine.reduce((sum, g) => sum + g.count, 0);
    return {
      firstName: person.firstName,
      lastName: person.lastName,
      name: `${person.firstName} ${person.lastName}`.trim(),
      professorSlug: reviewed.has(key) ? key : null,
      teacher: count ? mine.reduce((sum, g) => sum + g.teacherSum, 0) / count : null,
      reviews: count,
    };
  };
  const parsed = schedule.sections.map((row) => sectionOf(row, instructorOf)).sort((a, b) =>
    bySection(a.section.section, b.section.section)
  );
  return {
    courseId,
    terms: schedule.terms.map(([code, name, source, importedAt]) => {
      const ofTerm = parsed.filter((s) => s.term === code);
      const lectures = ofTerm.filter((s) => s.enrollment);
      const companions = ofTerm.filter((s) => !s.enrollment);
      const sections: CourseSection[] = lectures.map(({ id, section }) => ({
        ...section,
        companions: companions.filter((c) => c.links.includes(id)).map((c) => c.section),
      }));
      return {
        code,
        name,
        source,
        importedAt: new Date(importedAt).toISOString(),
        sections,
        unlinkedCompanions: companions.filter((c) => c.links.length === 0).map((c) => c.section),
      };
    }),
  };
}

function sectionOf(row: Row, instructorOf: (person: Person) => SectionInstructor) {
  const [id, term, code, classNumber, enrollment, status, capacity, enrolled, waitCapacity, waitlist] = row as [
    number,
    number,
    string,
    number | null,
    number,
    CompanionSection["status"],
    number | null,
    number | null,
    number | null,
    number | null,
  ];
  const [creditsMin, creditsMax, mode, notes, finalExam, meetings, instructors, links, gone] = row.slice(10) as [
    number | null,
    number | null,
    string | null,
    string | null,
    number | null,
    [string, number | null, number | null, string | null, string | null, string | null][],
    [string, string][],
    number[],
    number,
  ];
  const section: CompanionSection = {
    id,
    section: code,
    classNumber,
    status,
    capacity,
    enrolled,
    waitCapacity,
    waitlist,
    creditsMin,
    creditsMax,
    mode,
    notes,
    finalExam: finalExam === null ? null : finalExam === 1,
    gone: gone === 1,
    // What an import of an older release may have stored outside its shape (a date that is no day, a minute past the
    // day) is read as not given, so that no reader of the week, the calendar file or the API fails on it.
    meetings: meetings.map(([days, startMinute, endMinute, room, startDate, endDate]) => ({
      days: typeof days === "string" ? days : "",
      startMinute: minuteOrNull(startMinute),
      endMinute: minuteOrNull(endMinute),
      room,
      startDate: dateOrNull(startDate),
      endDate: dateOrNull(endDate),
    })),
    instructors: instructors.map(([firstName, lastName]) => instructorOf({ firstName, lastName })),
  };
  return { id, term, enrollment: enrollment === 1, links, section };
}

/** A stored minute of the day (0 to 1440), else null. */
function minuteOrNull(minute: number | null): number | null {
  return Number.isInteger(minute) && minute! >= 0 && minute! <= 24 * 60 ? minute : null;
}

/** A stored ISO date that is a day of the calendar, else null. */
function dateOrNull(date: string | null): string | null {
  return typeof date === "string" && isCalendarDate(date) ? date : null;
}

const sectionOrder = new Intl.Collator("en", { numeric: true });

/** "A1" before "A2" before "A10" before "B1". */
function bySection(a: string, b: string): number {
  return sectionOrder.compare(a, b);
}

/** What a professor teaches in a known term: each course with the sections they are an instructor of. */
export type TeachingTerm = {
  code: number;
  name: string;
  courses: { id: number; code: string; title: string; sections: string[] }[];
};

/**
 * The courses a professor (by their page's slug) teaches in the known terms from the current one on, as the schedule's
 * instructors say, matched as `instructorKey` matches them (the statement reads the instructors of the courses
 * `instructor_names` gives them, by its index); cancelled sections and sections gone from the schedule are left out.
 * One statement, so it leaves in the caller's round trip.
 */
export async function professorTeaching(db: Db, slug: string, today = new Date()): Promise<TeachingTerm[]> {
  const rows = await db.all<
    {
      term: number;
      name: string;
      id: number;
      code: string;
      title: string;
      section: string;
      firstName: string;
      lastName: string;
    }
  >(sql`SELECT s.term_code AS term, t.name, c.id, c.college || ' ' || c.department || ' ' || c.number AS code, c.title,
          s.section, i.first_name AS firstName, i.last_name AS lastName
        FROM section_instructors i
        JOIN sections s ON s.id = i.section_id
        JOIN terms t ON t.code = s.term_code
        JOIN courses c ON c.id = s.course_id
        WHERE s.gone = 0 AND s.status <> 'cancelled' AND s.term_code >= ${termOf(today)}
          AND s.course_id IN (SELECT course_id FROM instructor_names WHERE teacher_key = ${slug} AND name_key = ${slug})
        ORDER BY s.term_code, c.college, c.department, c.number_value, c.number, s.section`);
  const terms: TeachingTerm[] = [];
  for (const row of rows) {
    if (instructorKey(row) !== slug) continue;
    let term = terms.at(-1);
    if (term?.code !== row.term) terms.push(term = { code: row.term, name: row.name, courses: [] });
    let course = term.courses.at(-1);
    if (course?.id !== row.id) {
      term.courses.push(course = { id: row.id, code: row.code, title: row.title, sections: [] });
    }
    if (!course.sections.includes(row.section)) course.sections.push(row.section);
  }
  return terms;
}

/** Who taught a course in a term the schedule knows: the term as reviews count terms, its name, the instructors. */
export type TaughtTerm = { term: number; name: string; instructors: string[] };

/**
 * The instructors of a course per known term, every term (a student reviews a term that has ended), latest first;
 * within a term, those with the most sections first. Cancelled sections do not count. One statement.
 */
export async function courseInstructorsByTerm(db: Db, courseId: number): Promise<TaughtTerm[]> {
  const rows = await db.all<{ code: number; name: string; person: string }>(
    sql`SELECT t.code, t.name, trim(i.first_name || ' ' || i.last_name) AS person
      FROM section_instructors i JOIN sections s ON s.id = i.section_id JOIN terms t ON t.code = s.term_code
      WHERE s.course_id = ${courseId} AND s.status <> 'cancelled' AND person <> ''
      GROUP BY t.code, person ORDER BY t.code DESC, count(*) DESC, person`,
  );
  const out: TaughtTerm[] = [];
  for (const row of rows) {
    const term = parseSemester(row.name);
    if (term === null) continue;
    let last = out.at(-1);
    if (last?.term !== term) out.push(last = { term, name: row.name, instructors: [] });
    last.instructors.push(row.person);
  }
  return out;
}
