/** Which term ended, for the end-of-term review reminders: the configured dates, Boston's calendar, year boundaries and the 14-day window. */
import { describe, expect, test } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.ts";
import {
  bostonDate,
  DEFAULT_TERM_ENDS,
  endedTerm,
  isCalendarDate,
  parseTermEnds,
  REMINDER_WINDOW_DAYS,
  seasonOf,
  TermEndsError,
} from "../../src/lib/term-ends.ts";

const DEFAULTS = parseTermEnds(DEFAULT_TERM_ENDS);

/** The term key a Boston day would remind about, or null. */
const termOn = (today: string, ends = DEFAULTS) => endedTerm(today, ends)?.key ?? null;

function refusal(text: string): string {
  try {
    parseTermEnds(text);
  } catch (error) {
    expect(error).toBeInstanceOf(TermEndsError);
    return (error as Error).message;
  }
  throw new Error(`${JSON.stringify(text)} was accepted`);
}

describe("the configured end dates", () => {
  test("the defaults are 20 December for fall and 15 May for spring", () => {
    expect(DEFAULT_TERM_ENDS).toBe("12-20,05-15");
    expect(DEFAULTS).toEqual([{ month: 12, day: 20, season: "fall" }, { month: 5, day: 15, season: "spring" }]);
    expect(loadConfig({}, () => "s".repeat(64)).reviewReminderDates).toBe(DEFAULT_TERM_ENDS);
  });

  test("a month names the season: January–May spring, June–August summer, September–December fall", () => {
    expect([1, 5, 6, 8, 9, 12].map(seasonOf)).toEqual(["spring", "spring", "summer", "summer", "fall", "fall"]);
    expect(parseTermEnds(" 05-10 , 08-12,12-22 ").map((end) => end.season)).toEqual(["spring", "summer", "fall"]);
  });

  test.each([
    ["", /give at least one end-of-term date as MM-DD, e\.g\. 12-20,05-15/],
    [" , ", /give at least one end-of-term date/],
    ["12/20", /"12\/20" is not a MM-DD date/],
    ["12-20;05-15", /"12-20;05-15" is not a MM-DD date/],
    ["2026-12-20", /is not a MM-DD date/],
    ["12-20,", /"" is not a MM-DD date/],
    ["13-01", /"13-01" is not a day of the year/],
    ["00-10", /"00-10" is not a day of the year/],
    ["04-31", /"04-31" is not a day of the year/],
    ["12-00", /"12-00" is not a day of the year/],
    ["02-29", /02-29 is not in every year; use 02-28 or 03-01/],
    ["12-20,10-01", /12-20 and 10-01 both end a fall term; give one date per term/],
    ["05-15,05-15", /both end a spring term/],
    ["05-25,06-01", /05-25 and 06-01 are 7 days apart; term ends must be at least 14 days apart/],
    ["12-25,01-02", /12-25 and 01-02 are 8 days apart/],
  ])("%j is refused with a message naming the variable", (text, why) => {
    const message = refusal(text);
    expect(message.startsWith(`Invalid REVIEW_REMINDER_DATES=${JSON.stringify(text)}: `)).toBe(true);
    expect(message).toMatch(why);
  });

  test("dates exactly the window apart are accepted, across the new year too", () => {
    expect(parseTermEnds("05-29,06-12")).toHaveLength(2);
    expect(parseTermEnds("12-25,01-08")).toHaveLength(2);
  });

  test("the configuration refuses a value that is not MM-DD dates at every start, naming the variable", () => {
    expect(() => loadConfig({ REVIEW_REMINDER_DATES: "December 20" }, () => "s".repeat(64))).toThrow(ConfigError);
    expect(() => loadConfig({ REVIEW_REMINDER_DATES: "December 20" }, () => "s".repeat(64))).toThrow(
      'Invalid REVIEW_REMINDER_DATES="December 20": must be MM-DD dates separated by commas, e.g. 12-20,05-15',
    );
    expect(loadConfig({ REVIEW_REMINDER_DATES: "12-18, 05-12" }, () => "s".repeat(64)).reviewReminderDates).toBe(
      "12-18, 05-12",
    );
  });
});

