/**
 * Who may take what (src/lib/enrolment-rules.ts): the table's rules by school and level, restrictions BU states in a
 * description (hand-checked sentences of the real catalog, and none read from a capacity note), courses that cannot
 * count together, and the cocurricular cap; and the Hub rules' requirements and cap (src/lib/hub-requirements.ts).
 */
import { describe, expect, test } from "vitest";
import {
  enrolmentLimits,
  limitSentence,
  restrictionIn,
  rulesCovering,
  type RuleStudent,
  standingOf,
  standingsIn,
} from "../../src/lib/enrolment-rules.ts";
import { hubProgress, hubSummary, requirementProgress } from "../../src/lib/hub-counting.ts";
import { remainingNeeds } from "../../src/lib/hub-plan.ts";
import { cocurricularLeft, countedUnits, hubRequirements } from "../../src/lib/hub-requirements.ts";
import { readBuCatalog } from "../helpers/catalog.ts";

const cas: RuleStudent = { college: "CAS", kilachand: false, track: "first-year" };
const course = (college: string, department: string, numberValue: number, description: string | null = null) => ({
  college,
  department,
  numberValue,
  description,
});

describe("the table's rules", () => {
  test("courses reserved to a school are open to its students only", () => {
    const rulesOf = (c: ReturnType<typeof course>, s: RuleStudent) =>
      enrolmentLimits(c, s).flatMap((l) => l.kind === "rule" ? [l.rule] : []);
    expect(rulesOf(course("CGS", "RH", 104), cas)).toEqual(["cgs"]);
    expect(rulesOf(course("CGS", "RH", 104), { ...cas, college: "CGS" })).toEqual([]);
    expect(rulesOf(course("KHC", "ST", 111), cas)).toEqual(["kilachand"]);
    expect(rulesOf(course("KHC", "ST", 111), { ...cas, kilachand: true })).toEqual([]);
    expect(rulesOf(course("MET", "CS", 101), cas)).toEqual(["met"]);
    expect(rulesOf(course("MET", "CS", 101), { ...cas, college: "MET" })).toEqual([]);
    expect(rulesOf(course("OTP", "MS", 101), cas)).toEqual(["rotc"]);
    expect(rulesOf(course("LAW", "JD", 401), cas)).toEqual(["graduate-school"]);
    expect(rulesOf(course("CAS", "PH", 150), cas)).toEqual([]);
  });

  test("graduate levels: 500 and up, whatever the school", () => {
    const limits = enrolmentLimits(course("CAS", "CS", 505), { ...cas, college: "CAS" });
    expect(limits.map((l) => l.kind === "rule" && l.rule)).toEqual(["graduate-level"]);
    expect(enrolmentLimits(course("CAS", "CS", 499), cas)).toEqual([]);
  });

  test("a visitor sees who a course is for; a student sees why it is not open to them", () => {
    expect(rulesCovering(course("CGS", "RH", 104)).map((r) => r.openTo)).toEqual([
      "College of General Studies students",
    ]);
    const [limit] = enrolmentLimits(course("CGS", "RH", 104), cas);
    expect(limitSentence(limit)).toMatch(/^For College of General Studies students\. CGS courses are/);
  });

  test("not for credit with a completed or planned course; the cocurricular cap once used", () => {
    const limits = enrolmentLimits(
      { ...course("CAS", "MA", 242), exclusions: [{ id: 7, code: "ENG EK 103" }, { id: null, code: "CAS MA 999" }] },
      cas,
      { takenIds: new Set([7]), cocurricularLeft: 2 },
    );
    expect(limits).toEqual([{ kind: "credit", codes: ["ENG EK 103"] }]);
    expect(limitSentence(limits[0])).toBe("Not for credit with ENG EK 103, which you completed or plan to take.");
    const capped = enrolmentLimits(course("HUB", "CC", 127), { ...cas, track: "transfer" }, {
      takenIds: new Set(),
      cocurricularLeft: 0,
    });
    expect(capped).toEqual([{ kind: "cocurricular", cap: 1 }]);
    expect(limitSentence(capped[0])).toContain("at most 1 Hub unit under your Hub rules");
  });
});

