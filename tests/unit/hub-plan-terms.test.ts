/**
 * The Hub planner over several terms against an independent brute force on
 * small random catalogs: terms a course is offered in, prerequisites in an
 * earlier term of the plan, courses per term, pairs that cannot both count,
 * the cocurricular cap, and one non-overlapping section choice per course in
 * the first term. The brute force tries every placement of every candidate
 * (not chosen, or one of its terms, and one of its section choices in the
 * first term) and keeps the valid ones; the planner's plan must be as good
 * (uncovered units, then courses, then the sum of scores) and itself valid.
 * Nothing here comes from the model but its types, `remainingNeeds` and
 * `planScore`: the rules are read again from their description.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  type Candidate,
  earliestTerms,
  type Need,
  type Plan,
  planScore,
  type PlanShape,
  remainingNeeds,
  type SectionOption,
  type TimeBlock,
} from "../../src/lib/hub-plan.ts";
import { seededRandom } from "../../src/lib/random.ts";
import { solvePlan, useWorkers } from "../../src/services/hub/hub-plan-solver.ts";

// ---------------------------------------------------------------------------
// The rules, read again
// ---------------------------------------------------------------------------

/** Whether a course counts toward a need: it carries one of the need's codes. */
function countsToward(c: Candidate, need: Need): boolean {
  return c.units.some((code) => need.codes.includes(code));
}

/** Units left uncovered: per need, the units less the chosen courses that count toward it, never below 0. */
function uncoveredBy(needs: readonly Need[], chosen: readonly Candidate[]): number {
  return needs.reduce(
    (sum, need) => sum + Math.max(0, need.units - chosen.filter((c) => countsToward(c, need)).length),
    0,
  );
}

/** A cocurricular course's weight against the cap: every code it carries, as Hub counting spends the cap. */
function weight(c: Candidate): number {
  return c.cocurricular ? c.units.length : 0;
}

const WEEK = "MTWRFSU";

/** Whether two meeting patterns share a day and a minute (one ending when the other starts does not). */
function blocksMeet(a: TimeBlock, b: TimeBlock): boolean {
  let sameDay = false;
  for (const day of WEEK) if (a.days.includes(day) && b.days.includes(day)) sameDay = true;
  return sameDay && Math.max(a.start, b.start) < Math.min(a.end, b.end);
}

function sectionsMeet(a: SectionOption, b: SectionOption): boolean {
  return a.meetings.some((x) => b.meetings.some((y) => blocksMeet(x, y)));
}

/** Where a chosen course goes: its term, and the index of its section choice (in the first term, when it has choices). */
type Spot = { term: number; choice: number | null };

/** The ways a candidate may be placed, before the rules between courses: a term of the plan it is offered in, and a section choice there. */
function spotsOf(c: Candidate, shape: PlanShape): Spot[] {
  const spots: Spot[] = [];
  for (let term = 0; term < shape.terms; term++) {
    if (c.terms && !c.terms.includes(term)) continue;
    if (term === 0 && c.options) c.options.forEach((_, choice) => spots.push({ term, choice }));
    else spots.push({ term, choice: null });
  }
  return spots;
}

/**
 * What is wrong with a placement (candidate index to spot, or null when not chosen), beyond the spots themselves: the
 * empty list when it is valid. `partial` checks only what the courses placed so far already break (the brute force's
 * pruning); prerequisites are checked on whole placements only.
 */
