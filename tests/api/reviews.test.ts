import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { reviewReports, reviews, reviewVotes, users } from "../../db/schema.ts";
import { api, createStudent, createStudents, type Student } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import {
  courseName,
  courseSupply,
  createdReview,
  expectedOverall,
  jsonEntries,
  postReview,
  randomRatings,
  RATING_FIELDS,
  type Ratings,
  reviewBody,
  STAT_FIELDS,
  statsFromApi,
  statsFromDatabase,
  statsOf,
} from "../helpers/reviews.ts";
import { mulberry32, pick, randomInt, type Rng, weighted } from "../helpers/random.ts";

let t: TestApp;
/** Each test takes courses without reviews that nobody else touches. */
let supply: (n: number) => number[];
beforeAll(async () => {
  t = await makeTestApp({ env: { DEMO_CATALOG: "on" } });
  supply = await courseSupply(t);
});
afterAll(() => t.close());

const freshCourses = (n: number) => Promise.resolve(supply(n));
let emailCursor = 0;
const student = (label = "s") => createStudent(t, `${label}${emailCursor++}@bu.edu`);
const students = (label: string, n: number) => createStudents(t, `${label}${emailCursor++}-`, n);

const db = () => t.deps.database.db;
const reviewRow = async (id: number) => (await db().select().from(reviews).where(eq(reviews.id, id)))[0];
const json = async (response: Response) => ({ status: response.status, body: await response.json() });
const vote = (token: string | undefined, reviewId: number | string, voteType: string) =>
  api(t, `/api/votes/review/${reviewId}?voteType=${voteType}`, { method: "POST", token }).then(json);
const report = (token: string | undefined, reviewId: number, reason = "Spam") =>
  api(t, `/api/reviews/${reviewId}/report`, { method: "POST", token, body: { reason } }).then(json);

async function voteRows(reviewId: number) {
  const rows = await db().select().from(reviewVotes).where(eq(reviewVotes.reviewId, reviewId));
  return {
    up: rows.filter((r) => r.voteType === "UPVOTE").length,
    down: rows.filter((r) => r.voteType === "DOWNVOTE").length,
    rows,
  };
}

// ------------------------------------------------------------------ property test

type VoteType = "UPVOTE" | "DOWNVOTE";
type ModelReview = {
  id: number;
  courseId: number;
  author: number;
  ratings: Ratings;
  teacherName: string;
  hidden: boolean;
  reporters: Set<number>;
  votes: Map<number, VoteType>;
};

const TEACHERS = ["Prof. Ada", "Prof. Brook", "Prof. Chen"];

