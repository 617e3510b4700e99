/**
 * Professors are real people: the ways students type an instructor's name ("Prof. Marchetti", "E. Marchetti",
 * "Marchetti, Elena") land on one professor, hand-written and built from the real Fall 2026 sample's instructors; then,
 * stored, the course's professor table and teacher filter with one entry per person, the old URLs of merged spellings
 * moved for good (301), a name no instructor answers to kept as before, and the review form offering the semester's
 * instructors.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { courseNameKeys, instructorKey, nameVariants, professorSlug } from "../../src/lib/professor-names.ts";
import { parseRegistrarCsv, scheduleSection } from "../../src/services/schedule/registrar-csv.ts";
import { importSchedule } from "../../src/services/schedule/schedule-import.ts";
import { api, createStudent, type Student } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { createdReview, reviewBody } from "../helpers/reviews.ts";

const SAMPLE = new URL("../../../shared/data/bu/raw/terrierbot/Fall2026Courses-sample.csv", import.meta.url);

/** The professor a typed name stands for among a course's instructors, or its own slug when none. */
function professorOf(typed: string, people: { firstName: string; lastName: string }[]): string {
  const slug = professorSlug(typed);
  return courseNameKeys(people).get(slug) ?? slug;
}

const elena = { firstName: "Elena", lastName: "Marchetti" };
const wayne = { firstName: "Wayne", lastName: "Snyder" };

describe("matching a typed name to a course's instructors", () => {
  test("case, spacing, titles, 'Last, First', the surname alone and an initial all name the instructor", () => {
    for (
      const typed of [
        "Elena Marchetti",
        "elena   marchetti",
        "ELENA MARCHETTI",
        "Prof. Marchetti",
        "Professor Marchetti",
        "Dr Marchetti",
        "Marchetti",
        "marchetti",
        "E. Marchetti",
        "E Marchetti",
        "Prof. E. Marchetti",
        "Marchetti, Elena",
        "Marchetti Elena",
        "Marchetti, E.",
        "Dr. Elena Marchetti, PhD",
      ]
    ) {
      expect(professorOf(typed, [elena, wayne]), typed).toBe("elena-marchetti");
    }
    expect(professorOf("W. Snyder", [elena, wayne])).toBe("wayne-snyder");
  });

  test("a first name alone, another initial or another surname is not the instructor", () => {
    expect(professorOf("Elena", [elena])).toBe("elena");
    expect(professorOf("L. Marchetti", [elena])).toBe("l-marchetti");
    expect(professorOf("Marchetto", [elena])).toBe("marchetto");
    expect(professorOf("Elena Marchetti-Rossi", [elena])).toBe("elena-marchetti-rossi");
  });

  test("a short form two instructors share is no one's; the full names still are", () => {
    const john = { firstName: "John", lastName: "Smith" };
    const jane = { firstName: "Jane", lastName: "Smith" };
    expect(professorOf("Smith", [john, jane])).toBe("smith");
    expect(professorOf("Prof. Smith", [john, jane])).toBe("smith");
    expect(professorOf("J. Smith", [john, jane])).toBe("j-smith");
    expect(professorOf("John Smith", [john, jane])).toBe("john-smith");
    expect(professorOf("Smith, Jane", [john, jane])).toBe("jane-smith");
    // With one Smith in the course, the short forms are his.
    expect(professorOf("Smith", [john, elena])).toBe("john-smith");
  });

  test("an instructor's full name wins over another's short form", () => {
    // "Lee" is one instructor's whole name (the schedule gave no first name) and another's surname.
    const lee = { firstName: "", lastName: "Lee" };
    const ann = { firstName: "Ann", lastName: "Lee" };
    expect(professorOf("Lee", [ann, lee])).toBe("lee");
    expect(professorOf("Prof. Lee", [lee, ann])).toBe("lee");
    expect(professorOf("A. Lee", [lee, ann])).toBe("ann-lee");
  });

  test("a second given name: the first alone, both initials and the middle initial", () => {
    const ana = { firstName: "Ana Maria", lastName: "Reyes" };
    for (const typed of ["Ana Maria Reyes", "Ana Reyes", "A. M. Reyes", "Ana M. Reyes", "A. Reyes", "Reyes, Ana"]) {
      expect(professorOf(typed, [ana]), typed).toBe("ana-maria-reyes");
    }
    expect(nameVariants(ana)[0]).toBe("ana-maria-reyes");
  });

  test("accents and hyphens: 'José Núñez' and 'Smythe-Johnson' as students type them", () => {
    const jose = { firstName: "José", lastName: "Núñez" };
    const nicole = { firstName: "Nicole", lastName: "Smythe-Johnson" };
    expect(professorOf("Prof. Nunez", [jose, nicole])).toBe("jose-nunez");
    expect(professorOf("J. Núñez", [jose, nicole])).toBe("jose-nunez");
    expect(professorOf("Smythe Johnson", [jose, nicole])).toBe("nicole-smythe-johnson");
    expect(professorOf("N. Smythe-Johnson", [jose, nicole])).toBe("nicole-smythe-johnson");
  });

  test("on the real sample: every instructor's spellings are theirs, unless a colleague in the course shares them", async () => {
    const { sections } = parseRegistrarCsv(await Deno.readTextFile(SAMPLE));
    const byCourse = new Map<string, Map<string, { firstName: string; lastName: string }>>();
    for (const section of sections) {
      const code = `${section.college} ${section.department} ${section.number}`;
      if (!byCourse.has(code)) byCourse.set(code, new Map());
      for (const person of section.instructors) {
        if (person.lastName) byCourse.get(code)!.set(`${person.firstName}|${person.lastName}`, person);
      }
    }
    let checked = 0;
    let shared = 0;
    for (const people of byCourse.values()) {
      const list = [...people.values()];
      for (const person of list) {
        const key = instructorKey(person);
        const first = person.firstName.split(" ")[0];
        // An independent reading of what is shared: same surname, or same surname and first initial.
        const sameSurname = list.filter((p) => p.lastName.toLowerCase() === person.lastName.toLowerCase());
        const sameInitial = sameSurname.filter((p) => p.firstName[0]?.toLowerCase() === first[0]?.toLowerCase());
        const typings: [string, boolean][] = [
          [`${person.firstName} ${person.lastName}`, true],
          [`  prof.  ${person.firstName.toUpperCase()}   ${person.lastName.toUpperCase()} `, true],
          [`${person.lastName}, ${person.firstName}`, true],
          [`Prof. ${person.lastName}`, sameSurname.length === 1],
          [person.lastName.toLowerCase(), sameSurname.length === 1],
          [`${first[0]}. ${person.lastName}`, sameInitial.length === 1],
        ];
        for (const [typed, theirs] of typings) {
          expect(professorOf(typed, list), `${typed} in a course of ${list.length}`).toBe(
            theirs ? key : professorSlug(typed),
          );
          checked++;
        }
        if (sameSurname.length > 1) shared++;
      }
    }
    expect(byCourse.size).toBe(156);
    expect(checked).toBeGreaterThan(1500);
    // Whether or not the sample has two instructors of one surname in a course, the rule for it is tested above.
    expect(shared).toBeGreaterThanOrEqual(0);
  });
});

