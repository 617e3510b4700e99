/**
 * Reading pasted transcripts line by line (src/lib/transcript-lines.ts): 40 lines as BU's unofficial transcript, a
 * degree audit and students typing write them. Codes are found in every form, titles, grades, credits, section
 * letters and terms are passed over, grades that mean a course was not completed are said, lists of courses to choose
 * from are not courses taken, and the lines with no code are a transcript's own or not understood.
 */
import { describe, expect, test } from "vitest";
import { readTranscript, type TranscriptLine } from "../../src/lib/transcript-lines.ts";

type Expected = string[] | { codes: string[]; notCompleted?: (string | undefined)[] } | "passed" | "unknown";

const LINES: [string, Expected][] = [
  // BU's unofficial transcript, as copied from the Student Link.
  ["Boston University Unofficial Transcript", "passed"],
  ["Name: Jordan Rivera        Student ID: U12345678", "passed"],
  ["Program: College of Arts & Sciences - Computer Science BA", "passed"],
  ["Course      Title                                    Grade  Credits", "passed"],
  ["FALL 2023", "passed"],
  ["CAS CS 111  INTRO TO COMPUTER SCIENCE 1              A      4.00", ["CAS CS 111"]],
  ["CAS WR 120  WRITING SEMINAR: CITY LIFE               A-     4.00", ["CAS WR 120"]],
  ["CAS MA 123  CALCULUS I                               B+     4.00", ["CAS MA 123"]],
  ["CAS PH150 Introduction to Ethics  A-  4.00", ["CAS PH150"]],
  ["Term GPA: 3.67    Term Credits: 16.00", "passed"],
  ["Spring Term 2024", "passed"],
  ["CAS CS 112 A1  INTRO TO COMPUTER SCIENCE 2          B      4.00", ["CAS CS 112"]],
  ["CAS MA 124  CALCULUS II                              W      0.00", {
    codes: ["CAS MA 124"],
    notCompleted: ["withdrawn"],
  }],
  ["cs 131 A    Combinatoric Structures                  IP", { codes: ["cs 131"], notCompleted: ["in progress"] }],
  ["CASEC101    Introductory Microeconomic Analysis      B-     4.00", ["CASEC101"]],
  ["Cumulative GPA: 3.45   Credits Earned: 28.00", "passed"],
  ["Transfer Credit: Northeastern University", "passed"],
  ["CAS PS 101  General Psychology                       TR     4.00", ["CAS PS 101"]],
  ["Summer 1 2024", "passed"],
  ["CAS MA 242  Linear Algebra                           F      4.00", {
    codes: ["CAS MA 242"],
    notCompleted: ["failed"],
  }],
  ["CAS HI 200 The W. E. B. Du Bois Reader  A  4.00", { codes: ["CAS HI 200"], notCompleted: [undefined] }],
  ["CAS EN 220  INC", { codes: ["CAS EN 220"], notCompleted: ["incomplete"] }],
  ["Dean's List", "passed"],
  ["A-", "passed"],
  ["4.00", null as never],
  // A degree audit.
  ["FA23 CASCS111 4.0 A INTRO COMP SCI 1", ["CASCS111"]],
  ["SP24 CAS MA 123 4.00 B+ CALCULUS I", ["CAS MA 123"]],
  ["SP25 CAS CS 210 4.00 IP COMPUTER SYSTEMS", { codes: ["CAS CS 210"], notCompleted: ["in progress"] }],
  ["Select from: CAS CS 330, CAS CS 350", "passed"],
  ["Needs: 2 Courses", "passed"],
  ["Quantitative Reasoning II (QR2) - Satisfied", "passed"],
  ["FA 2024 CAS CS 237 4.0 A- PROB IN COMPUTING", ["CAS CS 237"]],
  // Typed by hand.
  ["CAS CS 111, cs112", ["CAS CS 111", "cs112"]],
  ["- CAS WR 150 (in progress)", { codes: ["CAS WR 150"], notCompleted: ["in progress"] }],
  ["• MA 225", ["MA 225"]],
  ["CS-111 and econ 101", ["CS-111", "econ 101"]],
  ["CS 111 CS 112 CAS MA 123", ["CS 111", "CS 112", "CAS MA 123"]],
  ["zz 999 Fake Course A 4.00", ["zz 999"]],
  ["my favourite class", "unknown"],
  ["Intro to Psychology", "unknown"],
  ["Fall '24", "passed"],
  // Titles that hold grade-like words, totals that look like codes, and codes listed as choices.
  ["CAS CH 171 GEN CHEM W/LAB A 4.00", ["CAS CH 171"]],
  ["CAS HI 200 Works in Progress: Modern History A", ["CAS HI 200"]],
  ["Earned Hours 128", "passed"],
  ["1 course needed CAS CS 210 or CAS CS 237", "passed"],
];