async function runSequence(seed: number, steps: number) {
  const rng: Rng = mulberry32(seed);
  const courses = await freshCourses(4);
  const pool: Student[] = await students(`p${seed}-`, 8);
  const model = new Map<number, ModelReview>();
  const gone: number[] = [];
  const log: string[] = [];
  let hiddenEver = 0, accountsDeleted = 0;
  const where = (step: number) => `seed ${seed}, step ${step}; last operations: ${log.slice(-6).join(" | ")}`;
  const byAuthorCourse = (userId: number, courseId: number) =>
    [...model.values()].find((r) => r.author === userId && r.courseId === courseId);
  const others = (userId: number) => pool.filter((u) => u.id !== userId);
  const pickReview = (filter: (r: ModelReview) => boolean = () => true) => {
    const list = [...model.values()].filter(filter);
    return list.length ? pick(rng, list) : undefined;
  };

  async function checkStats(step: number) {
    for (const courseId of courses) {
      const fromApi = await statsFromApi(t, courseId);
      const fromDb = await statsFromDatabase(t, courseId);
      const fromModel = statsOf(
        [...model.values()].filter((r) => r.courseId === courseId && !r.hidden).map((r) => r.ratings),
      );
      for (const field of STAT_FIELDS) {
        expect(fromApi[field], `course ${courseId} ${field} (API vs database rows), ${where(step)}`).toBeCloseTo(
          fromDb[field],
          9,
        );
        expect(fromApi[field], `course ${courseId} ${field} (API vs model), ${where(step)}`).toBeCloseTo(
          fromModel[field],
          9,
        );
      }
    }
  }

  async function createOp() {
    const user = pick(rng, pool);
    const courseId = pick(rng, courses);
    const ratings = randomRatings(rng);
    const teacherName = pick(rng, TEACHERS);
    const existing = byAuthorCourse(user.id, courseId);
    log.push(`create by ${user.id} on ${courseId}${existing ? " (again)" : ""}`);
    const { status, body } = await postReview(t, user.token, courseId, reviewBody({ ...ratings, teacherName }));
    if (existing) {
      expect(status, log.at(-1)).toBe(409);
      expect(String(body.fields?.reviewId), log.at(-1)).toBe(String(existing.id));
      return;
    }
    expect(status, `${log.at(-1)}: ${JSON.stringify(body)}`).toBe(201);
    expect(body.overallRating).toBeCloseTo(expectedOverall(ratings), 9);
    expect(body).toMatchObject({ courseId, owner: true, voteCount: 0, userVote: null, teacherName });
    model.set(body.id, {
      id: body.id,
      courseId,
      author: user.id,
      ratings,
      teacherName,
      hidden: false,
      reporters: new Set(),
      votes: new Map(),
    });
  }

  async function editOp() {
    const review = pickReview();
    if (!review) return createOp();
    const actor = rng() < 0.75 ? pool.find((u) => u.id === review.author)! : pick(rng, others(review.author));
    const ratings = randomRatings(rng);
    const teacherName = pick(rng, TEACHERS);
    log.push(`edit ${review.id} by ${actor.id === review.author ? "owner" : `intruder ${actor.id}`}`);
    const before = await reviewRow(review.id);
    const { status, body } = await json(
      await api(t, `/api/reviews/${review.id}`, {
        method: "PUT",
        token: actor.token,
        body: reviewBody({ ...ratings, teacherName }),
      }),
    );
    if (actor.id !== review.author) {
      expect(status, log.at(-1)).toBe(403);
      expect(await reviewRow(review.id), log.at(-1)).toEqual(before);
      return;
    }
    expect(status, `${log.at(-1)}: ${JSON.stringify(body)}`).toBe(200);
    expect(body.overallRating).toBeCloseTo(expectedOverall(ratings), 9);
    review.ratings = ratings;
    review.teacherName = teacherName;
  }

  async function deleteOp() {
    const review = pickReview();
    if (!review) return createOp();
    const actor = rng() < 0.75 ? pool.find((u) => u.id === review.author)! : pick(rng, others(review.author));
    log.push(`delete ${review.id} by ${actor.id === review.author ? "owner" : `intruder ${actor.id}`}`);
    const { status } = await json(await api(t, `/api/reviews/${review.id}`, { method: "DELETE", token: actor.token }));
    if (actor.id !== review.author) {
      expect(status, log.at(-1)).toBe(403);
      expect(await reviewRow(review.id), log.at(-1)).toBeDefined();
      return;
    }
    expect(status, log.at(-1)).toBe(200);
    model.delete(review.id);
    gone.push(review.id);
  }

  async function reportOp() {
    // Prefer reviews that already have a report, so reviews actually get hidden.
    const review = (rng() < 0.75 ? pickReview((r) => r.reporters.size > 0 && !r.hidden) : undefined) ?? pickReview();
    if (!review) return createOp();
    // Mostly someone new, sometimes the author or a repeat reporter (403, 409).
    const fresh = others(review.author).filter((u) => !review.reporters.has(u.id));
    const roll = rng();
    const reporter = roll < 0.1
      ? pool.find((u) => u.id === review.author)!
      : roll < 0.85 && fresh.length
      ? pick(rng, fresh)
      : pick(rng, others(review.author));
    log.push(`report ${review.id} by ${reporter.id === review.author ? "owner" : reporter.id}`);
    const { status, body } = await report(reporter.token, review.id);
    if (review.hidden) return expect(status, log.at(-1)).toBe(404);
    if (reporter.id === review.author) return expect(status, log.at(-1)).toBe(403);
    if (review.reporters.has(reporter.id)) return expect(status, log.at(-1)).toBe(409);
    review.reporters.add(reporter.id);
    review.hidden = review.reporters.size >= 3;
    if (review.hidden) hiddenEver++;
    expect(status, log.at(-1)).toBe(200);
    expect(body.hidden, log.at(-1)).toBe(review.hidden);
  }

  async function voteOp() {
    const review = pickReview();
    if (!review) return createOp();
    const voter = rng() < 0.1 ? pool.find((u) => u.id === review.author)! : pick(rng, others(review.author));
    const type: VoteType = rng() < 0.6 ? "UPVOTE" : "DOWNVOTE";
    log.push(`${type} ${review.id} by ${voter.id === review.author ? "owner" : voter.id}`);
    const { status, body } = await vote(voter.token, review.id, type);
    if (review.hidden) return expect(status, log.at(-1)).toBe(404);
    if (voter.id === review.author) return expect(status, log.at(-1)).toBe(403);
    expect(status, log.at(-1)).toBe(200);
    if (review.votes.get(voter.id) === type) review.votes.delete(voter.id);
    else review.votes.set(voter.id, type);
    const votes = [...review.votes.values()];
    expect(body, log.at(-1)).toEqual({
      voteCount: votes.filter((v) => v === "UPVOTE").length - votes.filter((v) => v === "DOWNVOTE").length,
      userVote: review.votes.get(voter.id) ?? null,
    });
  }

  async function deleteAccountOp() {
    const index = randomInt(rng, 0, pool.length - 1);
    const user = pool[index];
    log.push(`delete account ${user.id}`);
    accountsDeleted++;
    expect((await api(t, "/api/users/delete", { method: "DELETE", token: user.token })).status, log.at(-1)).toBe(200);
    for (const review of [...model.values()]) {
      if (review.author === user.id) {
        model.delete(review.id);
        gone.push(review.id);
      } else {
        review.votes.delete(user.id);
        review.reporters.delete(user.id);
      }
    }
    for (const table of [reviews, reviewVotes, reviewReports]) {
      expect(await db().$count(table, eq(table.userId, user.id)), `${log.at(-1)}: rows left`).toBe(0);
    }
    pool[index] = await student(`p${seed}-late`);
  }

  async function missingOp() {
    const id = gone.length && rng() < 0.7 ? pick(rng, gone) : 99_999_999;
    const user = pick(rng, pool);
    const action = pick(rng, ["GET", "PUT", "DELETE", "vote", "report"] as const);
    log.push(`${action} on missing review ${id}`);
    const response = action === "vote"
      ? await api(t, `/api/votes/review/${id}?voteType=UPVOTE`, { method: "POST", token: user.token })
      : action === "report"
      ? await api(t, `/api/reviews/${id}/report`, { method: "POST", token: user.token, body: { reason: "x" } })
      : await api(t, `/api/reviews/${id}`, {
        method: action,
        token: user.token,
        body: action === "PUT" ? reviewBody() : undefined,
      });
    expect(response.status, log.at(-1)).toBe(404);
  }

  const operations = {
    create: createOp,
    edit: editOp,
    delete: deleteOp,
    report: reportOp,
    vote: voteOp,
    deleteAccount: deleteAccountOp,
    missing: missingOp,
  };
  for (let step = 0; step < steps; step++) {
    // Account deletions are rare picks; two fixed ones make sure every sequence has them.
    const name = step === 25 || step === 45 ? "deleteAccount" : weighted(
      rng,
      [["create", 28], ["edit", 12], ["delete", 7], ["report", 22], ["vote", 24], ["deleteAccount", 4], [
        "missing",
        3,
      ]] as const,
    );
    await operations[name]();
    await checkStats(step);
  }

  // The end state, review by review, against the model and the rows (soft, so every mismatch is listed).
  const rows = await db().select().from(reviews);
  const stored = rows.filter((r) => courses.includes(r.courseId));
  expect(stored.map((r) => r.id).sort((a, b) => a - b), `seed ${seed}: the stored reviews`).toEqual(
    [...model.keys()].sort((a, b) => a - b),
  );
  for (const review of model.values()) {
    const row = stored.find((r) => r.id === review.id)!;
    expect.soft(row.hidden, `seed ${seed}: review ${review.id} hidden`).toBe(review.hidden);
    expect.soft(row.overallRating).toBeCloseTo(expectedOverall(review.ratings), 9);
    const counted = await voteRows(review.id);
    const modelUp = [...review.votes.values()].filter((v) => v === "UPVOTE").length;
    const modelDown = review.votes.size - modelUp;
    expect.soft({ up: counted.up, down: counted.down }, `seed ${seed}: review ${review.id} vote rows`).toEqual({
      up: modelUp,
      down: modelDown,
    });
    expect.soft(
      { up: row.upvotes, down: row.downvotes },
      `seed ${seed}: review ${review.id} upvotes/downvotes columns vs vote rows`,
    ).toEqual({
      up: counted.up,
      down: counted.down,
    });
    const shown = await json(await api(t, `/api/votes/review/${review.id}`));
    if (review.hidden) expect.soft(shown.status).toBe(404);
    else expect.soft(shown.body.voteCount, `seed ${seed}: review ${review.id} voteCount`).toBe(modelUp - modelDown);
  }
  return { hiddenEver, accountsDeleted, reviews: model.size, operations: log.length };
}