function brokenRules(
  _needs: readonly Need[],
  candidates: readonly Candidate[],
  shape: PlanShape,
  spots: readonly (Spot | null)[],
  partial = false,
): string[] {
  const broken: string[] = [];
  const indexOf = new Map(candidates.map((c, i) => [c.id, i]));
  const chosen = (id: number) => {
    const i = indexOf.get(id);
    return i === undefined ? null : spots[i] ?? null;
  };
  if (shape.perTerm !== null) {
    for (let term = 0; term < shape.terms; term++) {
      const count = spots.filter((s) => s?.term === term).length;
      if (count > shape.perTerm) broken.push(`${count} courses in term ${term}`);
    }
  }
  for (const [a, b] of shape.apart) {
    if (chosen(a) && chosen(b)) broken.push(`${a} and ${b} both chosen`);
  }
  if (shape.cocurricularLeft !== null) {
    const total = candidates.reduce((sum, c, i) => spots[i] ? sum + weight(c) : sum, 0);
    if (total > shape.cocurricularLeft) broken.push(`cocurricular weight ${total}`);
  }
  for (let i = 0; i < candidates.length; i++) {
    const x = spots[i];
    if (x?.term !== 0 || x.choice === null) continue;
    for (let j = i + 1; j < candidates.length; j++) {
      const y = spots[j];
      if (y?.term !== 0 || y.choice === null) continue;
      if (sectionsMeet(candidates[i].options![x.choice], candidates[j].options![y.choice])) {
        broken.push(`${candidates[i].id} and ${candidates[j].id} overlap in term 0`);
      }
    }
  }
  if (!partial) {
    candidates.forEach((c, i) => {
      const spot = spots[i];
      if (!spot) return;
      for (const group of c.after ?? []) {
        if (!group.some((id) => (chosen(id)?.term ?? Infinity) < spot.term)) {
          broken.push(`${c.id} in term ${spot.term} before one of ${group.join(", ")}`);
        }
      }
    });
  }
  return broken;
}

type Best = { uncovered: number; size: number; score: number };

/** Every placement of every candidate, depth first, cut where the courses so far break a rule: the best valid one. */
function bruteForce(needs: readonly Need[], candidates: readonly Candidate[], shape: PlanShape): Best {
  let best: Best = { uncovered: Infinity, size: Infinity, score: -Infinity };
  const choices = candidates.map((c) => spotsOf(c, shape));
  const spots: (Spot | null)[] = candidates.map(() => null);
  const visit = (i: number) => {
    if (i === candidates.length) {
      if (brokenRules(needs, candidates, shape, spots).length) return;
      const chosen = candidates.filter((_, k) => spots[k]);
      const uncovered = uncoveredBy(needs, chosen);
      const score = chosen.reduce((sum, c) => sum + c.score, 0);
      if (
        uncovered < best.uncovered ||
        (uncovered === best.uncovered &&
          (chosen.length < best.size || (chosen.length === best.size && score > best.score + 1e-9)))
      ) best = { uncovered, size: chosen.length, score };
      return;
    }
    spots[i] = null;
    visit(i + 1);
    for (const spot of choices[i]) {
      spots[i] = spot;
      if (!brokenRules(needs, candidates, shape, spots, true).length) visit(i + 1);
    }
    spots[i] = null;
  };
  visit(0);
  return best;
}

/** What is wrong with the planner's plan: how it is written, each course's spot, and the rules between courses. */
function planProblems(
  needs: readonly Need[],
  candidates: readonly Candidate[],
  shape: PlanShape,
  plan: Plan,
): string[] {
  const problems: string[] = [];
  const indexOf = new Map(candidates.map((c, i) => [c.id, i]));
  if (new Set(plan.ids).size !== plan.ids.length) problems.push("an id twice");
  const inOrder = [...plan.ids].sort((a, b) => (indexOf.get(a) ?? -1) - (indexOf.get(b) ?? -1));
  if (inOrder.join() !== plan.ids.join()) problems.push("ids not in the order of the candidates");
  if (plan.placed.map((p) => p.id).join() !== plan.ids.join()) problems.push("placed not in the order of ids");
  const spots: (Spot | null)[] = candidates.map(() => null);
  for (const p of plan.placed) {
    const i = indexOf.get(p.id);
    if (i === undefined) {
      problems.push(`${p.id} is no candidate`);
      continue;
    }
    const c = candidates[i];
    if (!Number.isInteger(p.term) || p.term < 0 || p.term >= shape.terms) problems.push(`${c.id} in term ${p.term}`);
    if (c.terms && !c.terms.includes(p.term)) problems.push(`${c.id} in term ${p.term}, not one of its terms`);
    if (p.term === 0 && c.after?.length) problems.push(`${c.id} in term 0 with prerequisites`);
    let choice: number | null = null;
    if (p.term === 0 && c.options) {
      choice = c.options.findIndex((o) => o.key === p.option);
      if (choice < 0) problems.push(`${c.id} in term 0 with option ${p.option}, not one of its choices`);
    } else if (p.option !== null) problems.push(`${c.id} in term ${p.term} with option ${p.option}`);
    spots[i] = { term: p.term, choice: choice !== null && choice >= 0 ? choice : null };
  }
  return [...problems, ...brokenRules(needs, candidates, shape, spots)];
}

