/**
 * Prerequisites BU wrote in descriptions, on the real catalog (../shared/data/bu/bu_courses.json): the sentence after
 * the label, read into course groups, hand-checked against each description's own words; and the coverage the
 * descriptions add to the prerequisite fields.
 */
import { describe, expect, test } from "vitest";
import { prerequisiteTextIn } from "../../src/lib/description-prerequisites.ts";
import { parsePrerequisites } from "../../src/lib/prerequisite-parser.ts";

type Row = { code: string; college: string; description: string | null; prerequisites: string | null };
const all = JSON.parse(
  await Deno.readTextFile(new URL("../../../shared/data/bu/bu_courses.json", import.meta.url)),
) as Row[];
const colleges = new Set(all.map((c) => c.college));
const catalog = new Set(all.map((c) => c.code));
const byCode = new Map(all.map((c) => [c.code, c]));

/** Course, the prerequisite text its description gives, and the course groups that text names (checked by hand). */
const CHECKED: [string, string, string[][]][] = [
  ["CAS BB 421", "CASCH 204 or CASCH 212 or CASCH 214 or equivalent", [["CAS CH 204", "CAS CH 212", "CAS CH 214"]]],
  ["CAS BI 206", "CASBI 108 or equivalent", [["CAS BI 108"]]],
  ["CAS CC 201", "First Year Writing Seminar (e.g., CASCC 101 or WR 120)", [["CAS CC 101", "CAS WR 120"]]],
  ["CAS CH 551", "Organic Chemistry 2 (CAS CH 204, CH212, or CH214 or equivalent) or consent of instructor", [[
    "CAS CH 204",
    "CAS CH 212",
    "CAS CH 214",
  ]]],
  ["CAS EN 575", "two previous literature courses or junior or senior standing", []],
  ["CAS IR 495", "successful completion of the application and acceptance into an internship", []],
  ["CAS LC 952", "Consent of instructor and department", []],
  ["CAS LR 401", "approval via form available from the department", []],
  ["CAS MA 242", "CASMA 121 or CASMA 123 or CASMA 129 or consent of instructor", [[
    "CAS MA 121",
    "CAS MA 123",
    "CAS MA 129",
  ]]],
  ["CAS PH 442", "two courses in philosophy or consent of instructor", []],
  ["CAS SO 401", "approval of the Undergraduate Program Committee", []],
  ["CAS WS 460", "First Year Writing Seminar (e.g., CASWR 100 or WR 120)", [["CAS WR 100", "CAS WR 120"]]],
  [
    "CFA AR 480",
    "BA in Art Foundation requirements (CFA FA 100; either CFA AR 131, 132, 193, or 194; either CFA AR 121, 141, 243, or 250",
    [["CFA FA 100"], ["CFA AR 131", "CFA AR 132", "CFA AR 193", "CFA AR 194"], [
      "CFA AR 121",
      "CFA AR 141",
      "CFA AR 243",
      "CFA AR 250",
    ]],
  ],
  ["CFA MT 201", "CFA MT102", [["CFA MT 102"]]],
  ["CFA MT 311", "CFA MT 111, MT 112, MT 211, and MT 212 or placement by exam", [["CFA MT 111"], ["CFA MT 112"], [
    "CFA MT 211",
  ], ["CFA MT 212"]]],
  ["CFA TH 211", "CFATH 114", [["CFA TH 114"]]],
  ["CFA TH 228", "CFA TH 136 and First-Year Writing Seminar (CAS WR 120 or equivalent)", [["CFA TH 136"], [
    "CAS WR 120",
  ]]],
  ["CFA TH 286", "CFA TH 285", [["CFA TH 285"]]],
  ["CFA TH 335", "CFA TH 172 or permission of instructor", [["CFA TH 172"]]],
  ["CFA TH 392", "CFATH 391 or permission of instructor", [["CFA TH 391"]]],
  ["CFA TH 541", "Approval of instructor", []],
  ["CFA TH 576", "CFATH 575 or permission of instructor", [["CFA TH 575"]]],
  ["CFA TH 612", "CFA TH 611 or permission of instructor", [["CFA TH 611"]]],
  ["CFA TH 713", "CFA TH 614 or permission of instructor", [["CFA TH 614"]]],
  ["COM JO 532", "COM JO 200.)", [["COM JO 200"]]],
  ["ENG EC 503", "EK381 or equivalent", [["ENG EK 381"]]],
  [
    "ENG ME 526",
    "Senior or graduate standing in the engineering, physics, or the chemistry disciplines, or consent of instructor",
    [],
  ],
  ["LAW JD 768", "Criminal Procedure", []],
  ["LAW JD 797", "Successful completion of both Lawyering Skills I and Lawyering Skills II", []],
  ["LAW JD 847", "Criminal Law, Constitutional Law", []],
  ["LAW JD 985", "Business Fundamentals, Corporation", []],
  ["LAW TX 920", "Federal Income Taxation I and Federal Income Taxation II", []],
  ["LAW TX 953", "Federal Income Taxation I", []],
  ["MET AD 644", "PM 100", [["MET PM 100"]]],
  ["MET AT 762", "MET MA 581 and MET AT 521 or consent of instructor", [["MET MA 581"], ["MET AT 521"]]],
  ["MET BI 366", "NE101", [["CAS NE 101"]]],
  ["MET CS 521", "Programming experience in any language", []],
  ["MET CS 685", "METCS535 or METCS625 or consent of instructor", [["MET CS 535", "MET CS 625"]]],
  ["MET LX 521", "METLX 250 or consent of instructor", [["MET LX 250"]]],
  ["MET UA 756", "MET UA 515, MET UA 589, and at least two additional planning courses", [["MET UA 515"], [
    "MET UA 589",
  ]]],
  ["QST BA 820", "QSTBA 600, QSTBA 602, QSTBA 780, QSTBA 810", [["QST BA 600"], ["QST BA 602"], ["QST BA 780"], [
    "QST BA 810",
  ]]],
  ["QST BE 102", "CASEC 101 or QSTBE 101", [["CAS EC 101", "QST BE 101"]]],
  ["QST FE 747", "QSTFE 740", [["QST FE 740"]]],
  ["QST OM 839", "QST725 or 726", []],
  ["SAR HS 281", "SAR HS251 & CAS BI211 or CAS BI315", [["SAR HS 251", "CAS BI 315"], ["CAS BI 211", "CAS BI 315"]]],
  ["SAR HS 489", "SARHS 201 or 251", [["SAR HS 201", "SAR HS 251"]]],
  ["SAR HS 779", "SAR HS561, SAR HS584, and SAR HS585", [["SAR HS 561"], ["SAR HS 584"], ["SAR HS 585"]]],
  ["SPH BS 751", "SPH BS723 or consent of instructor", [["SPH BS 723"]]],
  ["SPH MC 775", "MPH Core Curriculum (at minimum, PH720) or evidence of other appropriate public health coursework", [[
    "SPH PH 720",
  ]]],
  ["SPH SB 860", "SPH PH720 or instructor permission", [["SPH PH 720"]]],
  ["STH TO 833", "TO704", [["STH TO 704"]]],
  [
    "CAS CS 330",
    "CASCS 112 and CASCS 131 and one of the following: CASCS 132/MA242 or CASCS 235/MA294 or CASCS 237/MA581",
    [["CAS CS 112"], ["CAS CS 131"], [
      "CAS CS 132",
      "CAS MA 242",
      "CAS CS 235",
      "CAS MA 294",
      "CAS CS 237",
      "CAS MA 581",
    ]],
  ],
  ["CAS BB 528", "First Year Writing Seminar (e.g., WR 100 or WR 120) AND CASBB 421 or CASBB 527", [[
    "CAS WR 100",
    "CAS WR 120",
    "CAS BB 527",
  ], ["CAS BB 421", "CAS BB 527"]]],
  ["ENG BE 471", "(ENGEK307)", [["ENG EK 307"]]],
  ["CAS NE 594", "CAS NE 203 or BI 203", [["CAS NE 203", "CAS BI 203"]]],
  ["MET AD 614", "MET AD617", [["MET AD 617"]]],
  ["CAS AH 398", "CASAH 201 and CASAH 205 are recommended", []],
  ["ENG ME 310", "(ENGEK307 & ENGEK381 & CASWR120)", [["ENG EK 307"], ["ENG EK 381"], ["CAS WR 120"]]],
  ["CAS EE 360", "CASMA122 or MA124 and CASPY 105 or PY 211 or PY 251; or consent of instructor", [[
    "CAS MA 122",
    "CAS MA 124",
    "CAS PY 211",
    "CAS PY 251",
  ], ["CAS MA 122", "CAS PY 105", "CAS PY 211", "CAS PY 251"]]],
  ["CAS LS 410", "CASLS 350 and a first-year writing seminar (e.g., CASWR 100)", [["CAS LS 350"], ["CAS WR 100"]]],
];

