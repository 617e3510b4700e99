/**
 * The registrar's download however broken: each field held to its real shape and length (a row that fails is skipped
 * with "<column>: <reason>"), long notes cut and said so, a file cut mid-row or in an unknown encoding refused with
 * one message, the encodings a download comes in read, and notes of unclosed tags turned to text in one pass.
 */
import { describe, expect, test } from "vitest";
import { decodeText, EncodingError } from "../../src/lib/file-encoding.ts";
import { htmlToText } from "../../src/lib/html-text.ts";
import {
  parseRegistrarCsv,
  parseRegistrarFile,
  plainNotes,
  ScheduleFileError,
} from "../../src/services/schedule/registrar-csv.ts";
import { charReads } from "../helpers/char-reads.ts";

const SAMPLE = new URL("../../../shared/data/bu/raw/terrierbot/Fall2026Courses-sample.csv", import.meta.url);
const text = await Deno.readTextFile(SAMPLE);
const header = text.slice(0, text.indexOf("\n"));
const columns = header.split(",").map((name) => name.slice(1, -1));

/** CAS CS 111 A1's first row of the sample, by column. */
const a1: Record<string, string> = (() => {
  const line = text.split("\n").find((l) => l.includes('"CAS CS111  A1"'))!;
  const values = line.slice(1, -1).split('","');
  return Object.fromEntries(columns.map((name, i) => [name, values[i]]));
})();

const line = (fields: Record<string, string>) =>
  columns.map((name) => `"${(fields[name] ?? "").replaceAll('"', '""')}"`).join(",");
/** A file of the header and one row per change of A1's row, each a section of its own (A1, A2, …). */
const fileOf = (...changes: Record<string, string>[]) =>
  [header, ...changes.map((change, i) => line({ ...a1, "Class Section": `A${i + 1}`, ...change }))].join("\n") + "\n";

