/**
 * The Hub planner's model (docs/product.md, Hub planner): the requirement
 * units a student still needs, and the smallest set of courses that covers
 * them, the best among sets of that size, laid over the student's coming
 * terms, as an integer program for a solver (HiGHS reads the CPLEX LP text
 * written here).
 *
 * A course gives at most one unit to each requirement it counts toward, so a
 * two-unit requirement needs two different courses. Beyond coverage the
 * program keeps: at most so many courses per term; a course only in the terms
 * it is offered; a course after its prerequisites (one course of each group
 * not yet met, in an earlier term of the plan); never two courses that cannot
 * both count for credit; the cocurricular cap; and, where the first term's
 * sections are known, one section choice per course in that term with no two
 * overlapping.
 */
import { hubRequirements, type HubTrack, unitsToward } from "./hub-requirements.ts";

/** A requirement still short of units: "CRT", "SI2/SO2" or, for transfer students, "PLM/AEX/HCO". */
export type Need = { code: string; codes: readonly string[]; units: number };

/** A meeting pattern of a section choice: days as letters ("MWF"), minutes after midnight. */
export type TimeBlock = { days: string; start: number; end: number };

/** One way to take a course in the plan's first term: a section to register for and its companion, with their times. */
export type SectionOption = { key: string; meetings: readonly TimeBlock[] };

export type Candidate = {
  id: number;
  /** The Hub codes the course counts with. */
  units: readonly string[];
  /** Higher is better: reviewed courses above every unreviewed one, then by Bayesian quality (see `planScore`). */
  score: number;
  /** The plan's terms (0 the first) the course may go in: those it is offered in, or whose schedule is not known. All when absent. */
  terms?: readonly number[];
  /** The prerequisite groups the student has not met: each needs one of its candidates in an earlier term of the plan. */
  after?: readonly (readonly number[])[];
  /** A cocurricular experience: each code it carries takes one unit of the cap. */
  cocurricular?: boolean;
  /** Its section choices in the first term, when the plan fits the student's week: it takes one of them there. */
  options?: readonly SectionOption[];
};

/** What every plan keeps besides coverage. */
export type PlanShape = {
  /** Terms the plan is laid over (1 for one term). */
  terms: number;
  /** Courses per term at most; null for no limit. */
  perTerm: number | null;
  /** Cocurricular units that may still count (see src/lib/hub-requirements.ts); null for no cap. */
  cocurricularLeft: number | null;
  /** Pairs of candidates that cannot both count for credit ("Cannot be taken for credit in addition to …"). */
  apart: readonly (readonly [number, number])[];
};

export const ONE_TERM: PlanShape = { terms: 1, perTerm: null, cocurricularLeft: null, apart: [] };

/** A chosen course: its term in the plan, and its section choice there when the plan fits the week. */
export type Placed = { id: number; term: number; option: string | null };

export type Plan = {
  /** The courses chosen, by id, in the order of the candidates. */
  ids: number[];
  /** Where each chosen course goes, in the order of `ids`. */
  placed: Placed[];
  /** Whether the chosen courses cover every unit needed (false when the candidates cannot). */
  covered: boolean;
  /**
   * Set when the solver's time ran out (PLAN_BUDGET_MS): the plan is the best found by then, not proven the fewest
   * courses or the best rated of that size.
   */
  budgetReached?: boolean;
};

/** The most time one plan may take to solve, in ms: past it, the best plan found so far is the answer. */
export const PLAN_BUDGET_MS = 2000;

/** What is still needed after the completed and future courses, each given as the Hub codes it counts with. */
export function remainingNeeds(taken: readonly (readonly string[])[], track: HubTrack = "first-year"): Need[] {
  const needs: Need[] = [];
  for (const requirement of hubRequirements(track)) {
    const short = requirement.units - unitsToward(requirement, taken);
    if (short > 0) needs.push({ code: requirement.key, codes: requirement.codes, units: short });
  }
  return needs;
}

/** The requirements among `needs` a course counts toward. */
export function needsMet(units: readonly string[], needs: readonly Need[]): Need[] {
  return needs.filter((need) => need.codes.some((code) => units.includes(code)));
}

