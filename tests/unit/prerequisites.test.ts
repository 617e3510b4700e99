/**
 * Prerequisite texts read into groups of courses: 69 real texts of the BU
 * catalog (read from ../shared, never copied here) with answers checked by
 * hand, the forms the catalog writes in, and eligibility.
 *
 * A row: the course whose text it is; its groups ("A | B" means A or B, a
 * trailing "+" that the group also allows something that is not a course,
 * such as "or equivalent"); how much became courses; the note.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { eligibilityOf, parsePrerequisites } from "../../src/lib/prerequisite-parser.ts";
import { type CatalogRow, readBuCatalog } from "../helpers/catalog.ts";

type Row = [code: string, groups: string[], coverage: "full" | "partial" | "none", note: string | null];

const HAND_CHECKED: Row[] = [
  ["CAS EC 201", ["CAS EC 101 +", "CAS MA 121 | CAS MA 123 +"], "full", "or equivalent"],
  ["ENG EK 381", ["ENG EK 103", "CAS MA 225"], "full", null],
  ["CAS CS 210", ["CAS CS 112"], "full", null],
  ["CAS MA 225", ["CAS MA 124 | CAS MA 129"], "full", null],
  ["CAS PS 231", ["CAS PS 101"], "full", null],
  ["CAS CH 203", ["CAS CH 102 | CAS CH 110 | CAS CH 112"], "full", null],
  ["CAS CH 214", ["CAS CH 203"], "full", null],
  [
    "CAS BI 203",
    ["CAS BI 108 | CAS NE 102 +", "CAS CH 102 +"],
    "full",
    "or equivalent; Undergraduate Corequisites: (CASCH 203) or equivalent",
  ],
  [
    "CAS PY 212",
    ["CAS PY 211 +", "CAS MA 124 +"],
    "full",
    "or consent of instructor for students concurrently taking MA 123",
  ],
  ["ENG EC 327", ["ENG EK 125"], "full", null],
  ["ENG ME 411", ["ENG ME 366 | CAS MA 381", "ENG EK 102 | CAS MA 142"], "full", null],
  ["ENG EC 508", ["ENG EK 103", "ENG EK 381", "ENG EC 401"], "full", null],
  ["COM CM 528", ["COM CM 217", "COM CM 417"], "full", null],
  ["COM CM 525", ["COM CM 215 | COM CM 701"], "full", null],
  ["QST FE 200", ["QST SM 132", "QST AC 221"], "partial", "Open only to non-Questrom students"],
  ["QST AC 222", ["QST AC 221 +"], "full", "or concurrent"],
  ["SPH EP 790", ["SPH PH 717 | SPH EP 714"], "full", null],
  ["SPH SB 806", ["SPH PH 720 +"], "full", "or instructor permission"],
  [
    "SPH BS 803",
    ["SPH PH 717 | SPH BS 704 | SPH BS 800 +", "SPH BS 723 | SPH BS 800 +"],
    "full",
    "or consent of instructor",
  ],
  ["SSW MP 789", ["SSW MP 759"], "full", null],
  ["SSW CP 764", ["SSW CP 755", "SSW CP 756", "SSW CP 757"], "partial", "For Traditional Track and HSE Students"],
  [
    "SSW CP 791",
    ["SSW CP 755", "SSW CP 756", "SSW CP 757"],
    "partial",
    "For Traditional Track and HSE Students; Graduate Corequisites: (SSWCP755 OR SSWCP756 OR SSWCP757)For Advanced Standing Students",
  ],
  ["MET MG 522", ["MET MG 305", "MET MA 213"], "full", null],
  ["CAS CH 225", ["CAS MA 123 | CAS MA 124 | CAS MA 127", "CAS CH 101 | CAS CH 109 | CAS CH 111"], "full", null],
  [
    "CAS BI 675",
    [
      "CAS EE 100 | CAS EE 101",
      "CAS BI 306 | CAS BI 443 | CAS BI 643 | CAS EE 456 | CAS EE 656 | CAS BI 530 | CAS EE 530 +",
    ],
    "full",
    "or consent of instructor",
  ],
  [
    "CAS BI 507",
    ["CAS BI 225 | CAS BI 309 | CAS BI 315 | CAS BI 407 | CAS BI 410 +"],
    "partial",
    "senior standing or consent of instructor; or consent of instructor",
  ],
  ["CAS BI 351", ["CAS BI 340 | CAS BI 350 +"], "partial", "junior standing; or full-time summer UROP"],
  [
    "CAS BI 352",
    ["CAS WR 100 | CAS WR 120 +", "CAS BI 351 | CAS BI 341"],
    "partial",
    "junior standing; or First-Year Writing",
  ],
  [
    "CAS EC 544",
    [
      "CAS EC 201 | CAS EC 501 +",
      "CAS EC 202 | CAS EC 502 +",
      "CAS MA 121 | CAS MA 123 | CAS MA 127 | CAS EC 505 +",
      "CAS EC 507 +",
    ],
    "full",
    "or equivalent",
  ],
  [
    "ENG EK 546",
    ["CAS PY 105 | CAS CH 101 | CAS ES 105 +", "CAS MA 121 +"],
    "partial",
    "graduate or junior/senior standing; or equivalent",
  ],
  ["CAS CH 623", ["GRS CH 621 +"], "full", "or consent of instructor; GRS CH 622 recommended"],
  ["CAS EC 792", [], "none", "consent of instructor (GRSEC 712 recommended)"],
  [
    "CAS CS 365",
    ["CAS CS 112 +", "CAS CS 131 +", "CAS CS 132 +", "CAS CS 237 +"],
    "full",
    "or consent of instructor; or equivalent or consent of instructor; Recommended: CAS CS330",
  ],
  [
    "CAS PO 501",
    ["CAS PO 111 | CAS PO 141 | CAS PO 151 | CAS PO 171"],
    "full",
    "Calculus (MA 121,123, or 127) and probability (MA 113, 115, or 213) are helpful, but not required",
  ],
  ["CAS LF 324", [], "none", "one CAS LF 307-311 course, or equivalent or placement test results"],
  ["CAS LG 310", [], "none", "any course from CAS LG 302-345; or consent of instructor"],
  ["CAS LX 684", [], "none", "one LS 300-level language course; or consent of instructor"],
  ["CAS SO 352", [], "none", "one 100- or 200-level course in either sociology or women's, gender, & sexuality"],
  [
    "CAS IR 410",
    ["CAS WR 100 | CAS WR 120 +"],
    "partial",
    "junior or senior standing or sophomore standing with consent of instr uctor; or First Year Writing Seminar",
  ],
  [
    "CAS IR 544",
    ["CAS WR 100 | CAS WR 120 +"],
    "partial",
    "junior standing or consent of instructor; or First Year Writing Seminar",
  ],
  ["CAS EN 558", ["CAS WR 100 | CAS WR 120 +"], "full", "or First-Year Writing Seminar"],
  ["CAS MA 301", ["CAS WR 120 +"], "full", "or First Year Writing Seminar"],
  ["WED ED 220", ["CAS WR 120 +"], "full", "or First Year Writing Seminar"],
  ["CAS AA 356", ["CAS WR 120 +"], "full", "or First-Year Writing Seminar or equivalent"],
  ["CAS LF 112", ["CAS LF 111 +"], "full", "or placement test results"],
  ["CAS LR 211", ["CAS LR 112 +"], "full", "or placement"],
  ["CAS JS 281", ["CAS LH 212 +"], "full", "or the equivalent as determined by placement test"],
  ["CAS CH 651", ["CAS CH 351 +", "CAS CH 352 +"], "full", "or equivalent"],
  ["CAS PY 741", ["CAS PY 511 +", "CAS PY 512 +", "CAS PY 541 +", "CAS PY 543 +"], "full", "or equivalent"],
  ["CAS EC 745", ["CAS EC 704 +"], "full", "or consent of instructor"],
  ["CAS PS 471", ["CAS PS 371 +"], "partial", "PS senior standing, or consent of instructor; or consent of instructor"],
  [
    "CAS PO 497",
    ["CAS PH 350", "CAS WR 100 | CAS WR 120 +"],
    "partial",
    "two other philosophy courses; or First Year Writing Seminar",
  ],
  ["CAS BI 325", ["CAS BI 203 +"], "full", "or consent of instructor"],
  ["CAS WS 326", ["CAS WS 101 +"], "full", "or at least one prior literature course or junior or senior standing"],
  ["CFA MP 113", ["CFA MP 111 +", "CFA MP 112 +"], "full", "or placement by individual audition"],
  ["ENG EC 591", ["CAS PY 313"], "full", "Undergraduate Corequisites: (ENGEC 562)"],
  [
    "ENG BE 466",
    ["ENG BE 465"],
    "partial",
    "Limited to biomedical engineering majors with senior standing; CAS WR15X required",
  ],
  [
    "CAS SO 403",
    [],
    "none",
    "junior or senior standing and at least two previous Sociology courses; or consent of instructor",
  ],
  ["CAS NS 333", [], "none", "enrollment in the SEA Semester; sophomore standing or consent of instructor"],
  ["GMS MH 902", [], "none", "consent of instructor"],
  ["CAS EE 400", [], "none", "senior standing"],
  ["SAR OT 910", [], "none", "OTD degree students only"],
  ["CAS AN 597", ["CAS AN 102"], "partial", "consent of instructor"],
  ["ENG ME 785", ["ENG ME 585"], "partial", "consent of instructor"],
  ["CAS MA 416", ["CAS MA 116 | CAS MA 214 +"], "full", "or consent of instructor"],
  ["CAS EC 202", ["CAS EC 102"], "full", null],
  ["CAS CS 112", ["CAS CS 111 +"], "full", "or equivalent"],
  ["CAS MA 124", ["CAS MA 121 | CAS MA 123"], "full", null],
  [
    "CAS PH 485",
    ["CAS PH 450 | CAS PH 451 | CAS PH 452 | CAS PH 453 | CAS PH 454 | CAS PH 455 | CAS PH 457 +"],
    "partial",
    "any one philosophy course from CASPH 450-457, or consent of instructor; or consent of instructor",
  ],
];

let catalog: Map<string, CatalogRow>;
let colleges: Set<string>;
let codes: Set<string>;

beforeAll(async () => {
  const rows = await readBuCatalog();
  catalog = new Map(rows.map((row) => [`${row.college} ${row.department} ${row.number}`, row]));
  colleges = new Set(rows.map((row) => row.college));
  codes = new Set(catalog.keys());
});

const shown = (groups: { codes: string[]; alternative: boolean }[]) =>
  groups.map((g) => g.codes.join(" | ") + (g.alternative ? " +" : ""));

describe("real prerequisite texts, checked by hand", () => {
  test("there are 60 or more, of every coverage", () => {
    expect(HAND_CHECKED.length).toBeGreaterThanOrEqual(60);
    expect(new Set(HAND_CHECKED.map((row) => row[2]))).toEqual(new Set(["full", "partial", "none"]));
  });

  for (const [code, groups, coverage, note] of HAND_CHECKED) {
    test(code, () => {
      const row = catalog.get(code);
      expect(row?.prerequisites, `${code} has a prerequisite text in the catalog`).toBeTruthy();
      const parsed = parsePrerequisites(row!.prerequisites, row!.college, colleges, codes);
      expect({ groups: shown(parsed.groups), coverage: parsed.coverage, note: parsed.note }, row!.prerequisites!)
        .toEqual({ groups, coverage, note });
    });
  }

  test("the whole catalog: every text reads, most name catalog courses, and each course it names is written as a code", () => {
    const counts = { full: 0, partial: 0, none: 0 };
    let named = 0;
    let found = 0;
    for (const row of catalog.values()) {
      if (!row.prerequisites) continue;
      const parsed = parsePrerequisites(row.prerequisites, row.college, colleges, codes);
      counts[parsed.coverage]++;
      for (const group of parsed.groups) {
        expect(group.codes.length).toBeGreaterThan(0);
        for (const code of group.codes) {
          expect(code).toMatch(/^[A-Z]{3} [A-Z]{2} \d{3}[A-Z]?$/);
          named++;
          if (codes.has(code)) found++;
        }
      }
      // A text with words keeps them as its note when no course came of it.
      if (parsed.coverage === "none" && /[a-z]/i.test(row.prerequisites)) {
        expect(parsed.note, row.prerequisites).toBeTruthy();
      }
    }
    // 3,656 texts: about half read fully into courses, and nearly nine in ten of the courses named are in the catalog.
    expect(counts.full + counts.partial + counts.none).toBe(3656);
    expect(counts.full).toBeGreaterThan(1800);
    expect(found / named).toBeGreaterThan(0.85);
  });
});

describe("the forms the catalog writes in", () => {
  const all = new Set(["CAS", "ENG", "COM"]);
  const read = (text: string, college = "CAS") => {
    const parsed = parsePrerequisites(text, college, all);
    return { groups: shown(parsed.groups), note: parsed.note, conditions: parsed.conditions };
  };

  test("codes with and without spaces and colleges; a bare number takes the course before it", () => {
    expect(read("CASCS111 and CAS CS 112 & CS 131, CS210 or 211").groups).toEqual([
      "CAS CS 111",
      "CAS CS 112",
      "CAS CS 131",
      "CAS CS 210 | CAS CS 211",
    ]);
    // A group implied by a smaller one goes: "CS 131 and (CS 131 or CS 132)" is CS 131.
    expect(read("CAS CS 131 and (CAS CS 131 or CAS CS 132)").groups).toEqual(["CAS CS 131"]);
    expect(read("EK 103", "ENG").groups).toEqual(["ENG EK 103"]);
  });

  test("'and' binds tighter than 'or'; parentheses group; OR in capitals", () => {
    expect(read("(CASMA121 OR CASMA123) & (CASCS111)").groups).toEqual(["CAS MA 121 | CAS MA 123", "CAS CS 111"]);
    expect(read("CAS CS 111 and CAS CS 112 or CAS CS 210").groups).toEqual([
      "CAS CS 111 | CAS CS 210",
      "CAS CS 112 | CAS CS 210",
    ]);
  });

  test("commas: a list ending in 'or' offers alternatives, otherwise all are required; 'one of the following' and 'either' start alternatives", () => {
    expect(read("CAS CS 111, CAS CS 112, or CAS CS 113").groups).toEqual(["CAS CS 111 | CAS CS 112 | CAS CS 113"]);
    expect(read("CAS CS 111, CAS CS 112").groups).toEqual(["CAS CS 111", "CAS CS 112"]);
    expect(read("CAS CS 111; and one of the following: CAS MA 121, CAS MA 123, CAS MA 127").groups).toEqual([
      "CAS CS 111",
      "CAS MA 121 | CAS MA 123 | CAS MA 127",
    ]);
    expect(read("CAS CS 111 and either CAS MA 121 or CAS MA 123").groups).toEqual([
      "CAS CS 111",
      "CAS MA 121 | CAS MA 123",
    ]);
  });

  test("words: an alternative stays with its group, a requirement of its own is a condition, advice is neither", () => {
    expect(read("(CASCS111) or consent of instructor.")).toEqual({
      groups: ["CAS CS 111 +"],
      note: "or consent of instructor",
      conditions: false,
    });
    expect(read("CAS CS 111 and junior standing")).toEqual({
      groups: ["CAS CS 111"],
      note: "junior standing",
      conditions: true,
    });
    expect(read("CAS CS 111 (CAS CS 112 recommended)")).toEqual({
      groups: ["CAS CS 111"],
      note: "CAS CS 112 recommended",
      conditions: false,
    });
    expect(read("consent of instructor")).toEqual({ groups: [], note: "consent of instructor", conditions: true });
  });

  test("nothing at all, and texts that are not prerequisites", () => {
    expect(parsePrerequisites(null, "CAS", all)).toEqual({
      groups: [],
      note: null,
      conditions: false,
      coverage: "none",
    });
    expect(parsePrerequisites("   ", "CAS", all).coverage).toBe("none");
    // A college code that is not one ("AND") does not make a course of the next letters' college.
    expect(read("AND CS 111").groups).toEqual(["CAS CS 111"]);
  });
});

describe("eligibility", () => {
  const groups = (...g: [string[], boolean][]) => g.map(([codes, alternative]) => ({ codes, alternative }));
  const taken = (...codes: string[]) => new Set(codes);

  test("met when every group has a completed course, whatever the alternatives", () => {
    const parsed = { groups: groups([["CAS EC 101"], true], [["CAS MA 121", "CAS MA 123"], true]), conditions: false };
    expect(eligibilityOf(parsed, taken("CAS EC 101", "CAS MA 123"))).toBe("met");
  });

  test("unmet when a group without an alternative has none; unknown when the unmet group allows an equivalent", () => {
    expect(
      eligibilityOf(
        { groups: groups([["CAS CS 111"], false], [["CAS CS 112"], false]), conditions: false },
        taken("CAS CS 111"),
      ),
    ).toBe("unmet");
    expect(
      eligibilityOf(
        { groups: groups([["CAS CS 111"], false], [["CAS CS 112"], true]), conditions: false },
        taken("CAS CS 111"),
      ),
    ).toBe("unknown");
    // An unmet group without an alternative decides, even beside an unsure one.
    expect(
      eligibilityOf({ groups: groups([["CAS CS 111"], true], [["CAS CS 112"], false]), conditions: true }, taken()),
    ).toBe("unmet");
  });

  test("unknown when the text asks for something the site cannot check, even with every group met", () => {
    expect(eligibilityOf({ groups: groups([["CAS CS 111"], false]), conditions: true }, taken("CAS CS 111"))).toBe(
      "unknown",
    );
    expect(eligibilityOf({ groups: [], conditions: true }, taken())).toBe("unknown");
  });
});