describe("each field against its real shape", () => {
  test("the sample still reads whole: every row, no row skipped, no note cut", () => {
    const parsed = parseRegistrarCsv(text);
    expect(parsed.skipped).toEqual([]);
    expect(parsed.notices).toEqual([]);
    expect([parsed.rows, parsed.sections.length]).toEqual([1284, 999]);
  });

  test("dates that are not days of the calendar, or out of order, skip their row with the column and why", () => {
    const parsed = parseRegistrarCsv(fileOf(
      {},
      { "Meeting Start Date": "02/30/2027" },
      { "Meeting End Date": "13/01/2026" },
      { "Meeting Start Date": "2026-09-02" },
      { "Meeting Start Date": "12/11/2026", "Meeting End Date": "12/10/2026" },
      { "Meeting Start Date": "09/02/2031", "Meeting End Date": "12/10/2031" },
      { "Meeting Start Date": "" },
      { "Meeting Start Date": "02/29/2028", "Meeting End Date": "02/29/2028", Term: "2281" },
    ));
    expect(parsed.skipped).toEqual([
      { record: 2, reason: 'Meeting Start Date: "02/30/2027" is not a day of the calendar' },
      { record: 3, reason: 'Meeting End Date: "13/01/2026" is not a day of the calendar' },
      { record: 4, reason: 'Meeting Start Date: "2026-09-02" is not a date written MM/DD/YYYY' },
      { record: 5, reason: 'Meeting End Date: "12/10/2026" is before the Meeting Start Date, "12/11/2026"' },
      {
        record: 6,
        reason: 'Meeting Start Date: "09/02/2031" is not in the year of the term (Fall 2026) or next to it',
      },
      { record: 7, reason: "Meeting Start Date: empty while the Meeting End Date is given" },
    ]);
    expect(parsed.sections.map((s) => [s.section, s.meetings[0].startDate, s.meetings[0].endDate])).toEqual([
      ["A1", "2026-09-02", "2026-12-10"],
      ["A8", "2028-02-29", "2028-02-29"],
    ]);
  });

  test("names of more than 120 characters, and names with control characters, skip their row", () => {
    const parsed = parseRegistrarCsv(fileOf(
      { "Instructor's Last Name": "x".repeat(5_000) },
      { "Instructor's First Name": "Ana\u0000Maria" },
      { "Instructor's Last Name": "y".repeat(120), "Instructor's First Name": "Ana Maria" },
      { "Instructor's First Name": "A\nB" },
    ));
    expect(parsed.skipped).toEqual([
      { record: 1, reason: "Instructor's Last Name: longer than 120 characters (5,000)" },
      { record: 2, reason: "Instructor's First Name: has a control character or a line break" },
      { record: 4, reason: "Instructor's First Name: has a control character or a line break" },
    ]);
    expect(parsed.sections.map((s) => s.instructors)).toEqual([[{
      lastName: "y".repeat(120),
      firstName: "Ana Maria",
    }]]);
  });

  test("seats, class numbers, credits, codes, statuses and times outside their shape skip their row", () => {
    const parsed = parseRegistrarCsv(fileOf(
      { "Cap Enrl": "-1" },
      { "Tot Enrl": "1e9" },
      { "Wait Cap": "100000" },
      { "Wait Tot": "3.5" },
      { "Class Nbr": "12ab" },
      { "Credit Hours": "Varies" },
      { "Credit Hours": "VAR 8.0 to 2.0" },
      { "Catalog Nbr": "11111111" },
      { "Class Section": "A 1" },
      { "Final Exam": "Maybe" },
      { "Mode": "m".repeat(41) },
      { "Facil ID": "r".repeat(41) },
      { "Start Time": "02:00PM", "End Time": "01:00PM" },
      { "Start Time": "25:00PM" },
      { "Subject Area": "cas cs" },
      { Term: "2263" },
      { "Class Stat": "Tentative" },
      { "Class Type": "Lecture" },
      { "Days Of The Week": "Mon Funday" },
      // A run of digits the credits expression would backtrack through once per digit.
      { "Credit Hours": `VAR ${"9".repeat(100_000)}x` },
      { "Cap Enrl": "", "Class Nbr": "", "Credit Hours": "", "Mode": "", "Final Exam": "" },
    ));
    expect(parsed.skipped.map((s) => `row ${s.record}: ${s.reason}`)).toEqual([
      'row 1: Cap Enrl: "-1" is not a count (a whole number from 0 to 99,999)',
      'row 2: Tot Enrl: "1e9" is not a count (a whole number from 0 to 99,999)',
      'row 3: Wait Cap: "100000" is not a count (a whole number from 0 to 99,999)',
      'row 4: Wait Tot: "3.5" is not a count (a whole number from 0 to 99,999)',
      'row 5: Class Nbr: "12ab" is not a class number (a whole number from 1 to 999,999)',
      'row 6: Credit Hours: "Varies" is not credits (such as 4.0, or VAR 2.0 to 12.0)',
      'row 7: Credit Hours: "VAR 8.0 to 2.0" is not credits (such as 4.0, or VAR 2.0 to 12.0)',
      'row 8: Catalog Nbr: "11111111" is not a course number (such as 111 or 120S)',
      'row 9: Class Section: "A 1" is not a section (such as A1: one to four capital letters and digits)',
      'row 10: Final Exam: "Maybe" is not Yes, No or empty',
      "row 11: Mode: longer than 40 characters (41)",
      "row 12: Facil ID: longer than 40 characters (41)",
      'row 13: End Time: "01:00PM" is not after the Start Time, "02:00PM"',
      'row 14: Start Time: "25:00PM" is not a time of day (such as 01:25PM)',
      'row 15: Subject Area: "cas cs" is not a subject area (such as CASCS: a college and a department)',
      'row 16: Term: "2263" is not a term (such as 2268, Fall 2026)',
      'row 17: Class Stat: "Tentative" is not Active, Cancelled or Stop Enrl',
      'row 18: Class Type: "Lecture" is not Enrollment or Non-Enroll',
      'row 19: Days Of The Week: "Mon Funday" is not days of the week (such as Mon Wed Fri)',
      `row 20: Credit Hours: "VAR ${"9".repeat(36)}…" is not credits (such as 4.0, or VAR 2.0 to 12.0)`,
    ]);
    expect(parsed.sections).toHaveLength(1);
    expect(parsed.sections[0]).toMatchObject({
      section: "A21",
      capacity: null,
      classNumber: null,
      creditsMin: null,
      creditsMax: null,
      mode: null,
      finalExam: null,
    });
  });

  test("a row with several faults names each; a long value is shown shortened", () => {
    const parsed = parseRegistrarCsv(fileOf({ "Cap Enrl": "many", "Catalog Nbr": "9".repeat(500) }));
    expect(parsed.skipped).toEqual([{
      record: 1,
      reason: `Catalog Nbr: "${"9".repeat(40)}…" is not a course number (such as 111 or 120S); ` +
        'Cap Enrl: "many" is not a count (a whole number from 0 to 99,999)',
    }]);
  });
});