describe("prerequisites in descriptions", () => {
  test(`${CHECKED.length} real descriptions: the text after the label, and the course groups it names`, () => {
    expect(CHECKED.length).toBeGreaterThanOrEqual(40);
    for (const [code, text, groups] of CHECKED) {
      const course = byCode.get(code)!;
      // Each is a course whose prerequisite field is empty: the description is all there is.
      expect(course.prerequisites, code).toBeNull();
      expect(prerequisiteTextIn(course.description), code).toBe(text);
      const parsed = parsePrerequisites(text, course.college, colleges, catalog);
      expect(parsed.groups.map((g) => g.codes), code).toEqual(groups);
    }
  });

  test("what names no prerequisite is not read as one", () => {
    for (
      const description of [
        "Topics and pre-requisites vary. May be repeated for credit as topics vary.",
        "No prerequisite. The evolution and diversity of life.",
        "Prerequisites vary by topic; see the department.",
        null,
        "",
      ]
    ) {
      expect(prerequisiteTextIn(description), String(description)).toBeNull();
    }
    // The undergraduate sentence is the one HubRate's students read, when both levels are given.
    expect(
      prerequisiteTextIn("Graduate Prerequisites: GRS CH 621. Undergraduate Prerequisites: CAS CH 421. Lectures."),
    ).toBe("CAS CH 421");
    // A corequisite is not a prerequisite.
    expect(prerequisiteTextIn("Prerequisites: CASBI 108. Corequisite: CASCH 203. Principles of genetics.")).toBe(
      "CASBI 108",
    );
  });

  test("the real catalog: descriptions add prerequisites to more than 200 courses whose field is empty", () => {
    const coverage = (texts: [Row, string][]) => {
      const counts = { full: 0, partial: 0, none: 0, withCourses: 0 };
      for (const [course, text] of texts) {
        const parsed = parsePrerequisites(text, course.college, colleges, catalog);
        counts[parsed.coverage]++;
        if (parsed.groups.length) counts.withCourses++;
      }
      return counts;
    };
    const fields = coverage(all.filter((c) => c.prerequisites).map((c) => [c, c.prerequisites!]));
    const descriptions = coverage(
      all.filter((c) => !c.prerequisites).flatMap((c) => {
        const text = prerequisiteTextIn(c.description);
        return text ? [[c, text] as [Row, string]] : [];
      }),
    );
    console.log(
      `prerequisite texts from fields: ${JSON.stringify(fields)}; from descriptions: ${JSON.stringify(descriptions)}`,
    );
    expect(descriptions.full + descriptions.partial + descriptions.none).toBeGreaterThan(300);
    expect(descriptions.withCourses).toBeGreaterThan(200);
    // Most description texts read fully into courses, as the fields' do.
    expect(descriptions.full / (descriptions.full + descriptions.partial + descriptions.none)).toBeGreaterThan(0.55);
  });
});
