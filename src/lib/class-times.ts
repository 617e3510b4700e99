/**
 * A section's meetings and seats in words, as the course page shows them: "Mon, Wed, Fri 10:10–11:00 AM",
 * "12 of 130 seats open". Days are the schedule's letters in week order (M T W R F S U), times minutes after midnight.
 */

const DAY_NAMES: Record<string, string> = { M: "Mon", T: "Tue", W: "Wed", R: "Thu", F: "Fri", S: "Sat", U: "Sun" };

/** "MWF" → "Mon, Wed, Fri"; letters that name no day are left out. */
export function meetingDays(days: string): string {
  return [...days].map((letter) => DAY_NAMES[letter]).filter(Boolean).join(", ");
}

function clock(minute: number): { text: string; meridiem: "AM" | "PM" } {
  const hours = Math.floor(minute / 60) % 24;
  const minutes = String(minute % 60).padStart(2, "0");
  return { text: `${hours % 12 === 0 ? 12 : hours % 12}:${minutes}`, meridiem: hours < 12 ? "AM" : "PM" };
}

/** "10:10–11:00 AM", or "11:15 AM–12:05 PM" when the meeting crosses noon. */
export function timeRange(startMinute: number, endMinute: number): string {
  const start = clock(startMinute);
  const end = clock(endMinute);
  return start.meridiem === end.meridiem
    ? `${start.text}–${end.text} ${end.meridiem}`
    : `${start.text} ${start.meridiem}–${end.text} ${end.meridiem}`;
}

export type MeetingTime = { days: string; startMinute: number | null; endMinute: number | null };

/** The days and times of one meeting pattern, or null when the schedule gives neither. */
export function meetingText(meeting: MeetingTime): string | null {
  const days = meetingDays(meeting.days);
  const times = meeting.startMinute !== null && meeting.endMinute !== null
    ? timeRange(meeting.startMinute, meeting.endMinute)
    : "";
  return [days, times].filter(Boolean).join(" ") || null;
}

export type Seats = {
  status: "active" | "cancelled" | "stopped";
  capacity: number | null;
  enrolled: number | null;
  waitlist: number | null;
};

/** What a student wants to know about a section's seats, and whether they can still get one. */
export type SeatState = { text: string; kind: "open" | "full" | "closed" } | null;

/** "12 of 130 seats open", "Full, 5 on the waitlist", "Cancelled", "Closed to new enrollment"; null when unknown. */
export function seatState(section: Seats): SeatState {
  if (section.status === "cancelled") return { text: "Cancelled", kind: "closed" };
  if (section.status === "stopped") return { text: "Closed to new enrollment", kind: "closed" };
  if (section.capacity === null || section.enrolled === null || section.capacity <= 0) return null;
  const open = section.capacity - section.enrolled;
  if (open > 0) return { text: `${open} of ${section.capacity} seats open`, kind: "open" };
  const waiting = section.waitlist ?? 0;
  return { text: waiting > 0 ? `Full, ${waiting} on the waitlist` : "Full", kind: "full" };
}