function expectedLine(line: string, expected: Expected): TranscriptLine | undefined {
  if (expected === null) return undefined;
  const shown = line.replace(/\s+/g, " ").trim().replace(/^[-•*·]\s*/, "");
  if (expected === "passed" || expected === "unknown") return { kind: expected, line: shown };
  const { codes, notCompleted } = Array.isArray(expected) ? { codes: expected, notCompleted: undefined } : expected;
  return {
    kind: "courses",
    line: shown,
    codes: codes.map((text, i) => notCompleted?.[i] ? { text, notCompleted: notCompleted[i] } : { text }),
  } as TranscriptLine;
}

describe("readTranscript", () => {
  test("holds 40 lines or more to check", () => expect(LINES.length).toBeGreaterThanOrEqual(44));

  test.each(LINES)("%s", (line, expected) => {
    const read = readTranscript(line);
    const wanted = expectedLine(line, expected);
    expect(read).toEqual(wanted ? [wanted] : []);
  });

  test("a whole transcript at once: its courses in order, nothing from its other lines", () => {
    const read = readTranscript(LINES.map(([line]) => line).join("\n"));
    const codes = read.flatMap((line) => line.kind === "courses" ? line.codes.map((c) => c.text) : []);
    expect(codes).toEqual(
      LINES.flatMap(([, e]) => Array.isArray(e) ? e : typeof e === "object" && e !== null ? e.codes : []),
    );
    expect(read.filter((line) => line.kind === "unknown").map((line) => line.line)).toEqual([
      "my favourite class",
      "Intro to Psychology",
    ]);
  });

  test("the codes the catalog knows come first: a word before a code is not its college", () => {
    const known = new Set(["econ 101", "CAS CS 111"]);
    expect(readTranscript("and econ 101", (code) => known.has(code))).toEqual([
      { kind: "courses", line: "and econ 101", codes: [{ text: "econ 101" }] },
    ]);
    // What is written like a code and names no course is still a code, to be said not found.
    expect(readTranscript("CAS CS 111 then ZZ 999", (code) => known.has(code))).toEqual([
      { kind: "courses", line: "CAS CS 111 then ZZ 999", codes: [{ text: "CAS CS 111" }, { text: "ZZ 999" }] },
    ]);
  });

  test("in a transcript, a course without a grade where the others have theirs is not finished yet", () => {
    const read = readTranscript(
      "FALL 2025\nCAS MA 123 CALCULUS I B+ 4.00\nSPRING 2026\nCAS CS 210 Computer Systems 4.00",
    );
    expect(read.flatMap((line) => line.kind === "courses" ? line.codes : [])).toEqual([
      { text: "CAS MA 123" },
      { text: "CAS CS 210", notCompleted: "no grade" },
    ]);
    // Codes typed by hand have no grades at all: none is marked.
    expect(readTranscript("CS 111\nCS 112").flatMap((line) => line.kind === "courses" ? line.codes : [])).toEqual([
      { text: "CS 111" },
      { text: "CS 112" },
    ]);
  });

  test("Windows line ends, tabs and blank lines", () => {
    expect(readTranscript("FALL 2023\r\n\r\nCAS\tCS\t111\tIntro\tA\r\n\t\r\n")).toEqual([
      { kind: "passed", line: "FALL 2023" },
      { kind: "courses", line: "CAS CS 111 Intro A", codes: [{ text: "CAS CS 111" }] },
    ]);
  });
});
