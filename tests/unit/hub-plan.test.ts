/**
 * The Hub planner against an independent brute force on small random
 * catalogs: the same smallest size, every unit covered when it can be, the
 * same best rating sum among sets of that size, and the constraints kept (a
 * course counts once per area, a two-unit area needs two courses, SI2/SO2 is
 * one requirement). Also what remains after completed and future courses.
 */
import { afterEach, describe, expect, test } from "vitest";
import { HUB_AREAS } from "../../src/lib/hub-areas.ts";
import { type Candidate, type Need, needsMet, type PlanShape, remainingNeeds } from "../../src/lib/hub-plan.ts";
import { solvePlanHere } from "../../src/services/hub/hub-plan-highs.ts";
import { seededRandom } from "../../src/lib/random.ts";
import {
  createSolveQueue,
  PLANNER_BUSY,
  solvePlan,
  solverKind,
  useWorkers,
} from "../../src/services/hub/hub-plan-solver.ts";
import { DomainError } from "../../src/services/platform/domain-errors.ts";
import { turnsDuring } from "../helpers/event-loop.ts";

/** Whether the chosen courses cover every need: each requirement has as many chosen courses carrying it as units needed. */
function covers(needs: Need[], chosen: Candidate[]): boolean {
  return needs.every((need) => chosen.filter((c) => needsMet(c.units, [need]).length).length >= need.units);
}

/** Units left uncovered by a set of courses: per requirement, the units needed less the chosen courses that carry it. */
function uncovered(needs: Need[], chosen: Candidate[]): number {
  return needs.reduce(
    (sum, need) => sum + Math.max(0, need.units - chosen.filter((c) => needsMet(c.units, [need]).length).length),
    0,
  );
}

/** Every subset, smallest first: the fewest uncovered units, then the fewest courses, then the highest rating sum. */
function bruteForce(needs: Need[], candidates: Candidate[]) {
  let best = { uncovered: Infinity, size: Infinity, score: -Infinity };
  for (let mask = 0; mask < 1 << candidates.length; mask++) {
    const chosen = candidates.filter((_, i) => mask & (1 << i));
    const left = uncovered(needs, chosen);
    const score = chosen.reduce((sum, c) => sum + c.score, 0);
    const better = left < best.uncovered ||
      (left === best.uncovered &&
        (chosen.length < best.size || (chosen.length === best.size && score > best.score + 1e-9)));
    if (better) best = { uncovered: left, size: chosen.length, score };
  }
  return best;
}

const AREAS = ["PLM", "AEX", "GCI", "WIN", "SI2", "SO2", "CRT", "QR1"];

function randomCase(seed: number) {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  // What the student has: a few courses with a few units each.
  const taken = Array.from({ length: Math.floor(random() * 4) }, () => [pick(AREAS), pick(AREAS)]);
  const needs = remainingNeeds(taken).filter((need) => need.codes.some((code) => AREAS.includes(code)));
  const candidates: Candidate[] = Array.from({ length: 6 + Math.floor(random() * 9) }, (_, i) => ({
    id: 100 + i,
    units: [...new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(AREAS)))],
    // Ratings on a coarse grid, so ties between sets happen.
    score: Math.round((1 + random() * 4) * 2) / 2,
  }));
  return { needs, candidates };
}

