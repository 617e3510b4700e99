/**
 * The schedule builder's API on the demo catalog and its demo schedule: a week for anyone, a student's worksheet
 * versions (create, rename, copy, delete, add, swap, remove, with the companion rule), the share link on and off, a
 * visitor's worksheet joining the account, and the calendar file. Sections are read here from the rows.
 */
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { termOf } from "../../src/lib/term-codes.ts";
import { demoSchedule } from "../../src/services/schedule/demo-schedule.ts";
import { importSchedule } from "../../src/services/schedule/schedule-import.ts";
import { api, createStudent, type Student } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
let student: Student;
let other: Student;
const TERM = termOf(new Date());

type Section = { id: number; courseId: number; section: string; enrollment: number; links: string | null };
/** A course with a lecture that has linked companions, and one whose lecture needs none. */
let paired: { courseId: number; code: string; lecture: Section; companions: Section[]; otherLecture?: Section };
let single: { courseId: number; code: string; lecture: Section };

const rows = async <T>(sql: string, args: (string | number)[] = []) =>
  (await t.deps.database.client.execute({ sql, args })).rows as unknown as T[];

beforeAll(async () => {
  t = await makeTestApp();
  [student, other] = await Promise.all([createStudent(t, "schedule@bu.edu"), createStudent(t, "schedule-2@bu.edu")]);
  const sections = await rows<Section & { code: string }>(
    `SELECT s.id, s.course_id AS courseId, s.section, s.enrollment, c.college || ' ' || c.department || ' ' || c.number AS code,
      (SELECT group_concat(l.section_id) FROM section_links l WHERE l.companion_id = s.id) AS links
     FROM sections s JOIN courses c ON c.id = s.course_id
     WHERE s.term_code = ? AND s.status = 'active' AND s.gone = 0 ORDER BY s.course_id, s.section`,
    [TERM],
  );
  for (const lecture of sections.filter((s) => s.enrollment === 1)) {
    const ofCourse = sections.filter((s) => s.courseId === lecture.courseId);
    const companions = ofCourse.filter((s) =>
      s.enrollment === 0 && (s.links ?? "").split(",").includes(String(lecture.id))
    );
    const anyCompanion = ofCourse.some((s) => s.enrollment === 0);
    if (!paired && companions.length >= 2) {
      paired = {
        courseId: lecture.courseId,
        code: lecture.code,
        lecture,
        companions,
        otherLecture: ofCourse.find((s) => s.enrollment === 1 && s.id !== lecture.id),
      };
    }
    if (!single && !anyCompanion) single = { courseId: lecture.courseId, code: lecture.code, lecture };
  }
  expect(paired).toBeDefined();
  expect(single).toBeDefined();
});
afterAll(() => t.close());

const mine = (s: Student, path = "", init: { method?: string; body?: unknown } = {}) =>
  api(t, `/api/schedules/mine${path}`, { ...init, token: s.token });

async function newVersion(s: Student, name: string, extra: Record<string, unknown> = {}) {
  const response = await mine(s, "", { method: "POST", body: { term: TERM, name, ...extra } });
  expect(response.status, await response.clone().text()).toBe(201);
  return await response.json();
}

describe("a week for anyone", () => {
  test("the courses given, with the chosen sections among those asked and every section to choose from", async () => {
    const ids = [paired.lecture.id, paired.companions[0].id, single.lecture.id, 999999];
    const response = await api(
      t,
      `/api/schedules/view?term=${TERM}&courses=${paired.courseId},${single.courseId}&sections=${ids.join(",")}`,
    );
    expect(response.status).toBe(200);
    const view = await response.json();
    expect(view.term.code).toBe(TERM);
    expect(view.courses.map((c: { code: string }) => c.code)).toEqual([paired.code, single.code]);
    expect(view.courses[0].chosen).toEqual([paired.lecture.id, paired.companions[0].id]);
    expect(view.courses[1].chosen).toEqual([single.lecture.id]);
    const lecture = view.courses[0].sections.find((s: { id: number }) => s.id === paired.lecture.id);
    expect(lecture.companions.map((c: { id: number }) => c.id).sort()).toEqual(
      paired.companions.map((c) => c.id).sort(),
    );
    // A visitor's week says nothing of Hub progress.
    expect(view.adds).toEqual([]);
  });

  test("refused: an unknown term, a term that is no code, ids that are not ids", async () => {
    expect((await api(t, "/api/schedules/view?term=2258")).status).toBe(404);
    const bad = await api(t, "/api/schedules/view?term=fall");
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("term must be a term code, e.g. 2268 (Fall 2026)");
    const ids = await api(t, `/api/schedules/view?term=${TERM}&courses=1,x`);
    expect(ids.status).toBe(400);
    expect((await ids.json()).message).toBe("courses must be ids separated by commas, e.g. courses=3,4");
  });
});