describe("property: course averages follow every change", () => {
  test.each([[11], [2024], [777]])("seed %i: 60 random operations over 8 users and 4 courses", async (seed) => {
    const summary = await runSequence(seed, 60);
    expect(summary.operations).toBe(60);
    expect(summary.reviews).toBeGreaterThan(0);
    expect(summary.hiddenEver).toBeGreaterThan(0);
    expect(summary.accountsDeleted).toBeGreaterThanOrEqual(2);
  });
});

// ------------------------------------------------------------------ concurrency

describe("concurrency", () => {
  test("20 parallel identical reviews by one user: one 201, nineteen 409, one row", async () => {
    const [courseId] = await freshCourses(1);
    const user = await student();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => postReview(t, user.token, courseId, reviewBody())),
    );
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    for (const r of results.filter((r) => r.status === 409)) {
      expect(String(r.body.fields.reviewId)).toBe(String(created[0].body.id));
    }
    expect(await db().$count(reviews, and(eq(reviews.userId, user.id), eq(reviews.courseId, courseId)))).toBe(1);
    expect((await statsFromApi(t, courseId)).numReviews).toBe(1);
  });

  test("100 users voting in parallel, some toggling twice: counts equal the rows", async () => {
    const [courseId] = await freshCourses(1);
    const author = await student();
    const review = await createdReview(t, author.token, courseId);
    const voters = await students("voter", 100);
    // i % 5: 0 up; 1 down; 2 up then up (removed); 3 up then down (switched); 4 up and down at the same time.
    const finals = await Promise.all(voters.map(async (voter, i) => {
      switch (i % 5) {
        case 0:
          return (await vote(voter.token, review.id, "UPVOTE")).body;
        case 1:
          return (await vote(voter.token, review.id, "DOWNVOTE")).body;
        case 2:
          await vote(voter.token, review.id, "UPVOTE");
          return (await vote(voter.token, review.id, "UPVOTE")).body;
        case 3:
          await vote(voter.token, review.id, "UPVOTE");
          return (await vote(voter.token, review.id, "DOWNVOTE")).body;
        default:
          await Promise.all([vote(voter.token, review.id, "UPVOTE"), vote(voter.token, review.id, "DOWNVOTE")]);
          return null;
      }
    }));
    expect(finals.filter((_f, i) => i % 5 === 0).every((f) => f?.userVote === "UPVOTE")).toBe(true);
    expect(finals.filter((_f, i) => i % 5 === 2).every((f) => f?.userVote === null)).toBe(true);
    expect(finals.filter((_f, i) => i % 5 === 3).every((f) => f?.userVote === "DOWNVOTE")).toBe(true);

    const { up, down, rows } = await voteRows(review.id);
    expect(rows).toHaveLength(80);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(80);
    expect(up).toBeGreaterThanOrEqual(20);
    expect(down).toBeGreaterThanOrEqual(40);
    const row = await reviewRow(review.id);
    expect({ up: row.upvotes, down: row.downvotes }).toEqual({ up, down });
    expect((await json(await api(t, `/api/votes/review/${review.id}`))).body).toEqual({
      voteCount: up - down,
      userVote: null,
    });
    // Each voter sees their own row.
    const seen = await Promise.all(
      voters.map((v) => api(t, `/api/votes/review/${review.id}`, { token: v.token }).then((r) => r.json())),
    );
    seen.forEach((s, i) => {
      expect(s.userVote).toBe(rows.find((r) => r.userId === voters[i].id)?.voteType ?? null);
    });
  });

  test("vote stuffing: 10 parallel upvotes by one user leave at most one vote, counts equal rows", async () => {
    const [courseId] = await freshCourses(1);
    const author = await student();
    const review = await createdReview(t, author.token, courseId);
    const voter = await student();
    await Promise.all(Array.from({ length: 10 }, () => vote(voter.token, review.id, "UPVOTE")));
    const { up, down, rows } = await voteRows(review.id);
    expect(rows.length).toBeLessThanOrEqual(1);
    expect((await json(await api(t, `/api/votes/review/${review.id}`))).body.voteCount).toBe(up - down);
  });
});

// ------------------------------------------------------------------ votes

describe("vote rules", () => {
  let review: { id: number };
  let author: Student, bob: Student, cat: Student;
  beforeAll(async () => {
    const [courseId] = await freshCourses(1);
    [author, bob, cat] = await students("voting", 3);
    review = await createdReview(t, author.token, courseId);
  });

  test("the same way again removes the vote; the other way switches it", async () => {
    expect((await vote(bob.token, review.id, "UPVOTE")).body).toEqual({ voteCount: 1, userVote: "UPVOTE" });
    expect((await vote(bob.token, review.id, "UPVOTE")).body).toEqual({ voteCount: 0, userVote: null });
    expect((await vote(bob.token, review.id, "DOWNVOTE")).body).toEqual({ voteCount: -1, userVote: "DOWNVOTE" });
    expect((await vote(bob.token, review.id, "UPVOTE")).body).toEqual({ voteCount: 1, userVote: "UPVOTE" });
    expect((await vote(cat.token, review.id, "DOWNVOTE")).body).toEqual({ voteCount: 0, userVote: "DOWNVOTE" });
    expect((await vote(cat.token, review.id, "DOWNVOTE")).body).toEqual({ voteCount: 1, userVote: null });
    expect((await json(await api(t, `/api/votes/review/${review.id}`, { token: bob.token }))).body).toEqual({
      voteCount: 1,
      userVote: "UPVOTE",
    });
    expect((await json(await api(t, `/api/votes/review/${review.id}`, { token: cat.token }))).body).toEqual({
      voteCount: 1,
      userVote: null,
    });
    expect((await json(await api(t, `/api/votes/review/${review.id}`))).body).toEqual({ voteCount: 1, userVote: null });
    const seen = (await json(await api(t, `/api/reviews/${review.id}`, { token: bob.token }))).body;
    expect(seen).toMatchObject({ voteCount: 1, userVote: "UPVOTE" });
    expect(await voteRows(review.id)).toMatchObject({ up: 1, down: 0 });
  });

  test("the author cannot vote on their own review (403)", async () => {
    const before = await voteRows(review.id);
    const { status, body } = await vote(author.token, review.id, "UPVOTE");
    expect(status).toBe(403);
    expect(body.message).toMatch(/own review/);
    expect((await voteRows(review.id)).rows).toHaveLength(before.rows.length);
  });

  test("a visitor gets 401", async () => {
    expect((await vote(undefined, review.id, "UPVOTE")).status).toBe(401);
  });

  test.each(["SIDEWAYS", "upvote", "", "UPVOTE%20"])("voteType=%s gets 400", async (voteType) => {
    const { status, body } = await vote(bob.token, review.id, voteType);
    expect(status).toBe(400);
    expect(body.message).toBe("voteType must be UPVOTE or DOWNVOTE");
  });

  test("no voteType at all gets 400", async () => {
    expect((await api(t, `/api/votes/review/${review.id}`, { method: "POST", token: bob.token })).status).toBe(400);
  });

  test.each(["99999999", "0", "abc", "-1", "1.5"])("unknown review %s gets 404 for GET and POST", async (id) => {
    expect((await vote(bob.token, id, "UPVOTE")).status).toBe(404);
    expect((await api(t, `/api/votes/review/${id}`)).status).toBe(404);
  });
});