describe("the planner against a brute force", () => {
  test("200 random small catalogs: same size, same coverage, same best rating sum, constraints kept", async () => {
    let uncoverable = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const { needs, candidates } = randomCase(seed);
      const plan = await solvePlan(needs, candidates);
      const chosen = candidates.filter((c) => plan.ids.includes(c.id));
      const expected = bruteForce(needs, candidates);
      const label = `seed ${seed}: ${JSON.stringify({ needs, candidates })}`;
      expect(new Set(plan.ids).size, label).toBe(plan.ids.length);
      expect(uncovered(needs, chosen), label).toBe(expected.uncovered);
      expect(plan.covered, label).toBe(expected.uncovered === 0);
      expect(plan.covered, label).toBe(covers(needs, chosen));
      expect(chosen.length, label).toBe(expected.size);
      expect(chosen.reduce((sum, c) => sum + c.score, 0), label).toBeCloseTo(expected.score, 6);
      // No course without a needed unit is ever chosen.
      for (const c of chosen) expect(needsMet(c.units, needs).length, label).toBeGreaterThan(0);
      if (!plan.covered) uncoverable++;
    }
    // The cases include catalogs that cannot cover everything.
    expect(uncoverable).toBeGreaterThan(0);
  });

  test("a two-unit area needs two different courses; SI2 or SO2 is one requirement", async () => {
    const needs: Need[] = [{ code: "GCI", codes: ["GCI"], units: 2 }, {
      code: "SI2/SO2",
      codes: ["SI2", "SO2"],
      units: 1,
    }];
    const candidates: Candidate[] = [
      { id: 1, units: ["GCI", "SI2", "SO2"], score: 5 },
      { id: 2, units: ["GCI"], score: 1 },
      { id: 3, units: ["GCI"], score: 3 },
    ];
    const plan = await solvePlan(needs, candidates);
    // Course 1 covers one GCI unit and the pair; the second GCI unit comes from the better of the others.
    expect(plan).toMatchObject({ ids: [1, 3], covered: true });
  });

  test("nothing needed: an empty plan, covered, without asking the solver", async () => {
    expect(await solvePlan([], [{ id: 1, units: ["GCI"], score: 4 }])).toEqual({ ids: [], placed: [], covered: true });
  });
});

describe("what remains", () => {
  test("a new student needs every requirement, the SI2/SO2 pair as one", () => {
    const needs = remainingNeeds([]);
    expect(needs.map((n) => n.code)).toEqual(
      HUB_AREAS.filter((a) => a.code !== "SO2").map((a) => a.code === "SI2" ? "SI2/SO2" : a.code),
    );
    expect(needs.reduce((sum, n) => sum + n.units, 0)).toBe(26);
  });

  test("a course counts once per area; either SI2 or SO2 meets the pair", () => {
    const needs = remainingNeeds([["GCI", "SO2"], ["CRT"], ["CRT", "GCI"]]);
    const find = (code: string) => needs.find((n) => n.code === code);
    expect(find("GCI")).toBeUndefined();
    expect(find("CRT")).toBeUndefined();
    expect(find("SI2/SO2")).toBeUndefined();
    expect(find("WIN")).toEqual({ code: "WIN", codes: ["WIN"], units: 2 });
  });
});

/** A catalog the size of the real one's Hub courses (about 1,750, a few units each), so a solve takes real time. */
function largeCase(seed: number): { needs: Need[]; candidates: Candidate[] } {
  const random = seededRandom(seed);
  const codes = HUB_AREAS.map((a) => a.code);
  const candidates: Candidate[] = Array.from({ length: 1750 }, (_, i) => ({
    id: 1000 + i,
    units: [
      ...new Set(
        Array.from({ length: 1 + Math.floor(random() * 3) }, () => codes[Math.floor(random() * codes.length)]),
      ),
    ],
    score: Math.round((1 + random() * 4) * 100) / 100,
  }));
  return { needs: remainingNeeds([]), candidates };
}

describe("where plans are solved", () => {
  afterEach(() => useWorkers(true));

  test("in a worker and on the event loop, the same plans", async () => {
    const cases = Array.from({ length: 30 }, (_, i) => randomCase(i + 1));
    useWorkers(true);
    const inWorker = [];
    for (const { needs, candidates } of cases) inWorker.push(await solvePlan(needs, candidates));
    expect(solverKind()).toBe("worker");
    useWorkers(false);
    const onLoop = [];
    for (const { needs, candidates } of cases) onLoop.push(await solvePlan(needs, candidates));
    expect(onLoop).toEqual(inWorker);
  });

  test("a solve in the worker leaves the event loop free; on the loop it holds it but for one turn between its two programs", async () => {
    const { needs, candidates } = largeCase(11);
    useWorkers(true);
    await solvePlan(needs, candidates.slice(0, 50));
    expect(solverKind()).toBe("worker");
    const offLoop = await turnsDuring(() => solvePlan(needs, candidates));
    expect(offLoop.result.ids.length).toBeGreaterThan(0);
    expect(offLoop.turns).toBeGreaterThanOrEqual(3);
    useWorkers(false);
    const onLoop = await turnsDuring(() => solvePlan(needs, candidates));
    expect(onLoop.result).toEqual(offLoop.result);
    expect(onLoop.turns).toBeLessThanOrEqual(2);
  });

  test("where a worker cannot start, plans are solved on the event loop from then on", async () => {
    const { needs, candidates } = randomCase(5);
    useWorkers(false);
    const expected = await solvePlan(needs, candidates);
    useWorkers(true, new URL("./no-such-worker.ts", import.meta.url).href);
    expect(await solvePlan(needs, candidates)).toEqual(expected);
    expect(solverKind()).toBe("event loop");
    expect(await solvePlan(needs, candidates)).toEqual(expected);
  });
});