// ---------------------------------------------------------------------------
// Small random catalogs
// ---------------------------------------------------------------------------

const AREAS = ["PLM", "AEX", "GCI", "WIN", "SI2", "SO2", "CRT", "QR1"];
const TRANSFER_AREAS = ["PLM", "AEX", "HCO", "CRT", "WRI", "WIN", "IIC", "GCI"];

const HAND_NEEDS: readonly Need[] = [
  { code: "PLM/AEX/HCO", codes: ["PLM", "AEX", "HCO"], units: 1 },
  { code: "CRT", codes: ["CRT"], units: 2 },
  { code: "GCI", codes: ["GCI"], units: 1 },
  { code: "SI2/SO2", codes: ["SI2", "SO2"], units: 1 },
  { code: "WIN", codes: ["WIN"], units: 2 },
  { code: "QR1", codes: ["QR1"], units: 1 },
];

type Case = { needs: Need[]; candidates: Candidate[]; shape: PlanShape };

function randomCase(seed: number): Case {
  const random = seededRandom(seed);
  const below = (n: number) => Math.floor(random() * n);
  const pick = <T>(list: readonly T[]) => list[below(list.length)];
  const chance = (p: number) => random() < p;

  // What the student still needs: a first-year or transfer student's remaining units among a few areas, or 1-3 needs of 1-2 units.
  let needs: Need[];
  const kind = below(3);
  if (kind === 0) {
    const taken = Array.from({ length: below(4) }, () => [pick(AREAS), pick(AREAS)]);
    needs = remainingNeeds(taken).filter((need) => need.codes.some((code) => AREAS.includes(code)));
  } else if (kind === 1) {
    const taken = Array.from({ length: below(4) }, () => [pick(TRANSFER_AREAS)]);
    needs = remainingNeeds(taken, "transfer").filter((need) =>
      need.codes.some((code) => TRANSFER_AREAS.includes(code))
    );
  } else {
    needs = [...HAND_NEEDS].sort(() => random() - 0.5).slice(0, 1 + below(3)).map((need) => ({
      ...need,
      units: 1 + below(2),
    }));
  }
  // A few needs only, so candidates meet in them.
  needs = needs.sort(() => random() - 0.5).slice(0, 1 + below(3));
  const codes = [...new Set(needs.flatMap((need) => need.codes))];

  const terms = 1 + below(3);
  const count = 4 + below(5);
  const ids = Array.from({ length: count }, (_, i) => 10 + 3 * i + below(3));
  const withSections = chance(0.4);
  const reviewScores = chance(0.3);
  const candidates: Candidate[] = ids.map((id) => {
    const c: Candidate = {
      id,
      // One code a need has or two (every candidate counts toward a need, see the known gaps below), now and then with
      // one no need has.
      units: [...new Set([pick(codes), ...(chance(0.4) ? [pick(codes)] : []), ...(chance(0.1) ? ["OSC"] : [])])],
      // Coarse grids, so ties between plans happen.
      score: reviewScores ? planScore(1 + below(9) / 2, below(2)) : Math.round((1 + random() * 4) * 2) / 2,
    };
    if (chance(0.3)) {
      // Some of the plan's terms, now and then one past its end.
      c.terms = Array.from({ length: terms + 1 }, (_, t) => t).filter(() => chance(0.5));
    }
    if (chance(0.35)) {
      const others = ids.filter((other) => other !== id);
      c.after = Array.from(
        { length: 1 + below(2) },
        () => [...new Set([pick(others), ...(chance(0.4) ? [pick(others)] : [])])],
      );
    } else if (chance(0.05)) c.after = [];
    if (chance(0.25)) c.cocurricular = true;
    if (withSections && chance(0.6)) {
      c.options = Array.from({ length: chance(0.1) ? 0 : 1 + below(3) }, (_, k) => ({
        key: `${id}-${k}`,
        meetings: Array.from({ length: 1 + below(3) }, () => {
          const start = 480 + 30 * below(8);
          return {
            days: [
              ...new Set(
                Array.from({ length: 1 + below(3) }, () => pick(chance(0.9) ? ["M", "T", "W", "R", "F"] : ["S", "U"])),
              ),
            ].join(""),
            start,
            end: start + pick([30, 60, 75, 90]),
          };
        }),
      }));
    }
    return c;
  });

  const apart: [number, number][] = [];
  for (let k = below(3); k > 0; k--) {
    const a = pick(ids);
    const b = pick(ids.filter((id) => id !== a));
    apart.push([a, b]);
  }
  const shape: PlanShape = {
    terms,
    perTerm: chance(0.5) ? null : 1 + below(3),
    cocurricularLeft: chance(0.3) ? null : below(3),
    apart,
  };
  return { needs, candidates, shape };
}

