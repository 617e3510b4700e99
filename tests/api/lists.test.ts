import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { completedCourses, courses, futureCourses, savedCourses } from "../../db/schema.ts";
import { importCourses } from "../../src/services/catalog/catalog.ts";
import { api, createStudent, type Student } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { courseName, courseSupply, createdReview } from "../helpers/reviews.ts";
import { mulberry32, pick, randomInt, type Rng, shuffled } from "../helpers/random.ts";

const LIST_PATHS = ["completed-courses", "saved-courses", "courses-in-progress"] as const;
const TABLES = {
  "completed-courses": completedCourses,
  "saved-courses": savedCourses,
  "courses-in-progress": futureCourses,
} as const;

const json = async (response: Response) => ({ status: response.status, body: await response.json() });

describe("with the demo catalog", () => {
  let t: TestApp;
  let supply: (n: number) => number[];
  beforeAll(async () => {
    t = await makeTestApp({ env: { DEMO_CATALOG: "on" } });
    supply = await courseSupply(t);
  });
  afterAll(() => t.close());

  let emailCursor = 0;
  const student = () => createStudent(t, `lists${emailCursor++}@bu.edu`);
  const freshCourses = (n: number) => Promise.resolve(supply(n));
  const change = (token: string | undefined, list: string, courseId: number | string, method: "POST" | "DELETE") =>
    api(t, `/api/users/${list}/${courseId}`, { method, token }).then(json);
  const listed = async (token: string, list: string) => {
    const { status, body } = await json(await api(t, `/api/users/${list}`, { token }));
    expect(status).toBe(200);
    return (body as { id: number }[]).map((c) => c.id).sort((a, b) => a - b);
  };
  const sortedIds = (ids: number[]) => [...ids].sort((a, b) => a - b);

  test("a student's lists never reach the next page rendered for someone else", async () => {
    const [alice, bob] = [await student(), await student()];
    const [course] = await freshCourses(1);
    expect((await change(alice.token, "completed-courses", course, "POST")).status).toBe(200);
    const code = await courseName(t, course);
    // A search for its code finds that one course, so the page holds a single card.
    const query = `/search?q=${encodeURIComponent(code)}`;
    const page = async (token?: string) => (await api(t, query, { token })).text();
    expect(await page(alice.token)).toContain("Remove Done");
    // The server rendered Alice's page last: a visitor and Bob must each see only their own state.
    expect(await page()).toContain("Mark Done");
    expect(await page()).not.toContain("Remove Done");
    await page(alice.token);
    expect(await page(bob.token)).not.toContain("Remove Done");
    await page(alice.token);
    expect(await (await api(t, `/course/${course}`)).text()).not.toContain("Remove Done");
  });

  describe("list toggles", () => {
    test.each(LIST_PATHS)("%s: adding and removing are idempotent and per user", async (list) => {
      const [alice, bob] = [await student(), await student()];
      const [c1, c2, c3] = await freshCourses(3);

      const added = await change(alice.token, list, c1, "POST");
      expect(added.status).toBe(200);
      expect(added.body).toMatchObject({ changed: true, inList: true });
      expect(typeof added.body.message).toBe("string");
      expect(await change(alice.token, list, c1, "POST")).toMatchObject({
        status: 200,
        body: { changed: false, inList: true },
      });
      expect((await change(alice.token, list, c2, "POST")).body.changed).toBe(true);
      expect((await change(bob.token, list, c3, "POST")).body.changed).toBe(true);
      expect((await change(bob.token, list, c1, "POST")).body.changed).toBe(true);

      expect(await listed(alice.token, list)).toEqual(sortedIds([c1, c2]));
      expect(await listed(bob.token, list)).toEqual(sortedIds([c1, c3]));
      // The other two lists stay empty.
      for (const other of LIST_PATHS.filter((l) => l !== list)) {
        expect(await listed(alice.token, other), other).toEqual([]);
        expect(await listed(bob.token, other), other).toEqual([]);
      }

      expect(await change(alice.token, list, c1, "DELETE")).toMatchObject({
        status: 200,
        body: { changed: true, inList: false },
      });
      expect(await change(alice.token, list, c1, "DELETE")).toMatchObject({
        status: 200,
        body: { changed: false, inList: false },
      });
      // Removing what only Bob has does not touch Bob's list.
      expect(await change(alice.token, list, c3, "DELETE")).toMatchObject({
        status: 200,
        body: { changed: false, inList: false },
      });
      expect(await listed(alice.token, list)).toEqual([c2]);
      expect(await listed(bob.token, list)).toEqual(sortedIds([c1, c3]));

      const table = TABLES[list];
      expect(await t.deps.database.db.$count(table, eq(table.userId, alice.id))).toBe(1);
      expect(await t.deps.database.db.$count(table, and(eq(table.userId, bob.id), eq(table.courseId, c1)))).toBe(1);
    });

    test.each(LIST_PATHS)("%s: listed items are full course views", async (list) => {
      const me = await student();
      const [c] = await freshCourses(1);
      await change(me.token, list, c, "POST");
      const { body } = await json(await api(t, `/api/users/${list}`, { token: me.token }));
      expect(body).toHaveLength(1);
      expect(body[0]).toMatchObject({ id: c, numReviews: 0, averageOverallRating: 0, userReviewed: false });
      expect(body[0].code).toBe(await courseName(t, c));
    });

    test.each(LIST_PATHS)("%s: unknown or malformed course ids get 404; visitors get 401", async (list) => {
      const me = await student();
      for (const id of ["99999999", "abc", "0", "-3", "1.5", "1e3"]) {
        for (const method of ["POST", "DELETE"] as const) {
          const { status, body } = await change(me.token, list, id, method);
          expect(status, `${method} ${id}`).toBe(404);
          expect(body.message).toBeTruthy();
        }
      }
      const [c] = await freshCourses(1);
      expect((await change(undefined, list, c, "POST")).status).toBe(401);
      expect((await change(undefined, list, c, "DELETE")).status).toBe(401);
      expect((await api(t, `/api/users/${list}`)).status).toBe(401);
      expect(await t.deps.database.db.$count(TABLES[list], eq(TABLES[list].courseId, c))).toBe(0);
    });

    test("marking a course completed ends its future status in the same step; saved stays", async () => {
      const me = await student();
      const [c] = await freshCourses(1);
      await change(me.token, "courses-in-progress", c, "POST");
      await change(me.token, "saved-courses", c, "POST");
      const done = await change(me.token, "completed-courses", c, "POST");
      expect(done).toMatchObject({ status: 200, body: { changed: true, inList: true } });
      expect(done.body.message).toBe("Added to your completed courses. Removed from your future courses.");
      expect(await listed(me.token, "completed-courses")).toEqual([c]);
      expect(await listed(me.token, "courses-in-progress")).toEqual([]);
      expect(await listed(me.token, "saved-courses")).toEqual([c]);
      // Completed ends future everywhere: planning it again is refused with a message, one at a time or many at once.
      expect(await change(me.token, "courses-in-progress", c, "POST")).toMatchObject({
        status: 200,
        body: { changed: false, inList: false, message: "You completed this course already." },
      });
      expect(await listed(me.token, "courses-in-progress")).toEqual([]);
      const [other] = await freshCourses(1);
      const many = await api(t, "/api/users/courses-in-progress", {
        method: "POST",
        token: me.token,
        body: { ids: [c, other] },
      });
      expect(many.status).toBe(200);
      expect(await many.json()).toMatchObject({
        added: 1,
        message: "Added 1 course to your future courses. 1 course you completed was left out.",
      });
      expect(await listed(me.token, "courses-in-progress")).toEqual([other]);
    });

    test("parallel adds of the same course leave one row", async () => {
      const me = await student();
      const [c] = await freshCourses(1);
      const results = await Promise.all(Array.from({ length: 10 }, () => change(me.token, "saved-courses", c, "POST")));
      expect(results.every((r) => r.status === 200)).toBe(true);
      expect(results.filter((r) => r.body.changed)).toHaveLength(1);
      expect(await listed(me.token, "saved-courses")).toEqual([c]);
    });
  });

  describe("dashboard", () => {
    const dashboard = async (token: string) => {
      const { status, body } = await json(await api(t, "/api/users/dashboard", { token }));
      expect(status).toBe(200);
      return body;
    };
    const vote = (voter: Student, reviewId: number, type: "UPVOTE" | "DOWNVOTE") =>
      api(t, `/api/votes/review/${reviewId}?voteType=${type}`, { method: "POST", token: voter.token }).then(json);

    test("after a scripted history the numbers are as expected", async () => {
      const s = await student();
      const other = await student();
      const voters = [await student(), await student(), await student(), await student()];
      const [c1, c2, c3, c4, c5, c6, f1, f2, x1, x2, x3, n1] = await freshCourses(12);
      for (const c of [c1, c2, c3, c4, c5, c6]) {
        expect((await change(s.token, "completed-courses", c, "POST")).status).toBe(200);
      }
      for (const c of [f1, f2]) await change(s.token, "courses-in-progress", c, "POST");
      for (const c of [x1, x2, x3, c1]) await change(s.token, "saved-courses", c, "POST");
      const r1 = await createdReview(t, s.token, c1);
      const r2 = await createdReview(t, s.token, c2);
      await createdReview(t, s.token, c3);
      const rn = await createdReview(t, s.token, n1);
      const theirs = await createdReview(t, other.token, c4);

      // Votes received: r1 +3 -1, r2 -1, r3 none, rn +2 (one voter toggled theirs away).
      for (const v of voters.slice(0, 3)) await vote(v, r1.id, "UPVOTE");
      await vote(voters[3], r1.id, "DOWNVOTE");
      await vote(voters[0], r2.id, "DOWNVOTE");
      await vote(voters[0], rn.id, "UPVOTE");
      await vote(voters[1], rn.id, "UPVOTE");
      await vote(voters[1], rn.id, "UPVOTE");
      await vote(voters[2], rn.id, "DOWNVOTE");
      await vote(voters[2], rn.id, "UPVOTE");
      // Votes the user casts, and votes on someone else's review, do not count.
      await vote(s, theirs.id, "UPVOTE");
      await vote(voters[0], theirs.id, "DOWNVOTE");

      const names = Object.fromEntries(
        await Promise.all([c2, c4, c5, c6].map(async (c) => [c, await courseName(t, c)])),
      );
      const board = await dashboard(s.token);
      expect(board).toMatchObject({
        email: s.email,
        college: "CAS",
        major: "Physics",
        expectedGrad: 2027,
        coursesCompleted: 6,
        coursesInProgress: 2,
        coursesSaved: 4,
        coursesReviewed: 4,
        totalUpvotes: 5,
      });
      expect(board.averageReviewScore).toBeCloseTo((5 - 2) / 4, 9);
      expect([...board.coursesToReview].sort()).toEqual([names[c4], names[c5], names[c6]].sort());
      expect(new Set(board.coursesToReview).size).toBe(3);
      expect(
        [...board.coursesToReviewLinks].sort((a: { id: number }, b: { id: number }) => a.id - b.id),
      ).toEqual([c4, c5, c6].sort((a, b) => a - b).map((id) => ({ id, name: names[id] })));

      // Deleting a review puts its course back among those to review and changes the score.
      expect((await api(t, `/api/reviews/${r2.id}`, { method: "DELETE", token: s.token })).status).toBe(200);
      const after = await dashboard(s.token);
      expect(after).toMatchObject({ coursesReviewed: 3, totalUpvotes: 5 });
      expect(after.averageReviewScore).toBeCloseTo((5 - 1) / 3, 9);
      expect([...after.coursesToReview].sort()).toEqual([names[c2], names[c4], names[c5], names[c6]].sort());

      // The voters' own dashboards are untouched by the votes they cast.
      expect(await dashboard(voters[0].token)).toMatchObject({
        totalUpvotes: 0,
        averageReviewScore: 0,
        coursesReviewed: 0,
      });
      // The other author received one upvote (from s) and one downvote.
      expect(await dashboard(other.token)).toMatchObject({
        coursesReviewed: 1,
        totalUpvotes: 1,
        averageReviewScore: 0,
      });
    });

    test("the three 'Next courses to review' states are distinguishable", async () => {
      const fresh = await student();
      expect(await dashboard(fresh.token)).toMatchObject({
        coursesCompleted: 0,
        coursesInProgress: 0,
        coursesSaved: 0,
        coursesReviewed: 0,
        totalUpvotes: 0,
        averageReviewScore: 0,
        coursesToReview: [],
        coursesToReviewLinks: [],
      });

      // Fewer than 5 completed, all reviewed.
      const few = await student();
      for (const c of await freshCourses(3)) {
        await change(few.token, "completed-courses", c, "POST");
        await createdReview(t, few.token, c);
      }
      const fewBoard = await dashboard(few.token);
      expect(fewBoard.coursesToReview).toEqual([]);
      expect(fewBoard.coursesCompleted).toBe(3);
      expect(fewBoard.coursesCompleted).toBeLessThan(5);

      // At least 5 completed, all reviewed.
      const many = await student();
      for (const c of await freshCourses(5)) {
        await change(many.token, "completed-courses", c, "POST");
        await createdReview(t, many.token, c);
      }
      const manyBoard = await dashboard(many.token);
      expect(manyBoard.coursesToReview).toEqual([]);
      expect(manyBoard.coursesCompleted).toBe(5);

      // Otherwise the names.
      const some = await student();
      const [a, b] = await freshCourses(2);
      await change(some.token, "completed-courses", a, "POST");
      await change(some.token, "completed-courses", b, "POST");
      await createdReview(t, some.token, a);
      expect((await dashboard(some.token)).coursesToReview).toEqual([await courseName(t, b)]);

      expect((await api(t, "/api/users/dashboard")).status).toBe(401);
    });
  });
});