// ------------------------------------------------------------------ authorization

describe("authorization", () => {
  let courseId: number, otherCourse: number;
  let author: Student, intruder: Student;
  beforeAll(async () => {
    [courseId, otherCourse] = await freshCourses(2);
    [author, intruder] = await students("authz", 2);
  });

  test("another user's PUT and DELETE get 403 and change nothing", async () => {
    const review = await createdReview(t, author.token, courseId);
    const before = await reviewRow(review.id);
    const stats = await statsFromApi(t, courseId);
    const put = await json(
      await api(t, `/api/reviews/${review.id}`, {
        method: "PUT",
        token: intruder.token,
        body: reviewBody({ reviewText: "Hacked", usefulnessRating: 1 }),
      }),
    );
    expect(put.status).toBe(403);
    const del = await json(await api(t, `/api/reviews/${review.id}`, { method: "DELETE", token: intruder.token }));
    expect(del.status).toBe(403);
    expect(await reviewRow(review.id)).toEqual(before);
    expect(await statsFromApi(t, courseId)).toEqual(stats);
    // Visitors get 401 and change nothing either.
    expect(
      (await api(t, `/api/reviews/${review.id}`, { method: "PUT", body: reviewBody({ reviewText: "Hacked" }) })).status,
    ).toBe(401);
    expect((await api(t, `/api/reviews/${review.id}`, { method: "DELETE" })).status).toBe(401);
    expect(await reviewRow(review.id)).toEqual(before);
  });

  test("the owner can edit and delete, and the averages follow", async () => {
    const owner = await student();
    const review = await createdReview(t, owner.token, otherCourse, { usefulnessRating: 1 });
    const put = await json(
      await api(t, `/api/reviews/${review.id}`, {
        method: "PUT",
        token: owner.token,
        body: reviewBody({ usefulnessRating: 5, reviewText: "Changed my mind" }),
      }),
    );
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: review.id, usefulnessRating: 5, reviewText: "Changed my mind", owner: true });
    expect((await statsFromApi(t, otherCourse)).averageUsefulnessRating).toBe(5);
    expect((await api(t, `/api/reviews/${review.id}`, { method: "DELETE", token: owner.token })).status).toBe(200);
    expect(await reviewRow(review.id)).toBeUndefined();
    expect((await statsFromApi(t, otherCourse)).numReviews).toBe(0);
    expect((await api(t, `/api/reviews/${review.id}`)).status).toBe(404);
  });

  test("a visitor's POST gets 401 and stores nothing", async () => {
    const before = await db().$count(reviews, eq(reviews.courseId, courseId));
    const { status } = await postReview(t, undefined, courseId, reviewBody());
    expect(status).toBe(401);
    expect(await db().$count(reviews, eq(reviews.courseId, courseId))).toBe(before);
  });

  test("an unknown course gets 404 (POST and the reads); a second review gets 409 naming the first", async () => {
    const user = await student();
    for (const id of ["99999999", "abc", "0"]) {
      expect((await postReview(t, user.token, id, reviewBody())).status).toBe(404);
      for (const path of ["", "/teachers", "/distribution", "/teacherScore?teacherName=X"]) {
        expect((await api(t, `/api/reviews/course/${id}${path}`)).status, `${id}${path}`).toBe(404);
      }
    }
    const first = await createdReview(t, user.token, otherCourse);
    const second = await postReview(t, user.token, otherCourse, reviewBody({ reviewText: "Again" }));
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/already reviewed/);
    expect(String(second.body.fields.reviewId)).toBe(String(first.id));
  });

  test("extra body fields are ignored, never written", async () => {
    const sneaky = await student();
    const extras = {
      userId: intruder.id,
      user_id: intruder.id,
      overallRating: 1,
      numReviews: 99,
      hidden: true,
      upvotes: 50,
      downvotes: 7,
      id: 4242,
      courseId: otherCourse,
      createdAt: "2000-01-01T00:00:00.000Z",
    };
    const ratings = {
      usefulnessRating: 5,
      difficultyRating: 1,
      workloadRating: 1,
      interestRating: 5,
      teacherRating: 5,
    };
    const { status, body } = await postReview(t, sneaky.token, courseId, reviewBody({ ...ratings, ...extras }));
    expect(status).toBe(201);
    const row = await reviewRow(body.id);
    expect(row).toMatchObject({
      userId: sneaky.id,
      courseId,
      overallRating: 5,
      hidden: false,
      upvotes: 0,
      downvotes: 0,
    });
    expect(row.id).not.toBe(4242);
    expect(row.createdAt.getFullYear()).toBeGreaterThan(2020);
    const stats = await statsFromApi(t, courseId);
    expect(stats.numReviews).toBe(await db().$count(reviews, eq(reviews.courseId, courseId)));
    expect(await db().$count(reviews, and(eq(reviews.courseId, otherCourse), eq(reviews.userId, sneaky.id)))).toBe(0);

    const put = await api(t, `/api/reviews/${body.id}`, {
      method: "PUT",
      token: sneaky.token,
      body: reviewBody({ ...ratings, ...extras, overallRating: 2 }),
    });
    expect(put.status).toBe(200);
    expect(await reviewRow(body.id)).toMatchObject({
      userId: sneaky.id,
      courseId,
      overallRating: 5,
      hidden: false,
      upvotes: 0,
      downvotes: 0,
      id: body.id,
    });
  });
});