/** The Hub codes of `units` that count toward `needs` (for a requirement with alternatives, the codes the course carries). */
export function coveredCodes(units: readonly string[], needs: readonly Need[]): string[] {
  return units.filter((code) => needs.some((need) => need.codes.includes(code)));
}

/** Units in a plan's score a reviewed course is worth before its quality: more than any plan's qualities together. */
const REVIEWED_WEIGHT = 100;

/**
 * A course's score in a plan: a reviewed course scores 100 plus its Bayesian average (1-5), an unreviewed one 0, so
 * among plans of one size the one with more reviewed courses wins, and among those the higher sum of averages (up
 * to 24 courses, 25 × 101 > 24 × 105).
 */
export function planScore(bayesian: number, reviews: number): number {
  return reviews > 0 ? REVIEWED_WEIGHT + Math.min(5, Math.max(0, bayesian)) : 0;
}

/** The plan's terms a candidate may go in: its terms, never the first when a prerequisite must come before. */
export function termsOf(candidate: Candidate, shape: PlanShape): number[] {
  const all = Array.from({ length: shape.terms }, (_, t) => t);
  return (candidate.terms ?? all).filter((t) =>
    t >= 0 && t < shape.terms && !(t === 0 && candidate.after?.length) &&
    !(t === 0 && candidate.options !== undefined && candidate.options.length === 0)
  );
}

const DAYS = "MTWRFSU";

/** Whether two section choices meet at the same time on some day. */
export function optionsOverlap(a: SectionOption, b: SectionOption): boolean {
  return a.meetings.some((x) =>
    b.meetings.some((y) =>
      x.start < y.end && y.start < x.end && [...DAYS].some((d) => x.days.includes(d) && y.days.includes(d))
    )
  );
}

/**
 * The integer programs, solved one after the other. A binary x per course and
 * term it may go in (and a binary y per section choice); per requirement, the
 * courses that carry it plus a slack (units left uncovered) reach the units
 * needed.
 * - `size`: the fewest uncovered units first (each costs more than every
 *   course together), then the fewest courses: so a catalog that cannot
 *   cover everything still gets the plan that covers the most.
 * - `rating`: with exactly that many courses and no more uncovered units,
 *   the highest sum of scores.
 * Two programs rather than one objective with a tiny rating bonus: the
 * bonus makes the solver prove too many near-ties (seconds instead of
 * milliseconds on the real catalog). Needs at least one need.
 */