// ------------------------------------------------------------------ Hub progress on the real catalog

/** docs/product.md, Hub progress: the Hub areas. */
const HUB_LABELS: Record<string, string> = {
  AEX: "Aesthetic Exploration",
  PLM: "Philosophical Inquiry and Life's Meanings",
  HCO: "Historical Consciousness",
  SI1: "Scientific Inquiry I",
  SI2: "Scientific Inquiry II",
  SO1: "Social Inquiry I",
  SO2: "Social Inquiry II",
  QR1: "Quantitative Reasoning I",
  QR2: "Quantitative Reasoning II",
  IIC: "The Individual in Community",
  GCI: "Global Citizenship and Intercultural Literacy",
  ETR: "Ethical Reasoning",
  FYW: "First-Year Writing Seminar",
  WRI: "Writing, Research, and Inquiry",
  WIN: "Writing-Intensive Course",
  OSC: "Oral and/or Signed Communication",
  DME: "Digital/Multimedia Expression",
  CRT: "Critical Thinking",
  RIL: "Research and Information Literacy",
  TWC: "Teamwork/Collaboration",
  CRI: "Creativity/Innovation",
};

/** docs/product.md, Hub progress: BU's first-year requirement counts; SI2 and SO2 share one unit. */
const REQUIRED: Record<string, number> = {
  PLM: 1,
  AEX: 1,
  HCO: 1,
  SI1: 1,
  SO1: 1,
  QR1: 1,
  QR2: 1,
  IIC: 1,
  ETR: 1,
  FYW: 1,
  WRI: 1,
  OSC: 1,
  DME: 1,
  GCI: 2,
  WIN: 2,
  CRT: 2,
  RIL: 2,
  TWC: 2,
  CRI: 2,
};
const PAIR = ["SI2", "SO2"];