const SEEDS = Number(Deno.env.get("HUB_PLAN_SEEDS") ?? 400);

beforeAll(() => useWorkers(false));
afterAll(() => useWorkers(true));

describe("plans over terms against a brute force", () => {
  test(`${SEEDS} random small catalogs: as good as the best placement, and valid`, async () => {
    const seen = { uncovered: 0, laterTerm: 0, prerequisite: 0, option: 0, cocurricular: 0, perTermFull: 0 };
    for (let seed = 1; seed <= SEEDS; seed++) {
      const { needs, candidates, shape } = randomCase(seed);
      const label = `seed ${seed}: ${JSON.stringify({ needs, candidates, shape })}`;
      const plan = await solvePlan(needs, candidates, shape);
      const expected = bruteForce(needs, candidates, shape);
      const chosen = candidates.filter((c) => plan.ids.includes(c.id));
      const uncovered = uncoveredBy(needs, chosen);
      expect(planProblems(needs, candidates, shape, plan), label).toEqual([]);
      expect({ uncovered, size: chosen.length }, label).toEqual({ uncovered: expected.uncovered, size: expected.size });
      expect(chosen.reduce((sum, c) => sum + c.score, 0), label).toBeCloseTo(expected.score, 6);
      expect(plan.covered, label).toBe(uncovered === 0);

      if (uncovered > 0) seen.uncovered++;
      if (plan.placed.some((p) => p.term > 0)) seen.laterTerm++;
      if (chosen.some((c) => c.after?.length)) seen.prerequisite++;
      if (plan.placed.some((p) => p.option !== null)) seen.option++;
      if (chosen.some((c) => c.cocurricular)) seen.cocurricular++;
      if (shape.perTerm !== null && plan.placed.filter((p) => p.term === 0).length === shape.perTerm) {
        seen.perTermFull++;
      }
    }
    // The cases reach every rule.
    for (const [what, times] of Object.entries(seen)) expect(times, what).toBeGreaterThan(5);
  }, Math.max(30_000, SEEDS * 100));
});

/** The plan's placements by id, for the hand-written cases. */
function placements(plan: Plan): Record<number, string> {
  return Object.fromEntries(
    plan.placed.map((p) => [p.id, p.option === null ? `term ${p.term}` : `term ${p.term} ${p.option}`]),
  );
}

const shapeOf = (terms: number, rest: Partial<PlanShape> = {}): PlanShape => ({
  terms,
  perTerm: null,
  cocurricularLeft: null,
  apart: [],
  ...rest,
});