describe("notes", () => {
  test("a note of 200,000 characters is cut to 2,000 that say so, and the cut is reported", () => {
    const long = "Mts w/CAS EN129. ".repeat(12_000);
    const parsed = parseRegistrarCsv(fileOf({ Notes: long }, { Notes: "Short." }));
    expect(parsed.skipped).toEqual([]);
    const [cut, short] = parsed.sections.map((s) => s.notes!);
    expect([...cut].length).toBe(2_000);
    expect(cut.endsWith("… (cut)")).toBe(true);
    expect(long.startsWith(cut.slice(0, -"… (cut)".length))).toBe(true);
    expect(short).toBe("Short.");
    // The note as text had its 204,000 characters less the last space.
    expect(parsed.notices).toEqual([{ record: 1, reason: "Notes: cut to 2,000 characters (it had 203,999)" }]);
  });

  test("links become their text and address; entities are decoded; other markup goes", () => {
    expect(plainNotes('See <a href="https://www.bu.edu/x/">the topics</a>.\uFFFDNow')).toBe(
      "See the topics (https://www.bu.edu/x/).–Now",
    );
    expect(plainNotes("Race &amp; Ethnicity &ndash; <b>new</b>&nbsp;hire<br>Line two")).toBe(
      "Race & Ethnicity – new\u00a0hire\nLine two",
    );
    expect(plainNotes('<a href="https://x.bu.edu/">https://x.bu.edu/</a>')).toBe("https://x.bu.edu/");
    expect(plainNotes("<script>alert(1)</script>Kept")).toBe("Kept");
    expect(plainNotes("a < b and c > d")).toBe("a < b and c > d");
    expect(plainNotes("Until <a href")).toBe("Until");
    expect(plainNotes("<p></p>")).toBeNull();
  });

  test("40,000 unclosed <a href: read in one pass, the characters read growing with the input, not its square", () => {
    // The characters the parser reads, counted where it reads them.
    const reads = (input: string) => charReads(() => htmlToText(input));
    const cell = "<a href".repeat(40_000);
    expect(plainNotes(`Before ${cell}`)).toBe("Before");
    const once = reads(cell);
    const twice = reads(cell + cell);
    expect(once).toBeGreaterThan(cell.length / 2);
    expect(once).toBeLessThanOrEqual(3 * cell.length);
    expect(twice / once).toBeLessThan(2.2);
  });
});

describe("a file that cannot be read at all", () => {
  const good = fileOf({});

  /** The first `n` fields of a row, the last one's closing quote kept or not. */
  const firstFields = (n: number, closed = true) =>
    line({ ...a1, "Class Section": "A2" }).split('","').slice(0, n).join('","') + (closed ? '"' : "");

  test("cut in the middle of its last row: refused with where, not read in part", () => {
    const cut = good + firstFields(12);
    expect(() => parseRegistrarCsv(cut)).toThrow(ScheduleFileError);
    expect(() => parseRegistrarCsv(cut)).toThrow(
      /^The file ends in the middle of row 2 \(12 of 32 fields\): it looks cut short; download it again\.$/,
    );
  });

  test("cut inside a quoted field: refused with the line the field opens on", () => {
    const cut = good + firstFields(12, false);
    expect(() => parseRegistrarCsv(cut)).toThrow(
      /^The file ends inside a quoted field that opens on line 3: it looks cut short; download it again\.$/,
    );
  });

  test("a short row before the last one is skipped with its count of fields", () => {
    const middle = [header, firstFields(20).replace('"A2"', '"A1"'), line({ ...a1, "Class Section": "A2" })].join("\n");
    const parsed = parseRegistrarCsv(middle);
    expect(parsed.skipped).toEqual([{ record: 1, reason: "the row has 20 fields where the header has 32" }]);
    expect(parsed.sections.map((s) => s.section)).toEqual(["A2"]);
  });
});