export function planProgram(
  needs: readonly Need[],
  candidates: readonly Candidate[],
  phase: { size: true } | { courses: number; uncovered: number },
  shape: PlanShape = ONE_TERM,
): string {
  const useful = usefulCandidates(needs, candidates, shape);
  const placements = placementsFor(useful, shape);
  const sizing = "size" in phase;
  const lines = [sizing ? "Minimize" : "Maximize", " obj:"];
  for (const { c, name } of placements) {
    lines.push(sizing ? `  + 1 ${name}` : `  + ${c.score.toFixed(9)} ${name}`);
  }
  // An uncovered unit costs more than every course together: covering comes first, whatever the plan's size.
  if (sizing) needs.forEach((_, r) => lines.push(`  + ${useful.length + 1} s${r}`));
  lines.push("Subject To");
  let row = 0;
  const constraint = (terms: string[], rest: string) => {
    if (!terms.length) return;
    lines.push(` c${row++}:`, ...terms.map((term) => `  ${term}`), `  ${rest}`);
  };
  needs.forEach((need, r) => {
    const carrying = placements.filter(({ c }) => needsMet(c.units, [need]).length).map(({ name }) => `+ ${name}`);
    constraint([...carrying, `+ s${r}`], `>= ${need.units}`);
  });
  const placementsOf = new Map<number, typeof placements>();
  for (const p of placements) placementsOf.set(p.c.id, [...(placementsOf.get(p.c.id) ?? []), p]);
  // A course once, in one term.
  for (const list of placementsOf.values()) {
    if (list.length > 1) constraint(list.map(({ name }) => `+ ${name}`), "<= 1");
  }
  if (shape.perTerm !== null) {
    for (let t = 0; t < shape.terms; t++) {
      constraint(placements.filter((p) => p.t === t).map(({ name }) => `+ ${name}`), `<= ${shape.perTerm}`);
    }
    // Courses free from term k on fit the room left in terms k and later (Hall's condition on nested sets).
    for (let k = 0; k < shape.terms; k++) {
      if (!placements.some((p) => p.t === FROM && p.from >= k)) continue;
      const later = placements.filter((p) => (p.t === FROM ? p.from : p.t) >= k).map(({ name }) => `+ ${name}`);
      constraint(later, `<= ${shape.perTerm * (shape.terms - k)}`);
    }
  }
  // After its prerequisites: in term t, one course of each open group in an earlier term.
  for (const { c, t, name } of placements) {
    if (t === FROM) continue;
    for (const group of c.after ?? []) {
      const before = group.flatMap((id) =>
        (placementsOf.get(id) ?? []).filter((p) => p.t < t).map((p) => `- ${p.name}`)
      );
      constraint([`+ ${name}`, ...before], "<= 0");
    }
  }
  for (const [a, b] of shape.apart) {
    const both = [...(placementsOf.get(a) ?? []), ...(placementsOf.get(b) ?? [])];
    if (placementsOf.has(a) && placementsOf.has(b)) constraint(both.map(({ name }) => `+ ${name}`), "<= 1");
  }
  if (shape.cocurricularLeft !== null) {
    // Every code a cocurricular course carries takes from the cap, as Hub counting spends it (src/lib/hub-requirements.ts).
    const weighted = placements.filter(({ c }) => c.cocurricular).map(({ c, name }) => `+ ${c.units.length} ${name}`);
    constraint(weighted, `<= ${shape.cocurricularLeft}`);
  }
  // Sections in the first term: one choice per course placed there, no two choices overlapping.
  const choices = placements.filter((p) => p.t === 0 && p.c.options !== undefined).flatMap((p) =>
    p.c.options!.map((option, k) => ({ c: p.c, option, name: `y${p.c.id}_${k}`, of: p.name }))
  );
  for (const p of placements.filter((p) => p.t === 0 && p.c.options !== undefined)) {
    const own = choices.filter((y) => y.c === p.c).map(({ name }) => `+ ${name}`);
    constraint([...own, `- ${p.name}`], "= 0");
  }
  // No two overlapping: on each day, at each time a meeting starts, at most one of the choices meeting then. Two
  // meetings overlap exactly when one is under way as the other starts, so these cliques say what every pair would,
  // in far fewer rows.
  const cliques = new Set<string>();
  for (const day of DAYS) {
    const meeting = choices.flatMap((y) =>
      y.option.meetings.filter((b) => b.days.includes(day)).map((b) => ({ y, start: b.start, end: b.end }))
    );
    for (const start of new Set(meeting.map((m) => m.start))) {
      const at = [...new Set(meeting.filter((m) => m.start <= start && start < m.end).map((m) => m.y))];
      if (new Set(at.map((y) => y.c)).size < 2) continue;
      const names = at.map((y) => y.name).sort();
      const key = names.join(" ");
      if (cliques.has(key)) continue;
      cliques.add(key);
      constraint(names.map((name) => `+ ${name}`), "<= 1");
    }
  }
  if (!sizing) {
    constraint(placements.map(({ name }) => `+ ${name}`), `= ${phase.courses}`);
    constraint(needs.map((_, r) => `+ s${r}`), `<= ${phase.uncovered}`);
  }
  lines.push("Bounds");
  needs.forEach((need, r) => lines.push(` 0 <= s${r} <= ${need.units}`));
  if (placements.length) {
    lines.push("Binary");
    for (const { name } of placements) lines.push(` ${name}`);
    for (const { name } of choices) lines.push(` ${name}`);
  }
  lines.push("General");
  needs.forEach((_, r) => lines.push(` s${r}`));
  lines.push("End");
  return lines.join("\n");
}

