/** A section's meetings and seats in words (src/lib/class-times.ts), as the course page's Offered shows them. */
import { describe, expect, test } from "vitest";
import { meetingDays, meetingText, seatState, timeRange } from "../../src/lib/class-times.ts";

describe("meeting times", () => {
  test.each([
    ["MWF", "Mon, Wed, Fri"],
    ["TR", "Tue, Thu"],
    ["MTWRF", "Mon, Tue, Wed, Thu, Fri"],
    ["SU", "Sat, Sun"],
    ["", ""],
  ])("days %j read %j", (days, expected) => expect(meetingDays(days)).toBe(expected));

  test.each([
    [10 * 60 + 10, 11 * 60, "10:10–11:00 AM"],
    [14 * 60, 15 * 60 + 15, "2:00–3:15 PM"],
    [11 * 60 + 15, 12 * 60 + 5, "11:15 AM–12:05 PM"],
    [12 * 60 + 20, 13 * 60 + 10, "12:20–1:10 PM"],
    [8 * 60, 8 * 60 + 50, "8:00–8:50 AM"],
    [0, 50, "12:00–12:50 AM"],
    [18 * 60 + 30, 21 * 60 + 15, "6:30–9:15 PM"],
  ])("%i to %i minutes read %j", (start, end, expected) => expect(timeRange(start, end)).toBe(expected));

  test("a meeting's days and times together, either alone, or nothing", () => {
    expect(meetingText({ days: "MWF", startMinute: 610, endMinute: 660 })).toBe("Mon, Wed, Fri 10:10–11:00 AM");
    expect(meetingText({ days: "", startMinute: 610, endMinute: 660 })).toBe("10:10–11:00 AM");
    expect(meetingText({ days: "TR", startMinute: null, endMinute: null })).toBe("Tue, Thu");
    expect(meetingText({ days: "", startMinute: null, endMinute: null })).toBeNull();
  });
});

describe("seats", () => {
  const seats = (capacity: number | null, enrolled: number | null, waitlist: number | null = 0) => ({
    status: "active" as const,
    capacity,
    enrolled,
    waitlist,
  });

  test("open seats, full with or without a waitlist, unknown", () => {
    expect(seatState(seats(130, 118))).toEqual({ text: "12 of 130 seats open", kind: "open" });
    expect(seatState(seats(18, 0))).toEqual({ text: "18 of 18 seats open", kind: "open" });
    expect(seatState(seats(40, 40, 5))).toEqual({ text: "Full, 5 on the waitlist", kind: "full" });
    expect(seatState(seats(40, 42, 0))).toEqual({ text: "Full", kind: "full" });
    expect(seatState(seats(40, 40, null))).toEqual({ text: "Full", kind: "full" });
    expect(seatState(seats(null, 3))).toBeNull();
    expect(seatState(seats(0, 0))).toBeNull();
  });

  test("cancelled and stopped sections say so whatever their seats", () => {
    expect(seatState({ ...seats(30, 3), status: "cancelled" })).toEqual({ text: "Cancelled", kind: "closed" });
    expect(seatState({ ...seats(null, null), status: "stopped" })).toEqual({
      text: "Closed to new enrollment",
      kind: "closed",
    });
  });
});