describe("plans over terms, by hand", () => {
  const writing = remainingNeeds([]).filter((need) => need.code === "FYW" || need.code === "WRI");
  const wr120: Candidate = { id: 120, units: ["FYW"], score: 4 };
  const wr150: Candidate = { id: 150, units: ["WRI"], score: 4.5, after: [[120]] };

  test("WR 120 then WR 15x: over two terms, the first term then the second", async () => {
    expect(writing.map((need) => need.code)).toEqual(["FYW", "WRI"]);
    const plan = await solvePlan(writing, [wr150, wr120], shapeOf(2));
    expect(plan).toEqual({
      ids: [150, 120],
      placed: [{ id: 150, term: 1, option: null }, { id: 120, term: 0, option: null }],
      covered: true,
    });
  });

  test("WR 120 then WR 15x: in one term, WR 15x cannot be chosen", async () => {
    const plan = await solvePlan(writing, [wr120, wr150], shapeOf(1));
    expect(plan).toEqual({ ids: [120], placed: [{ id: 120, term: 0, option: null }], covered: false });
  });

  test("WR 15x offered only in the first term cannot follow WR 120; one course a term still fits both", async () => {
    const early = await solvePlan(writing, [wr120, { ...wr150, terms: [0] }], shapeOf(3));
    expect(early).toMatchObject({ ids: [120], covered: false });
    const one = await solvePlan(writing, [wr120, wr150], shapeOf(2, { perTerm: 1 }));
    expect(placements(one)).toEqual({ 120: "term 0", 150: "term 1" });
  });

  test("the cocurricular cap: at 1, one cocurricular course, and none that counts twice", async () => {
    const needs: Need[] = [{ code: "CRT", codes: ["CRT"], units: 1 }, { code: "TWC", codes: ["TWC"], units: 1 }];
    const candidates: Candidate[] = [
      { id: 1, units: ["CRT"], score: 5, cocurricular: true },
      { id: 2, units: ["TWC"], score: 5, cocurricular: true },
      { id: 3, units: ["CRT"], score: 2 },
      { id: 4, units: ["TWC"], score: 1 },
    ];
    expect((await solvePlan(needs, candidates, shapeOf(1, { cocurricularLeft: 1 }))).ids).toEqual([2, 3]);
    expect((await solvePlan(needs, candidates, shapeOf(1, { cocurricularLeft: 2 }))).ids).toEqual([1, 2]);
    expect((await solvePlan(needs, candidates, shapeOf(1))).ids).toEqual([1, 2]);
    expect((await solvePlan(needs, candidates, shapeOf(1, { cocurricularLeft: 0 }))).ids).toEqual([3, 4]);
    const both: Candidate = { id: 5, units: ["CRT", "TWC"], score: 1, cocurricular: true };
    expect((await solvePlan(needs, [...candidates, both], shapeOf(1, { cocurricularLeft: 1 }))).ids).toEqual([2, 3]);
    expect((await solvePlan(needs, [...candidates, both], shapeOf(1, { cocurricularLeft: 2 }))).ids).toEqual([5]);
  });

  test("two courses that cannot both count: the better of them and another", async () => {
    const needs: Need[] = [{ code: "CRT", codes: ["CRT"], units: 2 }];
    const candidates: Candidate[] = [
      { id: 1, units: ["CRT"], score: 5 },
      { id: 2, units: ["CRT"], score: 4.5 },
      { id: 3, units: ["CRT"], score: 1 },
    ];
    expect((await solvePlan(needs, candidates, shapeOf(2))).ids).toEqual([1, 2]);
    expect((await solvePlan(needs, candidates, shapeOf(2, { apart: [[2, 1]] }))).ids).toEqual([1, 3]);
    const alone = await solvePlan(needs, candidates.slice(0, 2), shapeOf(2, { apart: [[1, 2]] }));
    expect(alone).toMatchObject({ ids: [1], covered: false });
  });

  describe("section choices in the first term", () => {
    const needs: Need[] = [{ code: "CRT", codes: ["CRT"], units: 1 }, { code: "GCI", codes: ["GCI"], units: 1 }];
    const at = (key: string, days: string, start: number, end: number): SectionOption => ({
      key,
      meetings: [{ days, start, end }],
    });
    const a: Candidate = { id: 1, units: ["CRT"], score: 4, terms: [0], options: [at("A1", "MWF", 600, 650)] };
    const b: Candidate = { id: 2, units: ["GCI"], score: 4, options: [at("B1", "WF", 630, 705)] };

    test("two courses whose only choices overlap: not both in the first term; one goes to the second", async () => {
      expect(placements(await solvePlan(needs, [a, b], shapeOf(2)))).toEqual({ 1: "term 0 A1", 2: "term 1" });
      expect(await solvePlan(needs, [a, b], shapeOf(1))).toMatchObject({ ids: [1], covered: false });
    });

    test("one choice ending as the other starts does not overlap; another day does not either", async () => {
      const next = { ...b, terms: [0], options: [at("B1", "MWF", 650, 725)] };
      expect(placements(await solvePlan(needs, [a, next], shapeOf(2)))).toEqual({ 1: "term 0 A1", 2: "term 0 B1" });
      const tuesday = { ...b, terms: [0], options: [at("B1", "TR", 600, 650)] };
      expect(placements(await solvePlan(needs, [a, tuesday], shapeOf(1)))).toEqual({ 1: "term 0 A1", 2: "term 0 B1" });
    });

    test("of two choices, the one that fits; with no choices, not in the first term", async () => {
      const two = { ...b, options: [at("B1", "WF", 630, 705), at("B2", "TR", 630, 705)] };
      expect(placements(await solvePlan(needs, [a, two], shapeOf(1)))).toEqual({ 1: "term 0 A1", 2: "term 0 B2" });
      const none = { ...b, options: [] };
      expect(placements(await solvePlan(needs, [a, none], shapeOf(2)))).toEqual({ 1: "term 0 A1", 2: "term 1" });
      expect(await solvePlan(needs, [a, none], shapeOf(1))).toMatchObject({ ids: [1], covered: false });
    });
  });
});