/**
 * The candidates that can be in some best plan; the others are dropped
 * before solving, which keeps the program small without changing its answer.
 *
 * B dominates A when B counts toward every requirement A counts toward and is
 * better: a higher score, or the same score and more requirements, or the
 * same of both and a lower id (a strict order, so no two dominate each
 * other). A is dropped when at least m courses dominate it, m being the most
 * units any of A's requirements needs (1 or 2). Why that is safe: a best plan
 * that chose A chose fewer than m of its dominators (with m of them, A would
 * add nothing to its requirements, and a plan without A would be smaller), so
 * one dominator is free, and putting it in A's place (A's term) covers at
 * least as much with as many courses and no lower score. That holds only when
 * B is at least as free as A in everything else the plan keeps, so B must go
 * in every term A may, need nothing before it, be in no pair that cannot
 * count together, not be cocurricular unless A is (with the same
 * requirements, so the same weight), and, where A may go in a first term
 * with sections, have for each of A's choices one that meets only within its
 * times; and A must be no other candidate's prerequisite.
 */
export function undominated(
  needs: readonly Need[],
  candidates: readonly Candidate[],
  shape: PlanShape = ONE_TERM,
): Candidate[] {
  const masks = candidates.map((c) =>
    needs.reduce((mask, need, r) => needsMet(c.units, [need]).length ? mask | (1 << r) : mask, 0)
  );
  const bits = (mask: number) => {
    let n = 0;
    for (let m = mask; m; m &= m - 1) n++;
    return n;
  };
  const sizes = masks.map(bits);
  const most = masks.map((mask) =>
    needs.reduce((max, need, r) => mask & (1 << r) ? Math.max(max, need.units) : max, 0)
  );
  const termSets = candidates.map((c) => new Set(termsOf(c, shape)));
  const paired = new Set(shape.apart.flat());
  const prerequisite = new Set(candidates.flatMap((c) => (c.after ?? []).flat()));
  const free = candidates.map((c) => !c.after?.length && !paired.has(c.id));
  const better = (b: number, a: number) =>
    candidates[b].score > candidates[a].score ||
    (candidates[b].score === candidates[a].score &&
      (sizes[b] > sizes[a] || (sizes[b] === sizes[a] && candidates[b].id < candidates[a].id)));
  const freeAs = (b: number, a: number) =>
    free[b] && [...termSets[a]].every((t) => termSets[b].has(t)) &&
    (!candidates[b].cocurricular || (candidates[a].cocurricular === true && masks[a] === masks[b])) &&
    (!termSets[a].has(0) || choicesWithin(candidates[b].options, candidates[a].options));
  return candidates.filter((_, a) => {
    if (termSets[a].size === 0) return false;
    if (prerequisite.has(candidates[a].id)) return true;
    if (masks[a] === 0) return false;
    let dominators = 0;
    for (let b = 0; b < candidates.length && dominators < most[a]; b++) {
      if (b !== a && (masks[a] & ~masks[b]) === 0 && better(b, a) && freeAs(b, a)) dominators++;
    }
    return dominators < most[a];
  });
}

/** The term of a placement that covers the terms from `from` on (see `placementsFor`). */
const FROM = -1;

type Placement = { c: Candidate; t: number; from: number; name: string };

/**
 * The candidates a program holds: those that count toward a need, and the prerequisites those name (and theirs),
 * each with a term it may go in.
 */
export function usefulCandidates(
  needs: readonly Need[],
  candidates: readonly Candidate[],
  shape: PlanShape,
): Candidate[] {
  const placeable = candidates.filter((c) => termsOf(c, shape).length > 0);
  const byId = new Map(placeable.map((c) => [c.id, c]));
  const kept = new Set(placeable.filter((c) => needsMet(c.units, needs).length > 0).map((c) => c.id));
  const queue = [...kept];
  while (queue.length) {
    for (const id of (byId.get(queue.pop()!)?.after ?? []).flat()) {
      if (byId.has(id) && !kept.has(id)) {
        kept.add(id);
        queue.push(id);
      }
    }
  }
  return placeable.filter((c) => kept.has(c.id));
}

