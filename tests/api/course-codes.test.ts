/**
 * Adding completed courses at once: pasted codes split into pieces and
 * matched to courses (POST /api/courses/match), then marked completed in one
 * transaction (POST /api/users/completed-courses), with their limits.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { api, createStudent } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { courseId } from "../helpers/catalog.ts";
import { turnsDuring } from "../helpers/event-loop.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ env: { DEMO_CATALOG: "on" } });
});
afterAll(() => t?.close());

const idOf = (code: string) => courseId(t, code);

const match = async (text: unknown) => {
  const response = await api(t, "/api/courses/match", { method: "POST", body: { text } });
  return { status: response.status, body: await response.json() };
};

describe("pasted codes", () => {
  test("matched to courses in every common form, once each; what matches nothing is said", async () => {
    const { status, body } = await match("CAS CS 111, cs112\nMA 123; CAS-CS-111\nzz 999 and not a code\nnot a code");
    expect(status).toBe(200);
    expect(body.matched.map((m: { code: string }) => m.code)).toEqual(["CAS CS 111", "CAS CS 112", "CAS MA 123"]);
    expect(body.matched[1]).toEqual({
      text: "cs112",
      id: await idOf("CAS CS 112"),
      code: "CAS CS 112",
      title: expect.any(String),
    });
    expect(body.unmatched).toEqual(["zz 999"]);
    expect(body.notUnderstood).toEqual(["not a code"]);
    expect(body.completed).toEqual([]);
  });

  test("a transcript: titles, grades, credits and terms passed over; W and IP said; completed courses set apart", async () => {
    const me = await createStudent(t, "transcript@bu.edu");
    const wr120 = await idOf("CAS WR 120");
    await api(t, `/api/users/completed-courses/${wr120}`, { method: "POST", token: me.token });
    const transcript = [
      "Boston University Unofficial Transcript",
      "FALL 2023",
      "CAS WR 120  WRITING SEMINAR               A-     4.00",
      "CAS PH150 Introduction to Ethics  A-  4.00",
      "Term GPA: 3.67    Term Credits: 8.00",
      "SPRING 2024",
      "cs 112 A1  INTRO TO COMPUTER SCIENCE 2    B      4.00",
      "CAS MA 124  CALCULUS II                   W      0.00",
      "CAS CS 111  INTRO TO COMPUTER SCIENCE 1   IP",
      "Ask Prof. Lee about CS research",
    ].join("\n");
    const response = await api(t, "/api/courses/match", {
      method: "POST",
      token: me.token,
      body: { text: transcript },
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.matched.map((m: { code: string; notCompleted?: string }) => [m.code, m.notCompleted])).toEqual([
      ["CAS PH 150", undefined],
      ["CAS CS 112", undefined],
      ["CAS MA 124", "withdrawn"],
      ["CAS CS 111", "in progress"],
    ]);
    // Completed already: not offered again.
    expect(body.completed.map((m: { code: string }) => m.code)).toEqual(["CAS WR 120"]);
    expect(body.unmatched).toEqual([]);
    expect(body.notUnderstood).toEqual(["Ask Prof. Lee about CS research"]);
    // A visitor is offered every course.
    const visitor = await match(transcript);
    expect(visitor.body.completed).toEqual([]);
    expect(visitor.body.matched).toHaveLength(5);
  });

  test("at most 100 different codes are read, the rest counted; empty, too long, control characters and non-text get 400", async () => {
    const many = Array.from({ length: 120 }, (_, i) => `XX ${100 + i}`).join("\n");
    const cut = (await match(many)).body;
    expect(cut.unmatched).toHaveLength(100);
    expect(cut.skipped).toBe(20);
    // The same course under many requirements (a degree audit) is one code.
    const audit = (await match(`${"CAS CS 111 A 4.00\n".repeat(150)}CAS CS 112 A 4.00`)).body;
    expect(audit.matched.map((m: { code: string }) => m.code)).toEqual(["CAS CS 111", "CAS CS 112"]);
    expect(audit.skipped).toBe(0);
    // A whole transcript fits: 12,000 characters.
    expect((await match(`CS 111\n${"x".repeat(11_990)}`)).status).toBe(200);
    for (const bad of ["", "   ", "x".repeat(12_001), "CS 111\u0000", 42, null]) {
      const { status, body } = await match(bad);
      expect(status, JSON.stringify(bad).slice(0, 20)).toBe(400);
      expect(typeof body.message, JSON.stringify(bad).slice(0, 20)).toBe("string");
    }
    expect((await match("x".repeat(12_001))).body.message).toBe("Paste at most 12,000 characters");
  });
});

describe("a long paste", () => {
  test("is read a line at a time, giving other requests their turn while it is read", async () => {
    // 12,000 characters of a transcript's lines, most of them code-like: some tens of ms of reading, in slices.
    const line = (i: number) => `CAS ${["CS", "MA", "WR", "PH", "EC"][i % 5]} ${101 + (i % 90)} A B+ 4.0 EK PY QST`;
    const text = Array.from({ length: 400 }, (_, i) => line(i)).join("\n").slice(0, 12_000);
    const { result, turns } = await turnsDuring(() => match(text));
    expect(result.status).toBe(200);
    expect(result.body.matched.length).toBeGreaterThan(0);
    // A turn every 100 lines at most (or 10 ms of reading): 400 lines, 3 turns at least, however fast the machine.
    expect(turns).toBeGreaterThanOrEqual(3);
  });
});

describe("POST /api/users/completed-courses", () => {
  const add = (token: string | undefined, ids: unknown) =>
    api(t, "/api/users/completed-courses", { method: "POST", token, body: { ids } });

  test("adds them all in one step, ends their future status, and says what was already there", async () => {
    const me = await createStudent(t, "bulk@bu.edu");
    const [cs111, cs112, ma123] = [await idOf("CAS CS 111"), await idOf("CAS CS 112"), await idOf("CAS MA 123")];
    await api(t, `/api/users/completed-courses/${cs111}`, { method: "POST", token: me.token });
    await api(t, `/api/users/courses-in-progress/${ma123}`, { method: "POST", token: me.token });
    const response = await add(me.token, [cs111, cs112, ma123, cs112]);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      added: 2,
      already: 1,
      message: "Added 2 courses to your completed courses. 1 course was already there.",
    });
    const completed = await (await api(t, "/api/users/completed-courses", { token: me.token })).json();
    expect(completed.map((c: { id: number }) => c.id).sort()).toEqual([cs111, cs112, ma123].sort());
    expect(await (await api(t, "/api/users/courses-in-progress", { token: me.token })).json()).toEqual([]);
  });

  test("the same for the other lists: future courses at once (the Hub planner's Add all), saved courses", async () => {
    const me = await createStudent(t, "bulk-future@bu.edu");
    const [cs111, cs112] = [await idOf("CAS CS 111"), await idOf("CAS CS 112")];
    const future = await api(t, "/api/users/courses-in-progress", {
      method: "POST",
      token: me.token,
      body: { ids: [cs111, cs112] },
    });
    expect(await future.json()).toEqual({ added: 2, already: 0, message: "Added 2 courses to your future courses." });
    const saved = await api(t, "/api/users/saved-courses", { method: "POST", token: me.token, body: { ids: [cs112] } });
    expect((await saved.json()).added).toBe(1);
    expect(
      (await (await api(t, "/api/users/courses-in-progress", { token: me.token })).json()).map((c: { id: number }) =>
        c.id
      ).sort(),
    ).toEqual(
      [cs111, cs112].sort(),
    );
  });

  test("an unknown id changes nothing (404); bad lists get 400; a visitor gets 401", async () => {
    const me = await createStudent(t, "bulk-bad@bu.edu");
    const cs111 = await idOf("CAS CS 111");
    expect((await add(me.token, [cs111, 987654321])).status).toBe(404);
    expect(await (await api(t, "/api/users/completed-courses", { token: me.token })).json()).toEqual([]);
    for (const bad of [[], [0], [-1], [1.5], ["1"], Array.from({ length: 61 }, (_, i) => i + 1), "1", null]) {
      const response = await add(me.token, bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(typeof (await response.json()).message).toBe("string");
    }
    expect((await add(undefined, [cs111])).status).toBe(401);
  });
});