/**
 * Two cases the brute force once proved the planner wrong on: a prerequisite that counts toward no need, and a unit
 * covered only through more prerequisites than the units needed plus one (the first program weighed an uncovered unit
 * as if no plan could have more courses than that).
 */
describe("prerequisites the plan needs for what comes after", () => {
  const twoNeeds: Need[] = [{ code: "CRT", codes: ["CRT"], units: 1 }, { code: "GCI", codes: ["GCI"], units: 1 }];
  // A candidate that counts toward no need is still kept when it is another candidate's prerequisite.
  const noNeed = {
    needs: twoNeeds.slice(0, 1),
    candidates: [{ id: 1, units: ["OSC"], score: 3 }, { id: 2, units: ["CRT"], score: 3, after: [[1]] }],
  };
  // Covering CRT takes six courses: an uncovered unit must cost more than all of them.
  const before: Candidate[] = [1, 2, 3, 4, 5].map((id) => ({ id, units: ["GCI"], score: 3 }));
  const manyBefore = {
    needs: twoNeeds,
    candidates: [...before, { id: 10, units: ["CRT"], score: 3, after: before.map((c) => [c.id]) }],
  };

  test("the rules' answers", () => {
    expect(bruteForce(noNeed.needs, noNeed.candidates, shapeOf(2))).toEqual({ uncovered: 0, size: 2, score: 6 });
    expect(bruteForce(manyBefore.needs, manyBefore.candidates, shapeOf(2))).toEqual({
      uncovered: 0,
      size: 6,
      score: 18,
    });
  });

  test("a prerequisite that counts toward no need, then the course after it", async () => {
    const plan = await solvePlan(noNeed.needs, noNeed.candidates, shapeOf(2));
    expect(placements(plan)).toEqual({ 1: "term 0", 2: "term 1" });
  });

  test("a unit covered through more prerequisites than the units needed plus one", async () => {
    const plan = await solvePlan(manyBefore.needs, manyBefore.candidates, shapeOf(2));
    expect(plan).toMatchObject({ ids: [1, 2, 3, 4, 5, 10], covered: true });
  });
});

describe("each course in the earliest term it may go in", () => {
  test("a chain of prerequisites comes first: courses that can wait trade places with it", () => {
    // Terms 0 and 1 full of courses that need nothing; the chain's first course in term 2, its second in term 3.
    const free = [1, 2, 3, 4].map((id) => ({ id, units: ["CRT"], score: 100 }));
    const first: Candidate = { id: 10, units: ["FYW"], score: 100 };
    const second: Candidate = { id: 11, units: ["WRI"], score: 100, after: [[10]] };
    const shape = shapeOf(4, { perTerm: 2 });
    const placed = [
      { id: 1, term: 0, option: null },
      { id: 2, term: 0, option: null },
      { id: 3, term: 1, option: null },
      { id: 4, term: 1, option: null },
      { id: 10, term: 2, option: null },
      { id: 11, term: 3, option: null },
    ];
    const plan = earliestTerms(
      { ids: placed.map((p) => p.id), placed, covered: true },
      [...free, first, second],
      shape,
    );
    const termOf = new Map(plan.placed.map((p) => [p.id, p.term]));
    expect(termOf.get(10)).toBe(0);
    expect(termOf.get(11)).toBe(1);
    // Every term still within its room, and the plan over three terms at most, not four.
    for (let t = 0; t < 4; t++) expect(plan.placed.filter((p) => p.term === t).length).toBeLessThanOrEqual(2);
    expect(Math.max(...plan.placed.map((p) => p.term))).toBeLessThanOrEqual(2);
  });
});