/**
 * Where each candidate may go, one variable each. A course whose term matters only for the room it takes (after
 * nothing, no one's prerequisite) gets one variable for the run of terms it may go in to the plan's end ("from term
 * k on"), rather than one per term: those runs are nested, so any such set that fits the room left in terms k and
 * later can be laid term by term (Hall's condition), and the program is far smaller, without the symmetric copies
 * that slow the solver. Other terms it may go in (and a first term with section choices) get a variable each.
 */
function placementsFor(candidates: readonly Candidate[], shape: PlanShape): Placement[] {
  const prerequisite = new Set(candidates.flatMap((c) => (c.after ?? []).flat()));
  return candidates.flatMap((c) => {
    const terms = termsOf(c, shape);
    let from = shape.terms;
    if (shape.terms > 1 && !c.after?.length && !prerequisite.has(c.id)) {
      while (from > 0 && terms.includes(from - 1) && !(from - 1 === 0 && c.options !== undefined)) from--;
    }
    const single = terms.filter((t) => t < from).map((t) => ({ c, t, from: t, name: `x${c.id}_${t}` }));
    return from < shape.terms ? [...single, { c, t: FROM, from, name: `x${c.id}_f${from}` }] : single;
  });
}

/**
 * Whether B's section choices can stand in for A's in the first term: B has none to fit, or for every choice of A one
 * of B's meets only within A's times (so it overlaps nothing A's did not).
 */
function choicesWithin(b: readonly SectionOption[] | undefined, a: readonly SectionOption[] | undefined): boolean {
  if (b === undefined) return true;
  if (a === undefined) return false;
  const within = (inner: SectionOption, outer: SectionOption) =>
    inner.meetings.every((x) =>
      [...x.days].every((day) =>
        outer.meetings.some((y) => y.days.includes(day) && y.start <= x.start && x.end <= y.end)
      )
    );
  return a.every((oa) => b.some((ob) => within(ob, oa)));
}

/** A solver's answer: each variable's value by name (x<id>_<term>, y<id>_<choice>, s<requirement>). */
export type Solution = { status: string; values: ReadonlyMap<string, number> };

/** The plan a solution gives, with how many units it leaves uncovered. */
export function readPlan(
  needs: readonly Need[],
  candidates: readonly Candidate[],
  solution: Solution,
  shape: PlanShape = ONE_TERM,
): Plan & { uncovered: number } {
  if (solution.status !== "Optimal") throw new Error(`the Hub plan could not be solved (${solution.status})`);
  const on = (name: string) => (solution.values.get(name) ?? 0) > 0.5;
  const placed: Placed[] = [];
  const runs: { id: number; from: number }[] = [];
  for (const p of placementsFor(candidates, shape)) {
    if (!on(p.name)) continue;
    if (p.t === FROM) {
      runs.push({ id: p.c.id, from: p.from });
      continue;
    }
    const k = p.t === 0 && p.c.options ? p.c.options.findIndex((_, k) => on(`y${p.c.id}_${k}`)) : -1;
    placed.push({ id: p.c.id, term: p.t, option: k >= 0 ? p.c.options![k].key : null });
  }
  // The courses free over a run of terms into the room left: the shortest runs first, each in its earliest term with room.
  for (const { id, from } of runs.sort((a, b) => b.from - a.from || a.id - b.id)) {
    let term = from;
    while (
      shape.perTerm !== null && term < shape.terms - 1 && placed.filter((p) => p.term === term).length >= shape.perTerm
    ) term++;
    placed.push({ id, term, option: null });
  }
  const order = new Map(candidates.map((c, i) => [c.id, i]));
  placed.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const uncovered = needs.reduce((sum, _, r) => sum + Math.round(solution.values.get(`s${r}`) ?? 0), 0);
  return { ids: placed.map((p) => p.id), placed, covered: uncovered === 0, uncovered };
}

/**
 * The same plan with each course moved to the earliest term it may go in: offered there, room left (or, for a course
 * of a chain of prerequisites, room made by trading places with a course that may go in its term, needs nothing before
 * it and that no course of the plan comes after), after its
 * prerequisites in the plan, and not into a first term whose sections it would need to fit. The solver may leave room
 * early, or fill an early term with courses that could wait; a student wants what they can take soonest first.
 */
