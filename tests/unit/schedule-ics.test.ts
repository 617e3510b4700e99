/**
 * The class schedule as an iCalendar file (src/lib/schedule-ics.ts), read back with ical.js: the weeks a student's
 * calendar app would fill in, in Boston time across daylight saving changes, and the text as RFC 5545 writes it.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import ICAL from "ical.js";
import { type IcsMeeting, type IcsSection, scheduleCalendar } from "../../src/lib/schedule-ics.ts";

const NOW = new Date("2026-08-20T16:30:05Z");
const FALL = { startDate: "2026-09-02", endDate: "2026-12-10" };
const SPRING = { startDate: "2027-01-20", endDate: "2027-04-30" };
const BOSTON = "America/New_York";

function meeting(fields: Partial<IcsMeeting> = {}): IcsMeeting {
  return { days: "MWF", startMinute: 610, endMinute: 660, room: "CAS 522", ...FALL, exam: false, ...fields };
}

function section(fields: Partial<IcsSection> = {}): IcsSection {
  return {
    uid: "2268-930-A1",
    summary: "CAS CS 111 A1",
    title: "Introduction to Computer Science 1",
    classNumber: 12345,
    instructors: ["Wayne Snyder"],
    meetings: [meeting()],
    ...fields,
  };
}

function calendarOf(...sections: IcsSection[]): string {
  return scheduleCalendar({ name: "Fall 2026", sections, now: NOW });
}

/** The calendar parsed by ical.js, its Boston VTIMEZONE registered as a calendar app would. */
function parsed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zone = calendar.getFirstSubcomponent("vtimezone");
  if (zone) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
  return { calendar, events };
}

/** Every occurrence of `event`, as ical.js expands its RRULE: start and end instants, and the start's local fields. */
function occurrences(event: ICAL.Event) {
  const found: { start: Date; end: Date; local: { year: number; month: number; day: number; hour: number } }[] = [];
  const iterator = event.iterator();
  for (let next = iterator.next(); next; next = iterator.next()) {
    if (found.length > 400) throw new Error("the rule never ends");
    const details = event.getOccurrenceDetails(next);
    found.push({
      start: details.startDate.toJSDate(),
      end: details.endDate.toJSDate(),
      local: { year: next.year, month: next.month, day: next.day, hour: next.hour },
    });
  }
  return found;
}

/** The dates from `first` to `last` (inclusive) whose weekday (0 = Sunday) is one of `weekdays`, walked day by day. */
function datesOn(weekdays: number[], first: string, last: string): string[] {
  const dates: string[] = [];
  const end = Date.parse(`${last}T00:00:00Z`);
  for (let ms = Date.parse(`${first}T00:00:00Z`); ms <= end; ms += 86_400_000) {
    const day = new Date(ms);
    if (weekdays.includes(day.getUTCDay())) dates.push(day.toISOString().slice(0, 10));
  }
  return dates;
}