// ------------------------------------------------------------------ validation

describe("validation", () => {
  let courseId: number;
  let user: Student;
  let existing: { id: number };
  beforeAll(async () => {
    let other: number;
    [courseId, other] = await freshCourses(2);
    user = await student("valid");
    existing = await createdReview(t, user.token, other);
  });

  const LABELS: Record<(typeof RATING_FIELDS)[number], string> = {
    usefulnessRating: "Usefulness",
    difficultyRating: "Difficulty",
    workloadRating: "Workload",
    interestRating: "Interest",
    teacherRating: "Teacher",
  };
  const HOURS = "Hours per week must be a number from 0 to 40";
  const cases: [string, unknown, string][] = [
    ...RATING_FIELDS.flatMap((field) =>
      [0, 6, 2.5, "x", -1, null].map((
        value,
      ): [string, unknown, string] => [field, value, `${LABELS[field]} must be a whole number from 1 to 5`])
    ),
    ["teacherName", "", "Professor name is required"],
    ["teacherName", "   ", "Professor name is required"],
    ["teacherName", undefined, "Professor name is required"],
    ["teacherName", "x".repeat(101), "Professor name must be at most 100 characters"],
    ["semester", "", "Semester is required"],
    ["semester", undefined, "Semester is required"],
    ["semester", "x".repeat(101), "Semester must be at most 100 characters"],
    ["assignmentTypes", "", "Assignment types are required"],
    ["assignmentTypes", undefined, "Assignment types are required"],
    ["assignmentTypes", "x".repeat(501), "Assignment types must be at most 500 characters"],
    ["reviewText", "", "Review text is required"],
    ["reviewText", " \n\t ", "Review text is required"],
    ["reviewText", undefined, "Review text is required"],
    ["reviewText", "x".repeat(2001), "Review must be at most 2000 characters"],
    ["hoursPerWeek", -1, HOURS],
    ["hoursPerWeek", 41, HOURS],
    ["hoursPerWeek", "abc", HOURS],
    ["hoursPerWeek", "", HOURS],
    ["hoursPerWeek", null, HOURS],
    ["hoursPerWeek", undefined, HOURS],
    ["attendanceRequired", "yes", "Attendance required must be true or false"],
    ["attendanceRequired", 1, "Attendance required must be true or false"],
  ];

  /** Short names for long values in test titles. */
  const shown = (value: unknown) =>
    typeof value === "string" && value.length > 12 && value === value[0].repeat(value.length)
      ? `"${value[0]}" × ${value.length}`
      : JSON.stringify(value) ?? "missing";
  test.each(cases.map(([field, value, message]) => ({ field, value, message, label: `${field} = ${shown(value)}` })))(
    "$label is refused with its message (POST and PUT)",
    async ({ field, value, message }) => {
      const body = reviewBody({ [field]: value });
      if (value === undefined) delete body[field];
      const created = await postReview(t, user.token, courseId, body);
      expect(created.status).toBe(400);
      expect(created.body.fields[field]).toBe(message);
      expect(created.body.message).toBe(message);
      const before = await reviewRow(existing.id);
      const edited = await json(
        await api(t, `/api/reviews/${existing.id}`, { method: "PUT", token: user.token, body }),
      );
      expect(edited.status).toBe(400);
      expect(edited.body.fields[field]).toBe(message);
      expect(await reviewRow(existing.id)).toEqual(before);
      expect(await db().$count(reviews, eq(reviews.courseId, courseId))).toBe(0);
    },
  );

  test.each([
    [{ hoursPerWeek: 0 }, { hoursPerWeek: 0 }],
    [{ hoursPerWeek: 40 }, { hoursPerWeek: 40 }],
    [{ hoursPerWeek: 7.5 }, { hoursPerWeek: 7.5 }],
    [{ teacherName: "y".repeat(100) }, { teacherName: "y".repeat(100) }],
    [{ semester: "s".repeat(100) }, { semester: "s".repeat(100) }],
    [{ assignmentTypes: "a".repeat(500) }, { assignmentTypes: "a".repeat(500) }],
    [{ reviewText: "r".repeat(2000) }, { reviewText: "r".repeat(2000) }],
    [{ teacherName: "  Prof. Trim  ", reviewText: "\n padded \n" }, {
      teacherName: "Prof. Trim",
      reviewText: "padded",
    }],
    [{ usefulnessRating: 1, difficultyRating: 5, workloadRating: 5, interestRating: 1, teacherRating: 1 }, {
      overallRating: 1,
    }],
  ].map(([change, stored]) => ({
    change,
    stored,
    label: Object.entries(change).map(([k, v]) => `${k} = ${shown(v)}`).join(", "),
  })))(
    "boundary $label is accepted",
    async ({ change, stored }) => {
      const response = await api(t, `/api/reviews/${existing.id}`, {
        method: "PUT",
        token: user.token,
        body: reviewBody(change),
      });
      expect(response.status).toBe(200);
      expect(await reviewRow(existing.id)).toMatchObject(stored);
    },
  );

  test("omitted ratings default to 3 and attendance to false", async () => {
    const me = await student();
    const body = reviewBody();
    for (const field of [...RATING_FIELDS, "attendanceRequired"]) delete body[field];
    const { status, body: created } = await postReview(t, me.token, courseId, body);
    expect(status).toBe(201);
    expect(created).toMatchObject({
      usefulnessRating: 3,
      difficultyRating: 3,
      workloadRating: 3,
      interestRating: 3,
      teacherRating: 3,
      attendanceRequired: false,
      overallRating: 3,
    });
    expect(await reviewRow(created.id)).toMatchObject({
      usefulnessRating: 3,
      teacherRating: 3,
      attendanceRequired: false,
      overallRating: 3,
    });
    expect((await api(t, `/api/reviews/${created.id}`, { method: "DELETE", token: me.token })).status).toBe(200);
  });

  describe("lengths count user-perceived characters", () => {
    const FAMILY = "👩‍👩‍👧‍👦";
    const RLM = "\u200F";
    const E_ACUTE = "e\u0301";
    /** n characters mixing the three kinds; the body stays under the 16 KiB API limit. */
    const mixed = (n: number) => {
      const parts: string[] = [];
      for (let i = 0; i < n; i++) parts.push(i % 7 === 0 ? FAMILY : i % 2 ? RLM : E_ACUTE);
      return parts.join("");
    };

    test("2000 of them in reviewText are accepted and stored unchanged; 2001 are refused", async () => {
      for (const text of [mixed(2000), E_ACUTE.repeat(2000), FAMILY + RLM.repeat(1998) + E_ACUTE]) {
        expect([...new Intl.Segmenter("en", { granularity: "grapheme" }).segment(text)]).toHaveLength(2000);
        const response = await api(t, `/api/reviews/${existing.id}`, {
          method: "PUT",
          token: user.token,
          body: reviewBody({ reviewText: text }),
        });
        expect(response.status).toBe(200);
        expect((await reviewRow(existing.id)).reviewText).toBe(text);
        expect((await response.json()).reviewText).toBe(text);
      }
      for (const text of [mixed(2001), E_ACUTE.repeat(2001)]) {
        const refused = await json(
          await api(t, `/api/reviews/${existing.id}`, {
            method: "PUT",
            token: user.token,
            body: reviewBody({ reviewText: text }),
          }),
        );
        expect(refused.status).toBe(400);
        expect(refused.body.fields.reviewText).toBe("Review must be at most 2000 characters");
      }
    });

    test("2000 ZWJ family emojis alone (50 KB of UTF-8) exceed the 16 KiB API body limit: 413 with a message, not 500", async () => {
      const text = FAMILY.repeat(2000);
      expect(new TextEncoder().encode(text).length).toBe(50_000);
      const { status, body } = await json(
        await api(t, `/api/reviews/${existing.id}`, {
          method: "PUT",
          token: user.token,
          body: reviewBody({ reviewText: text }),
        }),
      );
      expect(status).toBe(413);
      expect(body.message).toMatch(/16 KiB/);
    });

    test.each([
      ["teacherName", 100, "Professor name must be at most 100 characters"],
      ["semester", 100, "Semester must be at most 100 characters"],
      ["assignmentTypes", 500, "Assignment types must be at most 500 characters"],
    ])("%s: %i ZWJ family emojis are accepted unchanged, one more is refused", async (field, max, message) => {
      const ok = await api(t, `/api/reviews/${existing.id}`, {
        method: "PUT",
        token: user.token,
        body: reviewBody({ [field]: FAMILY.repeat(max) }),
      });
      expect(ok.status).toBe(200);
      expect((await reviewRow(existing.id) as Record<string, unknown>)[field]).toBe(FAMILY.repeat(max));
      const refused = await json(
        await api(t, `/api/reviews/${existing.id}`, {
          method: "PUT",
          token: user.token,
          body: reviewBody({ [field]: FAMILY.repeat(max + 1) }),
        }),
      );
      expect(refused.status).toBe(400);
      expect(refused.body.fields[field]).toBe(message);
    });

    test("an RTL mark and a combining accent each count once and survive a round trip", async () => {
      const text = `${RLM}שלום ${E_ACUTE}cole ${FAMILY}`;
      const response = await api(t, `/api/reviews/${existing.id}`, {
        method: "PUT",
        token: user.token,
        body: reviewBody({ reviewText: text, teacherName: `${E_ACUTE}${RLM}` }),
      });
      expect(response.status).toBe(200);
      const read = (await json(await api(t, `/api/reviews/${existing.id}`))).body;
      expect(read.reviewText).toBe(text);
      expect(read.teacherName).toBe(`${E_ACUTE}${RLM}`);
    });
  });
});

