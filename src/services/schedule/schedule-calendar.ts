/**
 * A schedule as a calendar file to take to registration and to the student's phone: each chosen section's meeting
 * patterns as weekly events from their first to their last day, in Boston's time zone, evening exam slots marked, a
 * section cancelled or gone since with its events cancelled (src/lib/schedule-ics.ts writes it,
 * src/lib/schedule-meetings.ts says which pattern is an exam slot and which section will not meet).
 */
import type { Db } from "../../../db/client.ts";
import { chosenSections, isExamPattern, isTimedMeeting, notMeeting } from "../../lib/schedule-meetings.ts";
import { type IcsSection, scheduleCalendar } from "../../lib/schedule-ics.ts";
import { scheduleView, type WeekSource } from "./schedule-view.ts";

/**
 * The calendar file of a week, and the file's name (`name`, else the shared version's, and the term); null when the
 * term is not known or a share link is off.
 */
export async function scheduleCalendarFile(
  db: Db,
  source: WeekSource,
  name?: string,
  now = new Date(),
): Promise<{ name: string; text: string } | null> {
  const week = await scheduleView(db, source, undefined, now);
  if (!week) return null;
  const { view } = week;
  const term = view.term.code;
  const sections: IcsSection[] = view.courses.flatMap((course) =>
    chosenSections(course).map(({ section }) => ({
      uid: `${term}-${course.id}-${section.section}`,
      // Cancelled or gone since it was chosen: its events stay, cancelled, so a calendar that kept them drops them.
      ...(notMeeting(section) ? { cancelled: notMeeting(section)! } : {}),
      summary: `${course.code} ${section.section}`,
      title: course.title,
      classNumber: section.classNumber,
      instructors: section.instructors.map((i) => i.name),
      // A meeting the week does not place, or without its dates, is not in the file; scheduleCalendar leaves out
      // dates that are not days of the calendar.
      meetings: section.meetings.flatMap((meeting, index) =>
        isTimedMeeting(meeting) && meeting.endMinute < 24 * 60 && meeting.startDate && meeting.endDate
          ? [{
            days: meeting.days,
            startMinute: meeting.startMinute,
            endMinute: meeting.endMinute,
            room: meeting.room,
            startDate: meeting.startDate,
            endDate: meeting.endDate,
            exam: isExamPattern(meeting, index),
          }]
          : []
      ),
    }))
  );
  const title = `${name ?? week.version?.name ?? "My schedule"}, ${view.term.name}`;
  return { name: title, text: scheduleCalendar({ name: title, sections, now }) };
}