describe("restrictions BU states in a description", () => {
  const sentences: [string, string | null][] = [
    [
      "Limited to seven-year medical students. Principles of cellular organization.",
      "Limited to seven-year medical students.",
    ],
    [
      'The course will culminate in a "Design Showcase." Restricted to ENG sophomores',
      "Restricted to ENG sophomores",
    ],
    ["Open to Theatre Minors ONLY. Meets late afternoons, evenings.", "Open to Theatre Minors ONLY."],
    ["This course is open to graduate students only.", "This course is open to graduate students only."],
    [
      "Graduate Prerequisites: By permission only. Open only to selected incoming Masters students. - Builds foundations",
      "Open only to selected incoming Masters students.",
    ],
    [
      "Undergraduate Prerequisites: course only open to students matriculated in a secondary education major (Social Studies).",
      "Undergraduate Prerequisites: course only open to students matriculated in a secondary education major (Social Studies).",
    ],
    [
      "Limited to graduate students in the DPD/MS/DI nutrition program.",
      "Limited to graduate students in the DPD/MS/DI nutrition program.",
    ],
    // Capacity notes and "not limited to" are not restrictions.
    ["Enrollment is limited to 30 students. The course is open to MS, MEng, and PhD students, as well", null],
    ["CLASS SIZE: Limited to 12 students.", null],
    ["Designed for but not limited to students returning from abroad.", null],
    ["A cross-cultural approach to the diversity of women's lives.", null],
    [null as unknown as string, null],
  ];
  test.each(sentences)("%s", (description, expected) => {
    expect(restrictionIn(description)).toBe(expected);
  });

  test("on the real catalog: about 170 descriptions, 2 of them current Hub courses below 500", async () => {
    const rows = await readBuCatalog();
    const restricted = rows.filter((r) => restrictionIn(r.description) !== null);
    const hub = restricted.filter((r) =>
      r.in_recent_catalog && Number.parseInt(r.number, 10) < 500 && (r.hub_units ?? []).length > 0
    );
    expect(restricted.length).toBeGreaterThan(150);
    expect(restricted.length).toBeLessThan(200);
    expect(hub.map((r) => `${r.college} ${r.department} ${r.number}`).sort()).toEqual(["CAS BI 282", "ENG EK 210"]);
    for (const row of restricted) expect(restrictionIn(row.description)!.length).toBeLessThanOrEqual(220);
  });
});

describe("class standing", () => {
  test("a student's standing from their expected graduation: the academic year ends in May", () => {
    const november = new Date("2026-11-26T12:00:00Z");
    expect([2030, 2029, 2028, 2027, 2026, 2033].map((year) => standingOf(year, november))).toEqual([1, 2, 3, 4, 4, 1]);
    expect(standingOf(2030, new Date("2027-05-15T12:00:00Z"))).toBe(1);
    expect(standingOf(2030, new Date("2027-06-15T12:00:00Z"))).toBe(2);
  });

  test("the standings a description opens a course to; the course is not open to the others", () => {
    expect(standingsIn("Hospitality. This course is open to sophomores, juniors and seniors.")).toEqual({
      text: "This course is open to sophomores, juniors and seniors.",
      standings: [2, 3, 4],
    });
    expect(standingsIn("XCC courses are open to juniors and seniors from all schools and colleges at BU.")?.standings)
      .toEqual([3, 4]);
    expect(standingsIn("Open to freshmen.")?.standings).toEqual([1]);
    expect(standingsIn("Open to all students.")).toBeNull();
    // Not a restriction reader's sentence as well: said once, as a standing.
    expect(restrictionIn("This course is open to sophomores, juniors and seniors.")).toBeNull();
    const course = {
      college: "SHA",
      department: "HF",
      numberValue: 282,
      description: "Open to sophomores, juniors and seniors.",
    };
    expect(enrolmentLimits(course, { ...cas, standing: 1 })).toEqual([
      { kind: "standing", text: "Open to sophomores, juniors and seniors." },
    ]);
    expect(enrolmentLimits(course, { ...cas, standing: 2 })).toEqual([]);
    // Without a standing (a visitor), nothing is checked.
    expect(enrolmentLimits(course, cas)).toEqual([]);
  });

  test("on the real catalog: 9 descriptions, each read to the standings it names", async () => {
    const rows = await readBuCatalog();
    const read = rows.flatMap((r) => {
      const found = standingsIn(r.description);
      return found ? [`${r.college} ${r.department} ${r.number}: ${found.standings.join(",")}`] : [];
    });
    expect(read.sort()).toEqual([
      "CAS BI 582: 4",
      "COM CM 217: 1",
      "HUB XC 410: 3,4",
      "HUB XC 420: 3,4",
      "HUB XC 433: 3,4",
      "SHA HF 282: 2,3,4",
      "SHA HF 382: 2,3,4",
      "SHA HF 782: 2,3,4",
      "WED AP 640: 4",
    ]);
  });
});