type CatalogCourse = { id: number; name: string; units: Set<string> };

type ExpectedItem = {
  hubCode: string;
  required: number;
  completed: number;
  projected: number;
  fulfilled: boolean;
  projectedFulfilled: boolean;
  fulfillingCourses: string[];
};

/** The test's own Hub computation from the catalog file's hub_units. */
function expectedHub(completed: CatalogCourse[], future: CatalogCourse[]) {
  const done = new Map(completed.map((c) => [c.name, c]));
  const planned = [...new Map(future.map((c) => [c.name, c])).values()].filter((c) => !done.has(c.name));
  const items = new Map<string, ExpectedItem>();
  for (const code of Object.keys(HUB_LABELS)) {
    const completedWith = [...done.values()].filter((c) => c.units.has(code));
    const plannedWith = planned.filter((c) => c.units.has(code));
    const required = REQUIRED[code] ?? 1;
    items.set(code, {
      hubCode: code,
      required,
      completed: completedWith.length,
      projected: completedWith.length + plannedWith.length,
      fulfilled: completedWith.length >= required,
      projectedFulfilled: completedWith.length + plannedWith.length >= required,
      fulfillingCourses: completedWith.map((c) => c.name).sort(),
    });
  }
  const [si2, so2] = PAIR.map((code) => items.get(code)!);
  const pairDone = si2.completed + so2.completed >= 1;
  const pairProjected = si2.projected + so2.projected >= 1;
  for (const item of [si2, so2]) {
    item.fulfilled = pairDone;
    item.projectedFulfilled = pairProjected;
  }
  // Requirements: 19 single-code ones plus the pair.
  const requirements = [...Object.keys(REQUIRED).map((code) => items.get(code)!), si2];
  const completedCount = requirements.filter((i) => i.fulfilled).length;
  const projectedCount = requirements.filter((i) => i.projectedFulfilled).length;
  return {
    items,
    summary: {
      total: 20,
      completed: completedCount,
      inFuture: projectedCount - completedCount,
      remaining: 20 - projectedCount,
      percent: Math.round((100 * completedCount) / 20),
    },
  };
}