/** The Boston wall-clock date and time of an instant, by the platform's own time zone data, not the file's. */
const bostonClock = new Intl.DateTimeFormat("en-CA", {
  timeZone: BOSTON,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
function boston(instant: Date): { date: string; time: string } {
  const parts = Object.fromEntries(bostonClock.formatToParts(instant).map((part) => [part.type, part.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

const utcTime = (instant: Date) => instant.toISOString().slice(11, 16);

beforeAll(() => ICAL.TimezoneService.reset());
afterAll(() => ICAL.TimezoneService.reset());

describe("the weeks of a term", () => {
  test("Fall 2026 MWF 10:10–11:00: each Mon, Wed and Fri from 09-02 to 12-09, at 10:10 Boston time across DST", () => {
    const { events } = parsed(calendarOf(section()));
    expect(events).toHaveLength(1);
    const found = occurrences(events[0]);
    const expected = datesOn([1, 3, 5], FALL.startDate, FALL.endDate);
    expect(expected.length).toBeGreaterThan(40);
    expect(found.map((o) => boston(o.start).date)).toEqual(expected);
    expect(found[0].local).toEqual({ year: 2026, month: 9, day: 2, hour: 10 });
    expect(found.at(-1)!.local).toEqual({ year: 2026, month: 12, day: 9, hour: 10 });
    expect(events[0].startDate.zone?.tzid).toBe(BOSTON);

    for (const { start, end } of found) {
      expect(boston(start).time).toBe("10:10");
      expect(boston(end)).toEqual({ date: boston(start).date, time: "11:00" });
      // Daylight saving time ends on Sunday 2026-11-01: 10:10 EDT is 14:10Z, 10:10 EST is 15:10Z.
      expect(utcTime(start)).toBe(start < new Date("2026-11-01T06:00:00Z") ? "14:10" : "15:10");
    }
    expect(found.filter((o) => utcTime(o.start) === "14:10").length).toBe(
      datesOn([1, 3, 5], "2026-09-02", "2026-10-31").length,
    );
    expect(found.filter((o) => utcTime(o.start) === "15:10").length).toBeGreaterThan(0);
  });

  test("TR starts on Thursday 09-03 and ends on the last day, Thursday 12-10, itself", () => {
    const { events } = parsed(
      calendarOf(section({ meetings: [meeting({ days: "TR", startMinute: 14 * 60, endMinute: 15 * 60 + 15 })] })),
    );
    const found = occurrences(events[0]);
    expect(found.map((o) => boston(o.start).date)).toEqual(datesOn([2, 4], FALL.startDate, FALL.endDate));
    expect(found[0].local).toEqual({ year: 2026, month: 9, day: 3, hour: 14 });
    // DTSTART itself is the first occurrence: a calendar app shows DTSTART even when the rule does not match it.
    expect(events[0].startDate.toString()).toBe("2026-09-03T14:00:00");
    expect(boston(found.at(-1)!.start)).toEqual({ date: "2026-12-10", time: "14:00" });
    expect(found.every((o) => boston(o.end).time === "15:15")).toBe(true);
    expect(events[0].component.getFirstProperty("rrule")!.toICALString()).toBe(
      "RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20261211T045959Z",
    );
  });

  test("Spring 2027 MW 9:05 stays at 9:05 in Boston across DST's start on 2027-03-14", () => {
    const calendar = scheduleCalendar({
      name: "Spring 2027",
      sections: [
        section({ meetings: [meeting({ days: "MW", startMinute: 9 * 60 + 5, endMinute: 9 * 60 + 55, ...SPRING })] }),
      ],
      now: NOW,
    });
    const { events } = parsed(calendar);
    const found = occurrences(events[0]);
    expect(found.map((o) => boston(o.start).date)).toEqual(datesOn([1, 3], SPRING.startDate, SPRING.endDate));
    expect(boston(found[0].start).date).toBe("2027-01-20");
    expect(boston(found.at(-1)!.start).date).toBe("2027-04-28");
    const dstStart = new Date("2027-03-14T07:00:00Z");
    for (const { start } of found) {
      expect(boston(start).time).toBe("09:05");
      expect(utcTime(start)).toBe(start < dstStart ? "14:05" : "13:05");
    }
    expect(found.some((o) => o.start < dstStart) && found.some((o) => o.start > dstStart)).toBe(true);
    // 23:59:59 EDT on 2027-04-30 is 03:59:59Z the next day.
    expect(calendar).toContain("UNTIL=20270501T035959Z\r\n");
  });

  test("a meeting with no days, or whose days never fall in its dates, is left out; the rest keep their UIDs", () => {
    const { events } = parsed(calendarOf(section({
      meetings: [
        meeting({ days: "" }),
        // Monday 09-07 to Friday 09-11: no Saturday.
        meeting({ days: "S", startDate: "2026-09-07", endDate: "2026-09-11" }),
        meeting({ days: "F" }),
      ],
    })));
    expect(events.map((event) => event.uid)).toEqual(["2268-930-A1-2@hubrate"]);
    expect(boston(occurrences(events[0])[0].start).date).toBe("2026-09-04");
  });
});

describe("what each event says", () => {
  test("the evening exam pattern is marked as an exam, the class is not", () => {
    const { events } = parsed(calendarOf(section({
      meetings: [
        meeting(),
        meeting({ days: "R", startMinute: 18 * 60 + 30, endMinute: 20 * 60 + 30, room: null, exam: true }),
      ],
    })));
    const [lecture, exam] = events;
    expect(lecture.summary).toBe("CAS CS 111 A1");
    expect(lecture.component.getFirstPropertyValue("categories")).toBe("CLASS");
    expect(lecture.description).not.toContain("exam");
    expect(exam.summary).toBe("CAS CS 111 A1 exam");
    expect(exam.summary.endsWith(" exam")).toBe(true);
    expect(exam.component.getFirstPropertyValue("categories")).toBe("EXAM");
    expect(exam.description.split("\n").at(-1)).toBe(
      "Evening exam slot: exams fall on some of these days; check the course's syllabus.",
    );
    expect(exam.location).toBeNull();
    expect(boston(occurrences(exam)[0].start)).toEqual({ date: "2026-09-03", time: "18:30" });
  });

  test("UID, DTSTAMP, location and description", () => {
    const { events } = parsed(calendarOf(section({ instructors: ["Wayne Snyder", "Abbas Attarwala"] })));
    const [event] = events;
    expect(event.uid).toBe("2268-930-A1-0@hubrate");
    expect(event.location).toBe("CAS 522");
    expect(event.description).toBe(
      "Introduction to Computer Science 1\nClass number 12345\nInstructors: Wayne Snyder, Abbas Attarwala",
    );
    const stamp = event.component.getFirstPropertyValue("dtstamp") as ICAL.Time;
    expect(stamp.zone).toBe(ICAL.Timezone.utcTimezone);
    expect(stamp.toJSDate().toISOString()).toBe("2026-08-20T16:30:05.000Z");

    const bare = parsed(calendarOf(section({ classNumber: null, instructors: [] }))).events[0];
    expect(bare.description).toBe("Introduction to Computer Science 1");
  });

  test("the calendar's header and Boston time zone", () => {
    const text = calendarOf(section());
    const { calendar } = parsed(text);
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("prodid")).toBe("-//HubRate//Schedule//EN");
    expect(calendar.getFirstPropertyValue("calscale")).toBe("GREGORIAN");
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Fall 2026");
    expect(calendar.getFirstPropertyValue("x-wr-timezone")).toBe(BOSTON);

    const zone = calendar.getFirstSubcomponent("vtimezone")!;
    expect(zone.getFirstPropertyValue("tzid")).toBe(BOSTON);
    const rule = (name: string) => {
      const part = zone.getFirstSubcomponent(name)!;
      return {
        from: part.getFirstProperty("tzoffsetfrom")!.toICALString(),
        to: part.getFirstProperty("tzoffsetto")!.toICALString(),
        name: part.getFirstPropertyValue("tzname"),
        rrule: part.getFirstProperty("rrule")!.toICALString(),
        hour: (part.getFirstPropertyValue("dtstart") as ICAL.Time).hour,
      };
    };
    expect(rule("daylight")).toEqual({
      from: "TZOFFSETFROM:-0500",
      to: "TZOFFSETTO:-0400",
      name: "EDT",
      rrule: "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
      hour: 2,
    });
    expect(rule("standard")).toEqual({
      from: "TZOFFSETFROM:-0400",
      to: "TZOFFSETTO:-0500",
      name: "EST",
      rrule: "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
      hour: 2,
    });
    // The events are in it, with UNTIL in UTC: 23:59:59 EST on 12-10 is 04:59:59Z on 12-11.
    expect(text).toContain("\r\nDTSTART;TZID=America/New_York:20260902T101000\r\n");
    expect(text).toContain("\r\nDTEND;TZID=America/New_York:20260902T110000\r\n");
    expect(text).toContain("\r\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20261211T045959Z\r\n");
  });
});

describe("a section that will not meet", () => {
  test("its events stay, with the same UIDs and weeks, marked STATUS:CANCELLED with a higher SEQUENCE, and say why", () => {
    const exam = meeting({ days: "R", startMinute: 18 * 60 + 30, endMinute: 20 * 60 + 30, room: null, exam: true });
    const { events } = parsed(calendarOf(
      section(),
      section({ uid: "2268-930-A2", summary: "CAS CS 111 A2", cancelled: "cancelled", meetings: [meeting(), exam] }),
      section({
        uid: "2268-931-B1",
        summary: "CAS CS 112 B1",
        title: "Introduction to Computer Science 2",
        cancelled: "gone",
      }),
    ));
    const byUid = new Map(events.map((event) => [event.uid, event]));
    expect([...byUid.keys()]).toEqual([
      "2268-930-A1-0@hubrate",
      "2268-930-A2-0@hubrate",
      "2268-930-A2-1@hubrate",
      "2268-931-B1-0@hubrate",
    ]);
    const status = (uid: string) => byUid.get(uid)!.component.getFirstPropertyValue("status");
    const meets = byUid.get("2268-930-A1-0@hubrate")!;
    expect(status("2268-930-A1-0@hubrate")).toBeNull();
    expect(meets.sequence ?? 0).toBe(0);
    for (const uid of ["2268-930-A2-0@hubrate", "2268-930-A2-1@hubrate", "2268-931-B1-0@hubrate"]) {
      const event = byUid.get(uid)!;
      expect(status(uid), uid).toBe("CANCELLED");
      expect(event.sequence, uid).toBe(1);
      // The same weeks as when it met, so a calendar app that has them finds and removes each one.
      expect(occurrences(event).length, uid).toBe(uid.endsWith("A2-1@hubrate") ? 15 : occurrences(meets).length);
    }
    const cancelled = byUid.get("2268-930-A2-0@hubrate")!;
    expect(cancelled.summary).toBe("CAS CS 111 A2 (cancelled)");
    expect(cancelled.description.split("\n")[0]).toBe("Cancelled: this section will not meet.");
    expect(byUid.get("2268-930-A2-1@hubrate")!.summary).toBe("CAS CS 111 A2 exam (cancelled)");
    const gone = byUid.get("2268-931-B1-0@hubrate")!;
    expect(gone.summary).toBe("CAS CS 112 B1 (cancelled)");
    expect(gone.description.split("\n")[0]).toBe(
      "Cancelled: this section is no longer in the term's class schedule.",
    );
  });
});

describe("the text", () => {
  const title = 'Topics in Music; Jazz, Blues, and Soul\\Funk\\new: "Ornette" — Ça, Ès; Über-Long, Übung,\nPart Two 🎷';
  const instructor = "Zoë Éléonore Müller-Ñúñez de la Çarrière-Ødegård-Þórsdóttir-Łukasiewicz-Ångström 🎺";
  // Four-octet characters from the 10th octet on: every fold falls where one would straddle the 75th octet.
  const saxophones = "🎷".repeat(40);
  const text = calendarOf(
    section({
      title,
      summary: "CFA MU 345; A1, B1",
      instructors: [instructor],
      meetings: [meeting({ room: "CFA 154, Concert Hall; left" }), meeting({ days: "T", room: saxophones })],
    }),
  );
  const encoder = new TextEncoder();
  const octets = (line: string) => encoder.encode(line).length;

  test("commas, semicolons, backslashes, line breaks and accented names come back exactly through ical.js", () => {
    const [event, second] = parsed(text).events;
    expect(event.summary).toBe("CFA MU 345; A1, B1");
    expect(event.location).toBe("CFA 154, Concert Hall; left");
    expect(event.description).toBe(`${title}\nClass number 12345\nInstructor: ${instructor}`);
    expect(second.location).toBe(saxophones);
    expect(text).toContain("\r\nSUMMARY:CFA MU 345\\; A1\\, B1\r\n");
    expect(text).toContain("\r\nLOCATION:CFA 154\\, Concert Hall\\; left\r\n");
  });

  test("lines end with CRLF and fold at 75 octets, never inside a character", () => {
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    const lines = text.slice(0, -2).split("\r\n");
    expect(lines.filter((line) => /[\r\n]/.test(line))).toEqual([]);
    expect(lines.filter((line) => octets(line) > 75)).toEqual([]);
    // Each fold is as late as it can be: the next line's first character would not have fit.
    const folds = lines.flatMap((line, i) => lines[i + 1]?.startsWith(" ") ? [[line, lines[i + 1]]] : []);
    expect(folds.length).toBeGreaterThan(5);
    for (const [line, next] of folds) expect(octets(line) + octets([...next.slice(1)][0])).toBeGreaterThan(75);
    expect(folds.some(([line]) => octets(line) < 75)).toBe(true);
    // No fold inside a character: the octet after each CRLF and space starts a UTF-8 character.
    const bytes = encoder.encode(text);
    for (let i = 0; i + 3 < bytes.length; i++) {
      if (bytes[i] === 13 && bytes[i + 1] === 10 && bytes[i + 2] === 32) expect(bytes[i + 3] & 0xc0).not.toBe(0x80);
    }
    // Unfolded, the description and location are one line each again.
    const unfolded = text.replaceAll("\r\n ", "").split("\r\n");
    expect(unfolded.filter((line) => line.startsWith("DESCRIPTION:"))).toHaveLength(2);
    expect(unfolded).toContain(`LOCATION:${saxophones}`);
  });

  test("the same schedule and time give the same file; `now` changes only DTSTAMP", () => {
    const input = () => ({
      name: "Fall 2026",
      sections: [section(), section({ uid: "2268-931-B1" })],
      now: new Date(NOW),
    });
    const first = scheduleCalendar(input());
    expect(scheduleCalendar(input())).toBe(first);
    const later = scheduleCalendar({ ...input(), now: new Date("2026-08-21T00:00:00Z") });
    const differing = first.split("\r\n").filter((line, i) => line !== later.split("\r\n")[i]);
    expect(differing).toEqual(["DTSTAMP:20260820T163005Z", "DTSTAMP:20260820T163005Z"]);
  });
});