// ------------------------------------------------------------------ anonymity

describe("anonymity", () => {
  test("no author email or id in the review and course JSON; owner only for the author", async () => {
    const [courseId] = await freshCourses(1);
    const author = await createStudent(t, "very-secret-author@bu.edu");
    const other = await student();
    const review = await createdReview(t, author.token, courseId, { teacherName: "Prof. Anon" });
    await vote(other.token, review.id, "UPVOTE");
    const USERISH = /user|author|email|reviewer|creator|writer|poster|by$|owner_?id|account/i;
    const ALLOWED = new Set(["userVote", "userReviewed"]);
    const paths = [
      `/api/reviews/course/${courseId}`,
      `/api/reviews/${review.id}`,
      `/api/courses/${courseId}`,
      `/api/reviews/course/${courseId}?sort=helpful`,
    ];
    for (const [who, token] of [["visitor", undefined], ["other", other.token], ["author", author.token]] as const) {
      for (const path of paths) {
        const response = await api(t, path, { token });
        expect(response.status).toBe(200);
        const text = await response.text();
        const where = `${path} as ${who}`;
        expect(text, where).not.toContain("very-secret-author");
        expect(text, where).not.toMatch(
          /"(userId|user_id|email|authorId|author|user|reviewer|reviewerId|createdBy)"\s*:/,
        );
        for (const [name, value] of response.headers) {
          expect(`${name}: ${value}`, where).not.toContain("very-secret-author");
        }
        for (const entry of jsonEntries(JSON.parse(text))) {
          if (USERISH.test(entry.key) && !ALLOWED.has(entry.key)) {
            throw new Error(`${where}: user-ish key ${entry.path}`);
          }
          if (entry.key !== "id" && entry.key !== "courseId" && entry.value === author.id && USERISH.test(entry.path)) {
            throw new Error(`${where}: author id under ${entry.path}`);
          }
        }
        const body = JSON.parse(text);
        const views = path.startsWith("/api/courses") ? [] : Array.isArray(body.content) ? body.content : [body];
        for (const view of views) {
          expect(view.owner, where).toBe(who === "author");
          expect(view).not.toHaveProperty("userId");
        }
      }
    }
  });
});

// ------------------------------------------------------------------ reports