describe("a student's worksheet", () => {
  test("versions: create, a taken name refused, rename, copy, delete; another student's is not found", async () => {
    const a = await newVersion(student, "Plan A");
    expect(a).toMatchObject({ term: TERM, name: "Plan A", shareToken: null, courses: [] });
    const taken = await mine(student, "", { method: "POST", body: { term: TERM, name: " Plan A " } });
    expect(taken.status).toBe(409);
    expect((await taken.json()).message).toMatch(/^You already have a plan named "Plan A" for /);
    const empty = await mine(student, "", { method: "POST", body: { term: TERM, name: "  " } });
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe("Give the plan a name");

    const added = await mine(student, `/${a.id}/courses/${single.courseId}`, {
      method: "PUT",
      body: { sectionIds: [single.lecture.id] },
    });
    expect(added.status).toBe(200);
    const b = await newVersion(student, "Plan B", { copyOf: a.id });
    expect(b.courses).toEqual([{ courseId: single.courseId, sectionIds: [single.lecture.id] }]);

    const renamed = await mine(student, `/${b.id}`, { method: "PATCH", body: { name: "Lighter week" } });
    expect((await renamed.json()).name).toBe("Lighter week");
    const clash = await mine(student, `/${b.id}`, { method: "PATCH", body: { name: "Plan A" } });
    expect(clash.status).toBe(409);

    const list = await (await mine(student, `?term=${TERM}`)).json();
    expect(list.versions.map((v: { name: string }) => v.name)).toEqual(["Plan A", "Lighter week"]);
    expect((await mine(other, `/${a.id}`, { method: "PATCH", body: { name: "Mine" } })).status).toBe(404);
    expect((await mine(other, `/${a.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await mine(student, `/${b.id}`, { method: "DELETE" })).status).toBe(200);
    const after = await (await mine(student, `?term=${TERM}`)).json();
    expect(after.versions.map((v: { name: string }) => v.name)).toEqual(["Plan A"]);
    expect((await api(t, `/api/schedules/mine?term=${TERM}`)).status).toBe(401);
  });

  test("a course with its discussion: the companion is required, must be the lecture's, and can be swapped", async () => {
    const v = await newVersion(student, "Companions");
    const put = (sectionIds: number[]) =>
      mine(student, `/${v.id}/courses/${paired.courseId}`, { method: "PUT", body: { sectionIds } });
    const alone = await put([paired.lecture.id]);
    expect(alone.status).toBe(400);
    expect((await alone.json()).message).toMatch(
      new RegExp(`^${paired.code} ${paired.lecture.section} needs a discussion or lab: choose one of `),
    );
    const ok = await put([paired.lecture.id, paired.companions[0].id]);
    expect(ok.status).toBe(200);
    expect((await ok.json()).courses).toEqual([
      { courseId: paired.courseId, sectionIds: [paired.lecture.id, paired.companions[0].id] },
    ]);
    const swapped = await (await put([paired.lecture.id, paired.companions[1].id])).json();
    expect(swapped.courses).toEqual([
      { courseId: paired.courseId, sectionIds: [paired.lecture.id, paired.companions[1].id] },
    ]);
    const twoCompanions = await put([paired.lecture.id, paired.companions[0].id, paired.companions[1].id]);
    expect(twoCompanions.status).toBe(400);
    const wrongCourse = await put([single.lecture.id]);
    expect(wrongCourse.status).toBe(400);
    expect((await wrongCourse.json()).message).toMatch(/^Section \d+ is not a section of /);
    const removed = await mine(student, `/${v.id}/courses/${paired.courseId}`, { method: "DELETE" });
    expect((await removed.json()).courses).toEqual([]);
  });

  test("a signed-in week says which remaining Hub units the courses cover", async () => {
    const response = await api(
      t,
      `/api/schedules/view?term=${TERM}&courses=${single.courseId}&sections=${single.lecture.id}`,
      { token: student.token },
    );
    const view = await response.json();
    const [course] = view.courses;
    // A new student has met nothing: every Hub unit of the course is one they still need.
    expect(course.adds).toEqual(course.hubUnits);
    expect(view.adds).toEqual([...course.hubUnits].sort());
  });
});

describe("the share link", () => {
  test("on: anyone reads the version, never from a cache; off: the link is gone; on again: a new link", async () => {
    const v = await newVersion(student, "Shared");
    await mine(student, `/${v.id}/courses/${single.courseId}`, {
      method: "PUT",
      body: { sectionIds: [single.lecture.id] },
    });
    const on = await (await mine(student, `/${v.id}`, { method: "PATCH", body: { shared: true } })).json();
    expect(on.shareToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const shared = await api(t, `/api/schedules/shared/${on.shareToken}`);
    expect(shared.status).toBe(200);
    expect(shared.headers.get("cache-control")).toBe("no-store");
    const body = await shared.json();
    expect(body.name).toBe("Shared");
    expect(body.view.courses.map((c: { id: number }) => c.id)).toEqual([single.courseId]);
    expect(body.view.adds).toEqual([]);
    const calendar = await api(t, `/api/schedules/shared/${on.shareToken}/calendar.ics`);
    expect(calendar.status).toBe(200);
    expect(calendar.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(await calendar.text()).toContain(`SUMMARY:${single.code} ${single.lecture.section}`);

    const off = await (await mine(student, `/${v.id}`, { method: "PATCH", body: { shared: false } })).json();
    expect(off.shareToken).toBeNull();
    expect((await api(t, `/api/schedules/shared/${on.shareToken}`)).status).toBe(404);
    expect((await api(t, `/api/schedules/shared/${on.shareToken}/calendar.ics`)).status).toBe(404);
    const again = await (await mine(student, `/${v.id}`, { method: "PATCH", body: { shared: true } })).json();
    expect(again.shareToken).not.toBe(on.shareToken);
    expect((await api(t, `/api/schedules/shared/${again.shareToken}`)).status).toBe(200);
  });
});

describe("a visitor's worksheet joins the account", () => {
  test("each kept version becomes one; a taken name is kept apart; a course that no longer holds is said", async () => {
    const joiner = await createStudent(t, "schedule-join@bu.edu");
    await newVersion(joiner, "Plan A");
    const response = await api(t, "/api/schedules/mine/join", {
      method: "POST",
      token: joiner.token,
      body: {
        worksheets: [{
          term: TERM,
          versions: [
            {
              name: "Plan A",
              courses: [
                { courseId: single.courseId, sectionIds: [single.lecture.id] },
                { courseId: paired.courseId, sectionIds: [paired.lecture.id] },
              ],
            },
            { name: "Evenings", courses: [{ courseId: single.courseId, sectionIds: [single.lecture.id] }] },
          ],
        }],
      },
    });
    expect(response.status).toBe(200);
    const report = await response.json();
    expect(report.versions.map((v: { name: string }) => v.name)).toEqual(["Plan A (this browser)", "Evenings"]);
    expect(report.versions[0].courses).toEqual([{ courseId: single.courseId, sectionIds: [single.lecture.id] }]);
    expect(report.skipped).toEqual([{
      courseId: paired.courseId,
      reason: expect.stringMatching(new RegExp(`^${paired.code} ${paired.lecture.section} needs a discussion or lab`)),
    }]);
    const list = await (await mine(joiner, `?term=${TERM}`)).json();
    expect(list.versions.map((v: { name: string }) => v.name)).toEqual(["Plan A", "Plan A (this browser)", "Evenings"]);
  });

  test("past the limit of plans a term, a kept version is left out and said; so is a term no longer known", async () => {
    const full = await createStudent(t, "schedule-full@bu.edu");
    for (let i = 1; i <= 8; i++) await newVersion(full, `Plan ${i}`);
    const response = await api(t, "/api/schedules/mine/join", {
      method: "POST",
      token: full.token,
      body: {
        worksheets: [
          {
            term: TERM,
            versions: [{ name: "Late", courses: [{ courseId: single.courseId, sectionIds: [single.lecture.id] }] }],
          },
          {
            term: 2258,
            versions: [{ name: "Old", courses: [{ courseId: single.courseId, sectionIds: [single.lecture.id] }] }],
          },
        ],
      },
    });
    expect(response.status).toBe(200);
    const report = await response.json();
    expect(report.versions).toEqual([]);
    expect(report.skipped).toEqual([
      { courseId: null, reason: expect.stringMatching(/^"Late": at most 8 plans for /) },
      { courseId: null, reason: "no class schedule is known for Fall 2025 any more" },
    ]);
  });
});

describe("a plan's section cancelled, or gone from the schedule, by a later import", () => {
  test("the shared week keeps it, marked, and its calendar file cancels its events", async () => {
    // An app of its own: the import changes the term's sections.
    const u = await makeTestApp();
    try {
      const owner = await createStudent(u, "schedule-cancelled@bu.edu");
      type Lecture = { id: number; courseId: number; code: string; section: string };
      const lectures = (await u.deps.database.client.execute({
        sql:
          `SELECT s.id, s.course_id AS courseId, c.college || ' ' || c.department || ' ' || c.number AS code, s.section
          FROM sections s JOIN courses c ON c.id = s.course_id
          WHERE s.term_code = ? AND s.enrollment = 1 AND s.status = 'active' AND s.gone = 0
            AND EXISTS (SELECT 1 FROM section_meetings m WHERE m.section_id = s.id AND m.start_minute IS NOT NULL)
            AND NOT EXISTS (SELECT 1 FROM sections o WHERE o.course_id = s.course_id AND o.term_code = s.term_code
              AND o.enrollment = 0)
          ORDER BY s.course_id, s.section`,
        args: [TERM],
      })).rows as unknown as Lecture[];
      const [cancelled, gone] = [lectures[0], lectures.find((l) => l.courseId !== lectures[0].courseId)!];
      const as = (path: string, init: { method?: string; body?: unknown } = {}) =>
        api(u, `/api/schedules/mine${path}`, { ...init, token: owner.token });
      const version = await (await as("", { method: "POST", body: { term: TERM, name: "Plan A" } })).json();
      for (const lecture of [cancelled, gone]) {
        const put = await as(`/${version.id}/courses/${lecture.courseId}`, {
          method: "PUT",
          body: { sectionIds: [lecture.id] },
        });
        expect(put.status, await put.clone().text()).toBe(200);
      }
      const { shareToken } = await (await as(`/${version.id}`, { method: "PATCH", body: { shared: true } })).json();
      const before = await (await api(u, `/api/schedules/shared/${shareToken}/calendar.ics`)).text();
      expect(before).not.toContain("STATUS:CANCELLED");

      // The term's next import: one section cancelled, the other no longer in the file.
      const named = (l: Lecture) => (s: { college: string; department: string; number: string; section: string }) =>
        `${s.college} ${s.department} ${s.number}` === l.code && s.section === l.section;
      const next = (await demoSchedule(u.deps.database))
        .filter((s) => !(s.term === TERM && named(gone)(s)))
        .map((s) => s.term === TERM && named(cancelled)(s) ? { ...s, status: "cancelled" as const } : s);
      await importSchedule(u.deps.database, next, { source: "demo" });

      // The shared week: both courses still there, each with its chosen section, said cancelled or gone.
      const shared = await (await api(u, `/api/schedules/shared/${shareToken}`)).json();
      const sectionOf = (lecture: Lecture) => {
        const course = shared.view.courses.find((c: { id: number }) => c.id === lecture.courseId);
        expect(course?.chosen, lecture.code).toEqual([lecture.id]);
        return course.sections.find((x: { id: number }) => x.id === lecture.id);
      };
      expect(sectionOf(cancelled)).toMatchObject({ status: "cancelled", gone: false });
      expect(sectionOf(gone)).toMatchObject({ gone: true });
      // Gone sections are a plan's only: the course's own list and the chooser do not offer it.
      const offered = await (await api(u, `/api/courses/${gone.courseId}/sections`)).json();
      const term = offered.terms.find((x: { code: number }) => x.code === TERM);
      expect(term.sections.map((x: { id: number }) => x.id)).not.toContain(gone.id);
      // A visitor's worksheet, kept in the browser, is told the same.
      const visitor = await (await api(
        u,
        `/api/schedules/view?term=${TERM}&courses=${gone.courseId}&sections=${gone.id}`,
      )).json();
      expect(visitor.courses[0].sections.find((x: { id: number }) => x.id === gone.id)).toMatchObject({ gone: true });

      // The shared page says so in the week.
      const page = await (await u.app.request(`/schedule/shared/${shareToken}`)).text();
      expect(page).toContain(`${cancelled.code} ${cancelled.section} is cancelled.`);
      expect(page).toContain(`${gone.code} ${gone.section} is no longer in the schedule.`);
      expect(page).toContain("week-block-cancelled");

      // The calendar file keeps their events, cancelled.
      const calendar = await (await api(u, `/api/schedules/shared/${shareToken}/calendar.ics`)).text();
      const events = new ICAL.Component(ICAL.parse(calendar)).getAllSubcomponents("vevent").map((e) =>
        new ICAL.Event(e)
      );
      for (const lecture of [cancelled, gone]) {
        const own = events.filter((e) => e.uid.startsWith(`${TERM}-${lecture.courseId}-${lecture.section}-`));
        expect(own.length, lecture.code).toBeGreaterThan(0);
        for (const event of own) {
          expect(event.component.getFirstPropertyValue("status")).toBe("CANCELLED");
          expect(event.summary).toMatch(/ \(cancelled\)$/);
        }
      }
      // The same UIDs as before the import: a calendar app that kept them replaces them.
      const uids = (text: string) => [...text.matchAll(/^UID:(.*)\r$/gm)].map((m) => m[1]).sort();
      expect(uids(calendar)).toEqual(uids(before));
    } finally {
      await u.close();
    }
  });
});