describe("the encodings a download comes in", () => {
  // A row whose names and note are not ASCII: "Inés Núñez", a note with an en dash.
  const accented = fileOf({
    "Instructor's First Name": "Inés",
    "Instructor's Last Name": "Núñez",
    Notes: "9/9 – 9/16",
  });
  const utf8 = new TextEncoder().encode(accented);
  const utf16 = (bigEndian: boolean) => {
    const bytes = new Uint8Array(2 + accented.length * 2);
    bytes.set(bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]);
    for (let i = 0; i < accented.length; i++) {
      const code = accented.charCodeAt(i);
      bytes[2 + 2 * i + (bigEndian ? 1 : 0)] = code & 0xff;
      bytes[2 + 2 * i + (bigEndian ? 0 : 1)] = code >> 8;
    }
    return bytes;
  };
  /** Windows-1252: é E9, ñ F1, ú FA, the en dash 96. */
  const windows1252 = Uint8Array.from(accented, (char) => {
    const code = char === "–" ? 0x96 : char.charCodeAt(0);
    if (code > 0xff) throw new Error(`no Windows-1252 byte for ${char}`);
    return code;
  });
  const readsBack = (bytes: Uint8Array) => {
    const parsed = parseRegistrarFile(bytes);
    expect(parsed.skipped).toEqual([]);
    expect(parsed.sections[0].instructors).toEqual([{ lastName: "Núñez", firstName: "Inés" }]);
    expect(parsed.sections[0].notes).toBe("9/9 – 9/16");
    return parsed;
  };

  test("UTF-8, with or without its byte-order mark", () => {
    expect(readsBack(utf8)).toMatchObject({ encoding: "UTF-8", converted: false });
    expect(readsBack(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toMatchObject({ encoding: "UTF-8" });
  });

  test("UTF-16, little- and big-endian, by their byte-order mark", () => {
    expect(readsBack(utf16(false))).toMatchObject({ encoding: "UTF-16LE", converted: false });
    expect(readsBack(utf16(true))).toMatchObject({ encoding: "UTF-16BE", converted: false });
  });

  test("Windows-1252 (not UTF-8, every high byte one of its characters) is converted, and says so", () => {
    expect(readsBack(windows1252)).toMatchObject({ encoding: "Windows-1252", converted: true });
  });

  test("what cannot be told is refused with one line that says what to do", () => {
    const refused = (bytes: Uint8Array) => {
      try {
        decodeText(bytes);
      } catch (error) {
        expect(error).toBeInstanceOf(EncodingError);
        return (error as Error).message;
      }
      throw new Error("read");
    };
    // UTF-8 and Windows-1252 in one file: either reading would garble part of it.
    expect(refused(new Uint8Array([...utf8, 0x96, 0x0a]))).toBe(
      `The file mixes UTF-8 with another encoding (byte 0x96 at offset ${utf8.length.toLocaleString("en-US")} ` +
        "is not UTF-8); save it again as CSV UTF-8.",
    );
    // 0x81 is no character of Windows-1252.
    expect(refused(new Uint8Array([0x41, 0x81, 0x42]))).toBe(
      "The file is not in UTF-8, UTF-16 or Windows-1252 (byte 0x81 at offset 1); save it again as CSV UTF-8.",
    );
    expect(refused(new Uint8Array([0x41, 0x00, 0x42, 0x00]))).toBe(
      "The file has NUL bytes: it is UTF-16 without a byte-order mark, or not a text file; save it again as CSV UTF-8.",
    );
    expect(refused(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00]))).toBe(
      "The file is a ZIP archive (an Excel workbook?), not a CSV file; save it again as CSV UTF-8.",
    );
    expect(refused(new Uint8Array([0xff, 0xfe, 0x41]))).toBe(
      "The file says it is UTF-16LE but is not (cut in the middle of a character?); save it again as CSV UTF-8.",
    );
    expect(() => parseRegistrarFile(new Uint8Array([0x41, 0x81, 0x42]))).toThrow(ScheduleFileError);
  });
});