describe("reports", () => {
  test("three reports from different users hide the review everywhere; the author still sees it in my-reviews", async () => {
    const [courseId] = await freshCourses(1);
    const [author, r1, r2, r3, r4, bystander] = await students("report", 6);
    const ratings = {
      usefulnessRating: 1,
      difficultyRating: 5,
      workloadRating: 5,
      interestRating: 1,
      teacherRating: 1,
    };
    const bad = await createdReview(t, author.token, courseId, { ...ratings, teacherName: "Prof. Hidden" });
    const good = await createdReview(t, bystander.token, courseId, { teacherName: "Prof. Shown" });
    await vote(r4.token, bad.id, "UPVOTE");

    expect((await report(author.token, bad.id)).status).toBe(403);
    expect((await report(undefined, bad.id)).status).toBe(401);
    const empty = await json(
      await api(t, `/api/reviews/${bad.id}/report`, { method: "POST", token: r1.token, body: { reason: "  " } }),
    );
    expect(empty.status).toBe(400);
    expect(empty.body.fields.reason).toBe("Say why you are reporting this review");

    expect(await report(r1.token, bad.id)).toMatchObject({ status: 200, body: { hidden: false } });
    expect((await report(r1.token, bad.id)).status).toBe(409);
    expect(await report(r2.token, bad.id)).toMatchObject({ status: 200, body: { hidden: false } });
    expect((await json(await api(t, `/api/reviews/${bad.id}`, { token: r1.token }))).body.reported).toBe(true);
    expect((await json(await api(t, `/api/reviews/${bad.id}`, { token: r3.token }))).body.reported).toBe(false);
    expect((await statsFromApi(t, courseId)).numReviews).toBe(2);
    expect(await report(r3.token, bad.id)).toMatchObject({ status: 200, body: { hidden: true } });

    // Gone from the list, the teachers, the averages, the distribution, the teacher score and the votes.
    const list = (await json(await api(t, `/api/reviews/course/${courseId}`))).body;
    expect(list.content.map((r: { id: number }) => r.id)).toEqual([good.id]);
    expect(list.totalElements).toBe(1);
    expect((await json(await api(t, `/api/reviews/course/${courseId}?teacherName=Prof.%20Hidden`))).body.content)
      .toEqual([]);
    expect((await json(await api(t, `/api/reviews/course/${courseId}/teachers`))).body).toEqual(["Shown"]);
    const stats = await statsFromApi(t, courseId);
    expect(stats).toMatchObject(statsOf([await reviewRow(good.id)]));
    expect(stats.numReviews).toBe(1);
    expect(
      (await json(await api(t, `/api/reviews/course/${courseId}/teacherScore?teacherName=Prof.%20Hidden`))).body
        .averageRating,
    ).toBe(0);
    const distribution = (await json(await api(t, `/api/reviews/course/${courseId}/distribution`))).body;
    expect(distribution.usefulnessRating.reduce((a: number, b: number) => a + b, 0)).toBe(1);
    expect(distribution.usefulnessRating[0]).toBe(0);
    expect((await api(t, `/api/votes/review/${bad.id}`)).status).toBe(404);
    expect((await vote(r4.token, bad.id, "DOWNVOTE")).status).toBe(404);
    expect((await api(t, `/api/reviews/${bad.id}`)).status).toBe(404);
    expect((await api(t, `/api/reviews/${bad.id}`, { token: r1.token })).status).toBe(404);
    expect((await report(r4.token, bad.id)).status).toBe(404);

    // The author still sees it, marked hidden, and no one else's my-reviews shows it.
    const mine = (await json(await api(t, "/api/reviews/my-reviews", { token: author.token }))).body;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: bad.id, hidden: true, owner: true, courseCode: await courseName(t, courseId) });
    expect(typeof mine[0].courseTitle).toBe("string");
    expect((await json(await api(t, `/api/reviews/${bad.id}`, { token: author.token }))).status).toBe(200);
    const theirs = (await json(await api(t, "/api/reviews/my-reviews", { token: bystander.token }))).body;
    expect(theirs.map((r: { id: number; hidden: boolean }) => [r.id, r.hidden])).toEqual([[good.id, false]]);
    expect((await api(t, "/api/reviews/my-reviews")).status).toBe(401);
  });
});

// ------------------------------------------------------------------ teachers, scores, distribution, sorting