export function earliestTerms(plan: Plan, candidates: readonly Candidate[], shape: PlanShape): Plan {
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const placed = plan.placed.map((p) => ({ ...p }));
  const termOf = new Map(placed.map((p) => [p.id, p.term]));
  const count = (t: number) => placed.filter((p) => p.term === t).length;
  const inPlan = new Set(placed.map((p) => p.id));
  // Courses some course of the plan needs before it: they keep their place.
  const needed = new Set(
    placed.flatMap((p) => (byId.get(p.id)!.after ?? []).flat().filter((id) => inPlan.has(id))),
  );
  const prerequisitesBefore = (c: Candidate, t: number) =>
    (c.after ?? []).every((group) => group.some((id) => (termOf.get(id) ?? Infinity) < t));
  const move = (p: Placed, t: number) => {
    p.term = t;
    termOf.set(p.id, t);
  };
  // Each move or trade brings a course earlier for good; the bound only guards against a loop the rules never make.
  for (let round = 0, moved = true; moved && round < 100; round++) {
    moved = false;
    for (const p of [...placed].sort((a, b) => a.term - b.term || a.id - b.id)) {
      const c = byId.get(p.id)!;
      for (const t of termsOf(c, shape).filter((t) => t < p.term)) {
        if ((t === 0 && c.options !== undefined) || !prerequisitesBefore(c, t)) continue;
        if (shape.perTerm === null || count(t) < shape.perTerm) {
          move(p, t);
          moved = true;
          break;
        }
        const partner = placed.find((q) => {
          const d = byId.get(q.id)!;
          return q.term === t && !needed.has(q.id) && !(t === 0 && d.options !== undefined) &&
            termsOf(d, shape).includes(p.term) && (d.after?.length ?? 0) === 0 &&
            ((c.after?.length ?? 0) > 0 || needed.has(c.id));
        });
        if (!partner) continue;
        const from = p.term;
        move(p, t);
        move(partner, from);
        moved = true;
        break;
      }
    }
  }
  return { ...plan, placed: plan.ids.map((id) => placed.find((p) => p.id === id)!) };
}

/** Courses a student may set aside at once with Swap. */
export const MAX_EXCLUDED = 60;

/** Terms a plan may be laid over, and courses per term, at most. */
export const PLAN_LIMITS = { terms: 6, perTerm: 6, departments: 20, courses: MAX_EXCLUDED } as const;
/** Courses per term when the student has not said. */
export const DEFAULT_PER_TERM = 4;
/** The levels a student may leave out: 100 for 100-199, and so on (the planner keeps below 500). */
export const PLAN_LEVELS = [100, 200, 300, 400] as const;

export type HubPlanOptions = {
  /** Only courses whose prerequisites the student has met, or will have in an earlier term of the plan (the default). */
  eligibleOnly: boolean;
  /** Courses set aside for this plan only. */
  exclude: number[];
  /**
   * Terms to lay the plan over, from `term` on; null with `term` null for a plan in no term: the fewest courses
   * overall, offerings not checked.
   */
  terms: number | null;
  /** Courses per term at most; null for no limit. */
  perTerm: number | null;
  /** The first term of the plan, by the registrar's code; null for the next term with a class schedule, else the next term. */
  term: number | null;
  /** Pick sections in the first term that fit the student's worksheet for it. */
  fitsWeek: boolean;
  /** The worksheet version to fit; null for the first of the term. */
  schedule: number | null;
};

/** The last term code a plan may start from: six terms on still have names (up to 2099). */
export const LAST_TERM_CODE = 2959;

/** The first fall or spring term from a term code on: 2265 (Summer 2026) stands for 2268 (Fall 2026). */
export function regularTerm(code: number): number {
  const season = code % 10;
  if (season === 1 || season === 8) return code;
  return season < 1 ? code + 1 : season < 8 ? code - season + 8 : code - season + 11;
}

export type HubPlanQuery = { ok: true; options: HubPlanOptions } | { ok: false; message: string };

