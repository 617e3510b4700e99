/**
 * The courses a description says cannot count together with the course, on real descriptions of the BU catalog
 * (../shared/data/bu/bu_courses.json), each checked by hand against the description's own words.
 */
import { describe, expect, test } from "vitest";
import { exclusionsIn } from "../../src/lib/description-exclusions.ts";

type Row = { code: string; college: string; description: string | null };
const all = JSON.parse(
  await Deno.readTextFile(new URL("../../../shared/data/bu/bu_courses.json", import.meta.url)),
) as Row[];
const colleges = new Set(all.map((c) => c.college));
const catalog = new Set(all.map((c) => c.code));
const of = (code: string) => {
  const course = all.find((c) => c.code === code)!;
  return exclusionsIn(course.description, course.code, course.college, colleges, catalog);
};

describe("courses that cannot count together, from descriptions", () => {
  test("hand-checked real descriptions", () => {
    // "Cannot be taken for credit in addition to CAS MA 442 or ENG EK 103", after its prerequisite sentence.
    expect(of("CAS MA 242")).toEqual(["ENG EK 103", "CAS MA 442"]);
    // "Students cannot receive credit for both CAS IR 374 and CAS IR 385."
    expect(of("CAS IR 374")).toEqual(["CAS IR 385"]);
    // "Students cannot receive credit for both CAS BI 126 and BI 206/216."
    expect(of("CAS BI 126").sort()).toEqual(["CAS BI 206", "CAS BI 216"]);
    // "… credit for more than one of the following courses: CAS BI 327, CAS BI 576, and GMS BT 520."
    expect(of("CAS BI 576")).toEqual(["CAS BI 327", "GMS BT 520"]);
    // "Students may not receive credit for CAS BI 105 if CAS BI 108 has already been passed."
    expect(of("CAS BI 105")).toEqual(["CAS BI 108"]);
    // "(If CAS LF 111, 112, or a more advanced college-level course has been completed, this course cannot be taken …"
    expect(of("CAS LF 113").sort()).toEqual(["CAS LF 111", "CAS LF 112"]);
    // "Cannot be taken for credit by students who have previously taken, or are currently taking, CAS LX 250 …"
    expect(of("CAS LX 110")).toEqual(["CAS LX 250"]);
    // "Students may not receive credit for both CASCC 318 and CASWR 318."
    expect(of("CAS WR 318")).toEqual(["CAS CC 318"]);
    // "… in addition to the course with the same title that was previously numbered CAS HI 215."
    expect(of("CAS HI 341")).toEqual(["CAS HI 215"]);
    // "Cannot be taken for credit by concentrators in Mathematics …": names no course.
    expect(of("CAS EC 505")).toEqual([]);
  });

  test("a description that says nothing of credit names none; the course itself is never its own exclusion", () => {
    expect(exclusionsIn("Matrix algebra and vector spaces.", "CAS MA 242", "CAS", colleges, catalog)).toEqual([]);
    expect(exclusionsIn(null, "CAS MA 242", "CAS", colleges, catalog)).toEqual([]);
    expect(
      exclusionsIn(
        "Students cannot receive credit for both CAS IR 374 and CAS IR 385.",
        "CAS IR 385",
        "CAS",
        colleges,
        catalog,
      ),
    ).toEqual(["CAS IR 374"]);
  });

  test("the real catalog: over a hundred courses name courses that cannot count with them", () => {
    const named = all.filter((c) => exclusionsIn(c.description, c.code, c.college, colleges, catalog).length > 0);
    expect(named.length).toBeGreaterThan(100);
  });
});