describe("teachers, teacher score, distribution and sorting", () => {
  const plan = [
    { teacherName: "Prof. Alpha", ratings: [5, 1, 1, 5, 5], votes: 2 },
    { teacherName: "Prof. Alpha", ratings: [3, 3, 3, 3, 3], votes: -1 },
    { teacherName: "Prof. Beta", ratings: [1, 5, 5, 1, 1], votes: 0 },
    { teacherName: "Prof. Beta", ratings: [4, 2, 2, 4, 4], votes: 2 },
    { teacherName: "Prof. Gamma", ratings: [2, 4, 3, 2, 5], votes: 1 },
  ];
  const asRatings = (r: number[]): Ratings => ({
    usefulnessRating: r[0],
    difficultyRating: r[1],
    workloadRating: r[2],
    interestRating: r[3],
    teacherRating: r[4],
  });
  let courseId: number;
  let ids: number[];
  beforeAll(async () => {
    [courseId] = await freshCourses(1);
    const authors = await students("teach", plan.length);
    const voters = await students("teachvoter", 2);
    ids = [];
    for (const [i, item] of plan.entries()) {
      ids.push(
        (await createdReview(t, authors[i].token, courseId, {
          ...asRatings(item.ratings),
          teacherName: item.teacherName,
        })).id,
      );
    }
    for (const [i, item] of plan.entries()) {
      for (let v = 0; v < Math.abs(item.votes); v++) {
        await vote(voters[v].token, ids[i], item.votes > 0 ? "UPVOTE" : "DOWNVOTE");
      }
    }
  });

  test("teachers are the sorted distinct professors, named without titles", async () => {
    expect((await json(await api(t, `/api/reviews/course/${courseId}/teachers`))).body).toEqual([
      "Alpha",
      "Beta",
      "Gamma",
    ]);
  });

  test("the teacher filter keeps only that teacher's reviews", async () => {
    const { body } = await json(
      await api(t, `/api/reviews/course/${courseId}?teacherName=${encodeURIComponent("Prof. Alpha")}`),
    );
    expect(body.totalElements).toBe(2);
    expect(body.content.map((r: { id: number }) => r.id).sort()).toEqual([ids[0], ids[1]].sort());
    expect((await json(await api(t, `/api/reviews/course/${courseId}?teacherName=Nobody`))).body).toMatchObject({
      content: [],
      totalElements: 0,
    });
    // An empty filter means all.
    expect((await json(await api(t, `/api/reviews/course/${courseId}?teacherName=`))).body.totalElements).toBe(
      plan.length,
    );
  });

  test("teacherScore is the average overall of that teacher's visible reviews", async () => {
    for (const name of ["Prof. Alpha", "Prof. Beta", "Prof. Gamma", "Nobody"]) {
      const mine = plan.filter((p) => p.teacherName === name).map((p) => expectedOverall(asRatings(p.ratings)));
      const expected = mine.length ? mine.reduce((a, b) => a + b, 0) / mine.length : 0;
      const { status, body } = await json(
        await api(t, `/api/reviews/course/${courseId}/teacherScore?teacherName=${encodeURIComponent(name)}`),
      );
      expect(status).toBe(200);
      expect(body.teacherName).toBe(name);
      expect(body.averageRating, name).toBeCloseTo(expected, 9);
    }
    expect((await api(t, `/api/reviews/course/${courseId}/teacherScore`)).status).toBe(400);
  });

  test("distribution counts each value 1-5 of each rating (overall rounded)", async () => {
    const expected: Record<string, number[]> = {};
    const fields = ["overallRating", ...RATING_FIELDS] as const;
    for (const field of fields) expected[field] = [0, 0, 0, 0, 0];
    for (const p of plan) {
      const r = asRatings(p.ratings);
      expected.overallRating[Math.round(expectedOverall(r)) - 1]++;
      for (const field of RATING_FIELDS) expected[field][r[field] - 1]++;
    }
    expect((await json(await api(t, `/api/reviews/course/${courseId}/distribution`))).body).toEqual(expected);
  });

  test("sort=helpful orders by votes, newest first among equals; the default is newest first", async () => {
    const helpful = (await json(await api(t, `/api/reviews/course/${courseId}?sort=helpful`))).body;
    expect(helpful.content.map((r: { id: number }) => r.id)).toEqual([ids[3], ids[0], ids[4], ids[2], ids[1]]);
    expect(helpful.content.map((r: { voteCount: number }) => r.voteCount)).toEqual([2, 2, 1, 0, -1]);
    const newest = (await json(await api(t, `/api/reviews/course/${courseId}`))).body;
    expect(newest.content.map((r: { id: number }) => r.id)).toEqual([...ids].reverse());
    expect((await json(await api(t, `/api/reviews/course/${courseId}?sort=newest`))).body.content).toEqual(
      newest.content,
    );
    expect((await api(t, `/api/reviews/course/${courseId}?sort=best`)).status).toBe(400);
    expect(newest.content[0]).toMatchObject({
      overallRating: expectedOverall(asRatings(plan[4].ratings)),
      owner: false,
      userVote: null,
    });
  });

  test("pages of 10, or of ?size= up to 50", async () => {
    const [big] = await freshCourses(1);
    const authors = await students("pager", 23);
    const created: number[] = [];
    for (const a of authors) created.push((await createdReview(t, a.token, big)).id);
    const first = (await json(await api(t, `/api/reviews/course/${big}`))).body;
    const second = (await json(await api(t, `/api/reviews/course/${big}?page=1`))).body;
    const third = (await json(await api(t, `/api/reviews/course/${big}?page=2`))).body;
    const fourth = (await json(await api(t, `/api/reviews/course/${big}?page=3`))).body;
    expect(first).toMatchObject({ totalElements: 23, totalPages: 3, number: 0, size: 10 });
    expect(first.content).toHaveLength(10);
    expect(second).toMatchObject({ totalElements: 23, totalPages: 3, number: 1, size: 10 });
    expect(second.content).toHaveLength(10);
    expect(third.content).toHaveLength(3);
    expect(fourth.content).toHaveLength(0);
    expect([...first.content, ...second.content, ...third.content].map((r: { id: number }) => r.id)).toEqual(
      [...created].reverse(),
    );
    const big20 = (await json(await api(t, `/api/reviews/course/${big}?size=20&page=1`))).body;
    expect(big20).toMatchObject({ totalElements: 23, totalPages: 2, number: 1, size: 20 });
    expect(big20.content.map((r: { id: number }) => r.id)).toEqual([...created].reverse().slice(20));
    for (const bad of ["-1", "abc", "1.5"]) {
      expect((await api(t, `/api/reviews/course/${big}?page=${bad}`)).status, bad).toBe(400);
    }
    for (const bad of ["0", "51", "abc", "-3"]) {
      const answer = await json(await api(t, `/api/reviews/course/${big}?size=${bad}`));
      expect(answer.status, bad).toBe(400);
      expect(answer.body.message).toBe("size must be a whole number from 1 to 50");
    }
  });
});

// ------------------------------------------------------------------ account deletion

describe("account deletion", () => {
  test("deleting the author's account removes their reviews and recomputes the averages", async () => {
    const [courseId] = await freshCourses(1);
    const [author, stays] = await students("gone", 2);
    await createdReview(t, author.token, courseId, { usefulnessRating: 1 });
    await createdReview(t, stays.token, courseId, { usefulnessRating: 5 });
    expect((await statsFromApi(t, courseId)).averageUsefulnessRating).toBe(3);
    expect((await api(t, "/api/users/delete", { method: "DELETE", token: author.token })).status).toBe(200);
    expect(await db().$count(users, eq(users.id, author.id))).toBe(0);
    expect(await db().$count(reviews, eq(reviews.userId, author.id))).toBe(0);
    expect(await statsFromApi(t, courseId)).toMatchObject({ numReviews: 1, averageUsefulnessRating: 5 });
  });

  test("deleting a voter's account updates the vote counts of the reviews they voted on", async () => {
    const [courseId] = await freshCourses(1);
    const [author, voter, other] = await students("votergone", 3);
    const review = await createdReview(t, author.token, courseId);
    await vote(voter.token, review.id, "UPVOTE");
    await vote(other.token, review.id, "DOWNVOTE");
    expect((await json(await api(t, `/api/votes/review/${review.id}`))).body.voteCount).toBe(0);
    expect((await api(t, "/api/users/delete", { method: "DELETE", token: voter.token })).status).toBe(200);
    const rows = await voteRows(review.id);
    expect(rows).toMatchObject({ up: 0, down: 1 });
    const row = await reviewRow(review.id);
    expect(
      { upvotes: row.upvotes, downvotes: row.downvotes },
      "the upvotes/downvotes columns after the voter is deleted",
    ).toEqual({
      upvotes: 0,
      downvotes: 1,
    });
    expect(
      (await json(await api(t, `/api/votes/review/${review.id}`))).body.voteCount,
      "GET /api/votes/review after the voter is deleted",
    ).toBe(-1);
    const listed = (await json(await api(t, `/api/reviews/course/${courseId}`))).body.content[0];
    expect(listed.voteCount, "voteCount in the course's review list").toBe(-1);
  });

  test("deleting a reporter's account removes their report", async () => {
    const [courseId] = await freshCourses(1);
    const [author, reporter] = await students("reportergone", 2);
    const review = await createdReview(t, author.token, courseId);
    await report(reporter.token, review.id);
    expect((await api(t, "/api/users/delete", { method: "DELETE", token: reporter.token })).status).toBe(200);
    expect(await db().$count(reviewReports, eq(reviewReports.reviewId, review.id))).toBe(0);
  });
});