const QUERY_NAMES = new Set(["eligibleOnly", "exclude", "terms", "perTerm", "term", "fitsWeek", "schedule"]);

/**
 * `?eligibleOnly=true|false` (true when absent), `exclude=ID` (repeatable), `terms=1-6`, `perTerm=1-6` (no limit),
 * `term=2271` (a code that is not a fall or spring term stands for the first fall or spring from it on),
 * `fitsWeek=true|false` (false), `schedule=ID`. Without `term` and `terms`, a plan in no term.
 */
export function parseHubPlanQuery(params: URLSearchParams): HubPlanQuery {
  for (const name of params.keys()) {
    if (!QUERY_NAMES.has(name)) return { ok: false, message: `Unknown parameter: ${name.slice(0, 40)}` };
  }
  const flag = (name: string, fallback: boolean): boolean | string => {
    const value = params.get(name);
    if (value === null) return fallback;
    return value === "true" || value === "false" ? value === "true" : `${name} must be true or false`;
  };
  const whole = (name: string, min: number, max: number, fallback: number | null): number | null | string => {
    const value = params.get(name);
    if (value === null) return fallback;
    if (!/^\d{1,10}$/.test(value) || Number(value) < min || Number(value) > max) {
      return `${name} must be a whole number from ${min} to ${max}`;
    }
    return Number(value);
  };
  const eligibleOnly = flag("eligibleOnly", true);
  const fitsWeek = flag("fitsWeek", false);
  const terms = whole("terms", 1, PLAN_LIMITS.terms, null);
  const perTerm = whole("perTerm", 1, PLAN_LIMITS.perTerm, null);
  const term = whole("term", 2000, LAST_TERM_CODE, null);
  const schedule = whole("schedule", 1, 2 ** 31 - 1, null);
  for (const value of [eligibleOnly, fitsWeek, terms, perTerm, term, schedule]) {
    if (typeof value === "string") return { ok: false, message: value };
  }
  const raw = params.getAll("exclude");
  if (raw.length > MAX_EXCLUDED) return { ok: false, message: `exclude may name at most ${MAX_EXCLUDED} courses` };
  const exclude: number[] = [];
  for (const value of raw) {
    if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2 ** 31 - 1) {
      return { ok: false, message: "exclude must be course ids" };
    }
    exclude.push(Number(value));
  }
  return {
    ok: true,
    options: {
      eligibleOnly: eligibleOnly as boolean,
      exclude: [...new Set(exclude)],
      terms: terms as number | null,
      perTerm: perTerm as number | null,
      term: term === null ? null : regularTerm(term as number),
      fitsWeek: fitsWeek as boolean,
      schedule: schedule as number | null,
    },
  };
}

/** What the planner keeps for a student between visits: departments ("CAS LS"), levels (100-400) and courses left out. */
export type PlannerSettings = { departments: string[]; levels: number[]; courses: number[] };

export const NO_SETTINGS: PlannerSettings = { departments: [], levels: [], courses: [] };

/** The settings as stored (JSON), read leniently: anything unreadable is left out rather than failing a plan. */
export function readPlannerSettings(stored: string | null): PlannerSettings {
  if (!stored) return NO_SETTINGS;
  try {
    const value = JSON.parse(stored) as Partial<Record<keyof PlannerSettings, unknown>>;
    const list = <T>(raw: unknown, keep: (item: unknown) => item is T, max: number): T[] =>
      Array.isArray(raw) ? [...new Set(raw.filter(keep))].slice(0, max) : [];
    return {
      departments: list(
        value.departments,
        (d): d is string => typeof d === "string" && /^[A-Z]{2,4} [A-Z]{2}$/.test(d),
        PLAN_LIMITS.departments,
      ),
      levels: list(value.levels, (l): l is number => PLAN_LEVELS.includes(l as 100), PLAN_LEVELS.length),
      courses: list(value.courses, (id): id is number => Number.isSafeInteger(id) && (id as number) > 0, MAX_EXCLUDED),
    };
  } catch {
    return NO_SETTINGS;
  }
}