describe("one plan at a time per instance", () => {
  test("a few wait their turn, in order; beyond them a plan is refused with 429 and Retry-After", async () => {
    const started: number[] = [];
    const finish: (() => void)[] = [];
    const queue = createSolveQueue((_, candidates) =>
      new Promise((resolve) => {
        started.push(candidates[0].id);
        finish.push(() =>
          resolve({ ids: [candidates[0].id], placed: [{ id: candidates[0].id, term: 0, option: null }], covered: true })
        );
      }), 4);
    const need: Need[] = [{ code: "GCI", codes: ["GCI"], units: 1 }];
    const ask = (id: number) => queue.solve(need, [{ id, units: ["GCI"], score: 3 }]);
    const answers = [1, 2, 3, 4, 5].map(ask);
    await Promise.resolve();
    expect(queue.inFlight()).toBe(5);
    expect(started).toEqual([1]);
    const refused = await ask(6).then(() => null, (error) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused.status).toBe(429);
    expect(refused.message).toBe(PLANNER_BUSY);
    expect(Number(refused.headers["Retry-After"])).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      finish[i]();
    }
    expect((await Promise.all(answers)).map((plan) => plan.ids[0])).toEqual([1, 2, 3, 4, 5]);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(queue.inFlight()).toBe(0);
    expect(queue.solved()).toBe(5);
  });

  test("fair between students: a student's second plan waits behind everyone else's first, however early it came", async () => {
    const started: string[] = [];
    const finish: (() => void)[] = [];
    const queue = createSolveQueue((_, candidates) =>
      new Promise((resolve) => {
        started.push(String(candidates[0].id));
        finish.push(() => resolve({ ids: [], placed: [], covered: true }));
      }), 8);
    const need: Need[] = [{ code: "GCI", codes: ["GCI"], units: 1 }];
    // Ids name the student (1xx for A, 2xx for B, 3xx for C) and the plan.
    const ask = (id: number, student: string) =>
      queue.solve(need, [{ id, units: ["GCI"], score: 3 }], undefined, student);
    const answers = [
      ask(101, "A"),
      ask(102, "A"),
      ask(103, "A"),
      ask(201, "B"),
      ask(104, "A"),
      ask(301, "C"),
      ask(202, "B"),
    ];
    await Promise.resolve();
    expect(started).toEqual(["101"]);
    for (let i = 0; i < answers.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      finish[i]();
    }
    await Promise.all(answers);
    // A's first; then B's and C's first before A's second; then one each in turn, earliest asked first.
    expect(started).toEqual(["101", "201", "301", "102", "202", "103", "104"]);
    expect(queue.inFlight()).toBe(0);
  });
});

describe("the time a plan may take", () => {
  /** A plan over six terms of the size of the real catalog's: HiGHS takes seconds to prove it the best. */
  const wide: PlanShape = { terms: 6, perTerm: 3, cocurricularLeft: null, apart: [] };

  test("past its budget a plan answers the best found so far and says so; within it, the exact plan", async () => {
    const { needs, candidates } = largeCase(7);
    const spread = candidates.map((c, i) => ({ ...c, terms: [i % 6] }));
    const rushed = await solvePlanHere(needs, spread, wide, undefined, 1);
    expect(rushed.budgetReached).toBe(true);
    // What it holds is a plan: each course once, at most three a term.
    expect(new Set(rushed.ids).size).toBe(rushed.ids.length);
    for (let t = 0; t < 6; t++) expect(rushed.placed.filter((p) => p.term === t).length).toBeLessThanOrEqual(3);
    const small = randomCase(3);
    const exact = await solvePlanHere(small.needs, small.candidates);
    expect(exact.budgetReached).toBeUndefined();
    expect(exact.ids.length).toBeGreaterThan(0);
  });
});