type CatalogRow = { college: string; department: string; number: string; hub_units?: string[] | null };

describe("Hub progress on the real BU catalog", () => {
  let t: TestApp;
  let catalog: CatalogCourse[];
  beforeAll(async () => {
    t = await makeTestApp({ env: { DEMO_CATALOG: "off" } });
    const rows: CatalogRow[] = JSON.parse(
      await Deno.readTextFile(new URL("../../../shared/data/bu/bu_courses.json", import.meta.url)),
    );
    const report = await importCourses(t.deps.database, rows);
    expect(report.loaded).toBeGreaterThan(9000);
    const ids = new Map(
      (await t.deps.database.db.select({
        id: courses.id,
        college: courses.college,
        department: courses.department,
        number: courses.number,
      }).from(courses))
        .map((c) => [`${c.college} ${c.department} ${c.number}`, c.id]),
    );
    catalog = rows.flatMap((row) => {
      const name = `${row.college.trim()} ${row.department.trim()} ${row.number.trim()}`;
      const id = ids.get(name);
      return id === undefined ? [] : [{ id, name, units: new Set(row.hub_units ?? []) }];
    });
  }, 60_000);
  afterAll(() => t.close());

  let emailCursor = 0;

  async function progressOf(student: Student) {
    const { status, body } = await json(await api(t, "/api/users/hub-progress", { token: student.token }));
    expect(status).toBe(200);
    return body as { hubProgress: (ExpectedItem & Record<string, unknown>)[]; summary: Record<string, number> };
  }

  function compare(
    actual: Awaited<ReturnType<typeof progressOf>>,
    completed: CatalogCourse[],
    future: CatalogCourse[],
    where: string,
  ) {
    const expected = expectedHub(completed, future);
    expect(actual.hubProgress.map((i) => i.hubCode).sort(), where).toEqual(Object.keys(HUB_LABELS).sort());
    for (const item of actual.hubProgress) {
      const want = expected.items.get(item.hubCode)!;
      const at = `${where}, ${item.hubCode}`;
      expect(item.hubName, at).toBe(HUB_LABELS[item.hubCode]);
      expect(typeof item.category, at).toBe("string");
      expect(
        {
          required: item.required,
          completed: item.completed,
          projected: item.projected,
          fulfilled: item.fulfilled,
          projectedFulfilled: item.projectedFulfilled,
          fulfillingCourses: [...item.fulfillingCourses].sort(),
        },
        at,
      ).toEqual({
        required: want.required,
        completed: want.completed,
        projected: want.projected,
        fulfilled: want.fulfilled,
        projectedFulfilled: want.projectedFulfilled,
        fulfillingCourses: want.fulfillingCourses,
      });
      if (PAIR.includes(item.hubCode)) {
        expect(item.sharedWith, at).toBe(PAIR.find((c) => c !== item.hubCode));
        if (want.fulfilled) {
          // Whichever code's unit met the pair; with both, either may be named.
          expect(PAIR.filter((c) => expected.items.get(c)!.completed > 0), at).toContain(item.fulfilledBy);
        } else {
          expect(item.fulfilledBy, at).toBeUndefined();
        }
      } else {
        expect(item.sharedWith, at).toBeUndefined();
        expect(item.fulfilledBy, at).toBeUndefined();
      }
    }
    expect(actual.summary, `${where}, summary`).toEqual(expected.summary);
    expect(actual.summary.percent).toBe(Math.round((100 * actual.summary.completed) / 20));
  }

  test("a new student has nothing; a visitor gets 401", async () => {
    const me = await createStudent(t, `hub${emailCursor++}@bu.edu`);
    compare(await progressOf(me), [], [], "new student");
    expect((await progressOf(me)).summary).toEqual({ total: 20, completed: 0, inFuture: 0, remaining: 20, percent: 0 });
    expect((await api(t, "/api/users/hub-progress")).status).toBe(401);
  });

  test("15 seeded random draws of completed and future courses match an independent computation", async () => {
    const rng: Rng = mulberry32(4242);
    const has = (c: CatalogCourse, code: string) => c.units.has(code);
    const withUnits = catalog.filter((c) => c.units.size > 0);
    const withoutUnits = catalog.filter((c) => c.units.size === 0);
    const si2 = withUnits.filter((c) => has(c, "SI2") && !has(c, "SO2"));
    const so2 = withUnits.filter((c) => has(c, "SO2") && !has(c, "SI2"));
    const neither = withUnits.filter((c) => !has(c, "SI2") && !has(c, "SO2"));
    const plainAll = [...neither, ...withoutUnits.slice(0, 2000)];

    /** n courses: mostly with Hub units, some without. */
    const draw = (n: number, from: CatalogCourse[], exclude: Set<string>) => {
      const chosen = new Map<string, CatalogCourse>();
      while (chosen.size < n) {
        const c = rng() < 0.8 ? pick(rng, from) : pick(rng, withoutUnits);
        if (!exclude.has(c.name)) chosen.set(c.name, c);
      }
      return [...chosen.values()];
    };

    const kinds = [
      "SI2 completed",
      "SO2 completed",
      "SI2 and SO2 completed",
      "the pair only in future",
      "no SI2 or SO2",
    ] as const;
    const seenSummaries = new Set<string>();
    for (let d = 0; d < 15; d++) {
      const kind = kinds[d % kinds.length];
      const nCompleted = randomInt(rng, 3, 25);
      const nFuture = kind === "the pair only in future" ? randomInt(rng, 1, 8) : randomInt(rng, 0, 8);
      let completed = draw(nCompleted, neither, new Set());
      const pairCourses: CatalogCourse[] = kind === "SI2 completed"
        ? [pick(rng, si2)]
        : kind === "SO2 completed"
        ? [pick(rng, so2), pick(rng, so2)]
        : kind === "SI2 and SO2 completed"
        ? [pick(rng, si2), pick(rng, so2)]
        : [];
      completed = shuffled(rng, [...completed.slice(0, Math.max(1, nCompleted - pairCourses.length)), ...pairCourses]);
      const names = new Set(completed.map((c) => c.name));
      let future = nFuture ? draw(nFuture, kind === "no SI2 or SO2" ? neither : plainAll, names) : [];
      if (kind === "the pair only in future") {
        future = [...future.slice(1), pick(rng, rng() < 0.5 ? si2 : so2)].filter((c) => !names.has(c.name));
      }
      // Most draws also put a completed course in the future list: it must count once.
      if (future.length && d % 3 !== 2) future.push(pick(rng, completed));

      const me = await createStudent(t, `hub${emailCursor++}@bu.edu`);
      for (const c of completed) {
        expect((await api(t, `/api/users/completed-courses/${c.id}`, { method: "POST", token: me.token })).status).toBe(
          200,
        );
      }
      for (const c of future) {
        expect((await api(t, `/api/users/courses-in-progress/${c.id}`, { method: "POST", token: me.token })).status)
          .toBe(200);
      }

      const where = `draw ${d} (${kind}; ${completed.length} completed, ${future.length} future)`;
      const actual = await progressOf(me);
      compare(actual, completed, future, where);
      seenSummaries.add(JSON.stringify(actual.summary));

      const pair = actual.hubProgress.filter((i) => PAIR.includes(i.hubCode));
      if (kind === "no SI2 or SO2") expect(pair.every((i) => !i.fulfilled && !i.projectedFulfilled), where).toBe(true);
      if (kind === "the pair only in future") {
        expect(pair.every((i) => !i.fulfilled && i.projectedFulfilled), where).toBe(true);
      }
      if (kind.endsWith("completed")) expect(pair.every((i) => i.fulfilled), where).toBe(true);

      // Removing a completed course takes its units away again.
      if (d % 5 === 0) {
        const gone = completed[0];
        expect((await api(t, `/api/users/completed-courses/${gone.id}`, { method: "DELETE", token: me.token })).status)
          .toBe(200);
        compare(await progressOf(me), completed.slice(1), future, `${where}, after removing ${gone.name}`);
      }
    }
    // The draws were not all alike.
    expect(seenSummaries.size).toBeGreaterThan(3);
  });

  test("a course in both lists counts once, as completed", async () => {
    const me = await createStudent(t, `hub${emailCursor++}@bu.edu`);
    const course = catalog.find((c) => c.units.has("CRT") && c.units.size >= 2)!;
    await api(t, `/api/users/completed-courses/${course.id}`, { method: "POST", token: me.token });
    await api(t, `/api/users/courses-in-progress/${course.id}`, { method: "POST", token: me.token });
    const crt = (await progressOf(me)).hubProgress.find((i) => i.hubCode === "CRT")!;
    expect(crt).toMatchObject({
      required: 2,
      completed: 1,
      projected: 1,
      fulfilled: false,
      projectedFulfilled: false,
      fulfillingCourses: [course.name],
    });
  });
});