describe("Boston's calendar day", () => {
  test("a term ends at midnight in Boston, not in UTC (EST in December)", () => {
    expect(bostonDate(new Date("2026-12-20T04:59:59Z"))).toBe("2026-12-19");
    expect(bostonDate(new Date("2026-12-20T05:00:00Z"))).toBe("2026-12-20");
    expect(termOn(bostonDate(new Date("2026-12-20T04:59:59Z")))).toBeNull();
    expect(termOn(bostonDate(new Date("2026-12-20T05:00:00Z")))).toBe("2026-fall");
  });

  test("in May Boston keeps daylight time (UTC−4)", () => {
    expect(bostonDate(new Date("2026-05-15T03:59:59Z"))).toBe("2026-05-14");
    expect(bostonDate(new Date("2026-05-15T04:00:00Z"))).toBe("2026-05-15");
    expect(termOn(bostonDate(new Date("2026-05-15T04:00:00Z")))).toBe("2026-spring");
  });

  test("the last evening of the year in Boston is already the new year in UTC", () => {
    expect(bostonDate(new Date("2027-01-01T03:00:00Z"))).toBe("2026-12-31");
  });

  test("dates are checked as real calendar days", () => {
    expect(["2026-12-20", "2028-02-29"].map(isCalendarDate)).toEqual([true, true]);
    expect(["2027-02-29", "2026-13-01", "2026-12-32", "26-12-20", "2026-1-5", ""].map(isCalendarDate)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(() => endedTerm("2027-02-29", DEFAULTS)).toThrow(TermEndsError);
  });
});

describe("the term that ended", () => {
  test("on the end date and the 13 days after it; not the day before, not the 14th day after", () => {
    expect(REMINDER_WINDOW_DAYS).toBe(14);
    expect(termOn("2026-12-19")).toBeNull();
    expect(endedTerm("2026-12-20", DEFAULTS)).toEqual({
      key: "2026-fall",
      label: "Fall 2026",
      endDate: "2026-12-20",
      daysSince: 0,
    });
    expect(endedTerm("2026-12-31", DEFAULTS)?.daysSince).toBe(11);
    expect(termOn("2027-01-02")).toBe("2026-fall");
    expect(termOn("2027-01-03")).toBeNull();
    expect(termOn("2026-05-14")).toBeNull();
    expect(endedTerm("2026-05-28", DEFAULTS)).toEqual({
      key: "2026-spring",
      label: "Spring 2026",
      endDate: "2026-05-15",
      daysSince: 13,
    });
    expect(termOn("2026-05-29")).toBeNull();
  });

  test("a term that ended in December is still last year's fall term in January", () => {
    expect(endedTerm("2027-01-01", DEFAULTS)).toEqual({
      key: "2026-fall",
      label: "Fall 2026",
      endDate: "2026-12-20",
      daysSince: 12,
    });
    const lateEnd = parseTermEnds("12-30,05-15");
    expect(endedTerm("2027-01-05", lateEnd)).toMatchObject({ key: "2026-fall", endDate: "2026-12-30", daysSince: 6 });
  });

  test("a student who opts in in March is not reminded of last December's term", () => {
    expect(termOn("2027-03-10")).toBeNull();
    expect(termOn("2026-09-01")).toBeNull();
  });

  test("a leap year counts its extra day", () => {
    const march = parseTermEnds("03-01");
    expect(endedTerm("2028-03-14", march)?.daysSince).toBe(13);
    expect(endedTerm("2028-02-29", march)).toBeNull();
    const february = parseTermEnds("02-20");
    expect(endedTerm("2028-03-04", february)?.daysSince).toBe(13);
    expect(endedTerm("2028-03-05", february)).toBeNull();
  });

  test("a summer date makes a summer term, and another window length is honoured", () => {
    const three = parseTermEnds("12-20,05-15,08-12");
    expect(endedTerm("2026-08-20", three)).toMatchObject({ key: "2026-summer", label: "Summer 2026" });
    expect(endedTerm("2026-12-22", DEFAULTS, 2)).toBeNull();
    expect(endedTerm("2026-12-21", DEFAULTS, 2)?.key).toBe("2026-fall");
  });
});