describe("professors matched in the database", () => {
  let t: TestApp;
  let students: Student[];
  let course: number;
  let other: number;
  let courseCode: string;
  let otherCode: string;
  /** Fall 2025: a term of its own, so the demo's schedule of the current and the next term is left as it is. */
  const TERM = 2258;

  /** Two sections of a course with these instructors, imported as the registrar's term. */
  const schedule = (code: string, people: { firstName: string; lastName: string }[]) => {
    const [college, department, number] = code.split(" ");
    return people.map((person, i) =>
      scheduleSection({
        term: TERM,
        college,
        department,
        number,
        section: `A${i + 1}`,
        classNumber: 90000 + i,
        enrollment: true,
        status: "active",
        instructors: [person],
        meetings: [],
      })
    );
  };

  const review = (student: Student, id: number, teacherName: string, teacherRating = 4) =>
    createdReview(t, student.token, id, { teacherName, teacherRating, semester: "Fall 2025" });

  beforeAll(async () => {
    t = await makeTestApp();
    students = await Promise.all(
      Array.from({ length: 7 }, (_, i) => createStudent(t, `matching-${i}@bu.edu`)),
    );
    // Two demo courses no demo review or section names, so every professor of theirs is this test's.
    const free = (await t.deps.database.client.execute(
      `SELECT id, college || ' ' || department || ' ' || number AS code FROM courses c
        WHERE NOT EXISTS (SELECT 1 FROM reviews r WHERE r.course_id = c.id)
          AND NOT EXISTS (SELECT 1 FROM sections s WHERE s.course_id = c.id) ORDER BY id LIMIT 2`,
    )).rows.map((r) => ({ id: Number(r.id), code: String(r.code) }));
    expect(free).toHaveLength(2);
    [{ id: course, code: courseCode }, { id: other, code: otherCode }] = free;
    // Reviews first, as on a site running before the schedule is imported: each spelling its own professor.
    await review(students[0], course, "Elena Marchetti", 5);
    await review(students[1], course, "Prof. Marchetti", 4);
    await review(students[2], course, "E. Marchetti", 3);
    await review(students[3], course, "Marchetti, Elena", 4);
    await review(students[4], course, "Dr. Wayne Snyder", 2);
    await review(students[5], course, "Someone Else", 3);
    // The same surname in a course she does not teach stays its own.
    await review(students[6], other, "Marchetti", 1);
  });
  afterAll(() => t.close());

  const teachers = async (id: number) => await (await api(t, `/api/reviews/course/${id}/teachers`)).json();

  test("before the schedule, each spelling is its own professor", async () => {
    expect((await teachers(course)).sort()).toEqual(
      ["E. Marchetti", "Elena Marchetti", "Marchetti", "Marchetti, Elena", "Someone Else", "Wayne Snyder"].sort(),
    );
    expect((await api(t, "/professor/marchetti")).status).toBe(200);
  });

  test("the schedule's import gathers the spellings of an instructor on one professor", async () => {
    const report = await importSchedule(t.deps.database, schedule(courseCode, [elena, wayne]), {
      source: "registrar",
    });
    // "Prof. Marchetti", "E. Marchetti" and "Marchetti, Elena" moved; "Dr. Wayne Snyder" was Wayne Snyder already.
    expect(report.terms[0].matchedReviews).toBe(3);
    expect((await teachers(course)).sort()).toEqual(["Elena Marchetti", "Someone Else", "Wayne Snyder"]);

    const summary = await (await api(t, `/api/courses/${course}/summary`)).json();
    const table = summary.professors as { slug: string; name: string; averages: { count: number; teacher: number } }[];
    expect(table.map((p) => [p.slug, p.name, p.averages.count])).toEqual([
      ["elena-marchetti", "Elena Marchetti", 4],
      ["someone-else", "Someone Else", 1],
      ["wayne-snyder", "Wayne Snyder", 1],
    ]);
    expect(table[0].averages.teacher).toBeCloseTo((5 + 4 + 3 + 4) / 4, 10);

    // The re-import changes nothing.
    const again = await importSchedule(t.deps.database, schedule(courseCode, [elena, wayne]), {
      source: "registrar",
    });
    expect(again.terms[0].matchedReviews).toBe(0);
  });

  test("the merged professor's page: the schedule's name, every spelling, every review", async () => {
    const view = await (await api(t, "/api/professors/elena-marchetti")).json();
    expect(view.name).toBe("Elena Marchetti");
    expect(view.aliases).toEqual(["E. Marchetti", "Marchetti", "Marchetti, Elena"]);
    expect(view.averages.count).toBe(4);
    expect(view.reviews.totalElements).toBe(4);
    const html = await (await api(t, "/professor/elena-marchetti")).text();
    expect(html).toContain("<h1>Elena Marchetti</h1>");
    expect(html).toContain("Also written as E. Marchetti, Marchetti, Marchetti, Elena");
  });

  test("the old URLs of merged spellings move for good to the professor; the API's too, with its query", async () => {
    for (const old of ["e-marchetti", "marchetti-elena"]) {
      const page = await api(t, `/professor/${old}`);
      expect(page.status, old).toBe(301);
      expect(page.headers.get("location")).toBe("/professor/elena-marchetti");
    }
    const moved = await api(t, "/api/professors/e-marchetti?sort=helpful");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/api/professors/elena-marchetti?sort=helpful");
    // "marchetti" still has a page of its own: the review in the other course, whose instructors the schedule does not
    // name.
    const own = await (await api(t, "/api/professors/marchetti")).json();
    expect(own.courses.map((c: { code: string }) => c.code)).toEqual([otherCode]);
    // A slug no review ever typed is not found.
    expect((await api(t, "/professor/nobody-at-all")).status).toBe(404);
    expect((await api(t, "/api/professors/nobody-at-all")).status).toBe(404);
  });

  test("the teacher filter and score take any spelling of the instructor", async () => {
    for (const typed of ["Marchetti", "E. Marchetti", "Elena Marchetti"]) {
      const page = await (await api(t, `/api/reviews/course/${course}?teacherName=${encodeURIComponent(typed)}`))
        .json();
      expect(page.totalElements, typed).toBe(4);
    }
    const elsewhere = await (await api(t, `/api/reviews/course/${other}?teacherName=Marchetti`)).json();
    expect(elsewhere.totalElements).toBe(1);
  });

  test("a review written after the import lands on the instructor, and an edit can move it off", async () => {
    const student = await createStudent(t, "matching-late@bu.edu");
    const written = await review(student, course, "prof snyder");
    expect(written.professorSlug).toBe("wayne-snyder");
    const edited = await api(t, `/api/reviews/${written.id}`, {
      method: "PUT",
      token: student.token,
      body: reviewBody({ teacherName: "Snyderman" }),
    });
    expect(edited.status).toBe(200);
    expect((await edited.json()).professorSlug).toBe("snyderman");
  });

  test("the review form offers who taught the course in the semester chosen", async () => {
    const student = await createStudent(t, "matching-form@bu.edu");
    const response = await t.app.request(`/course/${course}/review`, {
      headers: { Cookie: `hubrate_session=${student.token}` },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    // The island's props: Fall 2025 (term 20254 as reviews count terms), with one section each.
    expect(html).toContain(
      '"taught":[{"term":20254,"name":"Fall 2025","instructors":["Elena Marchetti","Wayne Snyder"]}]',
    );
  });
});