describe("Hub rules", () => {
  test("first-year entrants: every area, SI2/SO2 as one; transfer students: the 10 requirements", () => {
    expect(hubRequirements("first-year").map((r) => r.key)).toHaveLength(20);
    expect(hubRequirements("first-year").find((r) => r.key === "SI2/SO2")?.units).toBe(1);
    expect(hubRequirements("transfer").map((r) => r.key)).toEqual([
      "PLM/AEX/HCO",
      "SI1/SI2",
      "SO1/SO2",
      "QR2",
      "IIC/GCI/ETR",
      "WRI/WIN",
      "CRT",
      "RIL",
      "TWC",
      "CRI",
    ]);
    expect(hubRequirements("transfer").every((r) => r.units === 1)).toBe(true);
  });

  test("a course gives one unit to a requirement, whatever codes of it it carries", () => {
    const needs = remainingNeeds([["PLM", "AEX"], ["SI1"]], "transfer");
    expect(needs.find((n) => n.code === "PLM/AEX/HCO")).toBeUndefined();
    expect(needs.find((n) => n.code === "SI1/SI2")).toBeUndefined();
    expect(needs.map((n) => n.code)).toContain("SO1/SO2");
    expect(needs).toHaveLength(8);
  });

  test("cocurricular units count up to 2 for first-year entrants and 1 for transfer students, completed first", () => {
    const courses = [
      { hubUnits: ["IIC"], cocurricular: true },
      { hubUnits: ["CRT"], cocurricular: false },
      { hubUnits: ["CRI", "TWC"], cocurricular: true },
    ];
    // A course's codes are spent in the Hub list's order: TWC before CRI.
    expect(countedUnits(courses, "first-year")).toEqual([["IIC"], ["CRT"], ["TWC"]]);
    expect(countedUnits(courses, "transfer")).toEqual([["IIC"], ["CRT"], []]);
    expect(cocurricularLeft(courses.slice(0, 1), "first-year")).toBe(1);
    expect(cocurricularLeft(courses, "first-year")).toBe(0);
  });

  test("Hub progress: requirements of the rules, planned courses named, the cap applied", () => {
    const completed = [
      { name: "HUB CC 127", hubUnits: ["IIC"], cocurricular: true },
      { name: "CAS MA 123", hubUnits: ["QR2", "CRT"] },
    ];
    const future = [
      { name: "HUB CC 161", hubUnits: ["CRI"], cocurricular: true },
      { name: "CAS PH 150", hubUnits: ["PLM", "ETR"] },
    ];
    const transfer = requirementProgress(completed, future, "transfer");
    expect(transfer).toHaveLength(10);
    // The transfer cap is 1: HUB CC 127's IIC counts, HUB CC 161's CRI does not.
    expect(transfer.find((r) => r.key === "IIC/GCI/ETR")).toMatchObject({
      fulfilled: true,
      fulfillingCourses: ["HUB CC 127"],
      plannedCourses: [],
    });
    expect(transfer.find((r) => r.key === "CRI")).toMatchObject({ projectedFulfilled: false, plannedCourses: [] });
    expect(transfer.find((r) => r.key === "PLM/AEX/HCO")).toMatchObject({
      completed: 0,
      projected: 1,
      plannedCourses: ["CAS PH 150"],
    });
    expect(hubSummary(transfer)).toEqual({ total: 10, completed: 3, inFuture: 1, remaining: 6, percent: 30 });
    const firstYear = requirementProgress(completed, future, "first-year");
    expect(firstYear.find((r) => r.key === "CRI")).toMatchObject({ projected: 1, plannedCourses: ["HUB CC 161"] });
    expect(hubSummary(firstYear).total).toBe(20);
    expect(hubProgress(completed, future, "transfer").find((i) => i.hubCode === "CRI")?.projected).toBe(0);
  });
});
