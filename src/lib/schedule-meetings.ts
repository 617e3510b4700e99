/**
 * The meetings of a schedule's chosen sections, as the week view, the conflict check and the calendar file read them.
 * A section's later meeting pattern that starts at 5 PM or after and has no room is an evening exam slot (CAS CS 111's
 * Wednesday 6:30 PM pattern): exams fall on some of those days, so it is shown and exported as such, apart from the
 * classes. A chosen section that will not meet (cancelled by a later import of the term, or gone from it) stays in the
 * plan, marked, so the student sees it and chooses another (docs/product.md, Schedule builder).
 */
import type { CompanionSection, ScheduleCourse } from "./api-types.ts";
import type { WeekMeeting } from "./schedule-week.ts";

type Meeting = CompanionSection["meetings"][number];

/** Why a section will not meet: cancelled by the registrar, or gone from the term's latest schedule; null if it will. */
export function notMeeting(section: Pick<CompanionSection, "status" | "gone">): "cancelled" | "gone" | null {
  return section.gone ? "gone" : section.status === "cancelled" ? "cancelled" : null;
}

/** What the week and the plan's courses say of a section that will not meet. */
export const NOT_MEETING = { cancelled: "Cancelled", gone: "No longer in the schedule" } as const;

/** Whether a section may be chosen: one that will meet (a full or closed one may still be). */
export function choosable(section: Pick<CompanionSection, "status" | "gone">): boolean {
  return notMeeting(section) === null;
}

/** Whether the `index`th meeting pattern of a section is an evening exam slot. */
export function isExamPattern(meeting: Pick<Meeting, "room" | "startMinute">, index: number): boolean {
  return index > 0 && meeting.room === null && meeting.startMinute !== null && meeting.startMinute >= 17 * 60;
}

/** The sections of a course that are chosen, the one to register for first. */
export function chosenSections(course: ScheduleCourse): { section: CompanionSection; enrollment: boolean }[] {
  const chosen = new Set(course.chosen);
  const out: { section: CompanionSection; enrollment: boolean }[] = [];
  // A companion linked to several lectures (A2 with A1 and A3) is listed under each: it counts once.
  const seen = new Set<number>();
  const take = (section: CompanionSection, enrollment: boolean) => {
    if (!chosen.has(section.id) || seen.has(section.id)) return;
    seen.add(section.id);
    if (enrollment) out.unshift({ section, enrollment });
    else out.push({ section, enrollment });
  };
  for (const lecture of course.sections) {
    take(lecture, true);
    for (const companion of lecture.companions) take(companion, false);
  }
  for (const companion of course.unlinkedCompanions) take(companion, false);
  return out;
}

const MINUTES_IN_A_DAY = 24 * 60;

/**
 * Whether a meeting has a place in the week: days, and a start and an end that are whole minutes of one day, the end
 * after the start. A stored value that is none of these (an import of an older release) leaves the meeting out of the
 * week and the calendar file instead of failing them.
 */
export function isTimedMeeting<M extends Pick<Meeting, "days" | "startMinute" | "endMinute">>(
  meeting: M,
): meeting is M & { startMinute: number; endMinute: number } {
  const { days, startMinute: start, endMinute: end } = meeting;
  return /^[MTWRFSU]+$/.test(days) && Number.isInteger(start) && Number.isInteger(end) && start! >= 0 &&
    end! > start! && end! <= MINUTES_IN_A_DAY;
}

/** The timed meetings of one section as the week places them. */
export function sectionWeekMeetings(course: { id: number; code: string }, section: CompanionSection): WeekMeeting[] {
  const cancelled = notMeeting(section);
  return section.meetings.flatMap((meeting, index) =>
    isTimedMeeting(meeting)
      ? [{
        key: `${section.id}-${index}`,
        sectionId: section.id,
        courseId: course.id,
        label: `${course.code} ${section.section}`,
        days: meeting.days,
        startMinute: meeting.startMinute,
        endMinute: meeting.endMinute,
        room: meeting.room,
        exam: isExamPattern(meeting, index),
        ...(cancelled ? { cancelled } : {}),
      }]
      : []
  );
}

/** Every timed meeting of the chosen sections of a schedule's courses. */
export function weekMeetings(courses: readonly ScheduleCourse[]): WeekMeeting[] {
  return courses.flatMap((course) =>
    chosenSections(course).flatMap(({ section }) => sectionWeekMeetings(course, section))
  );
}

/** The chosen sections that have no meeting time: listed apart from the week. */
export function untimedSections(
  courses: readonly ScheduleCourse[],
): { course: ScheduleCourse; section: CompanionSection }[] {
  return courses.flatMap((course) =>
    chosenSections(course).filter(({ section }) => sectionWeekMeetings(course, section).length === 0).map((
      { section },
    ) => ({ course, section }))
  );
}

/** The chosen sections with no meeting time, as the week lists them apart: what it says of each. */
export function untimedItems(
  courses: readonly ScheduleCourse[],
): { key: string; label: string; text: string; cancelled?: "cancelled" | "gone" }[] {
  return untimedSections(courses).map(({ course, section }) => {
    const cancelled = notMeeting(section);
    return {
      key: String(section.id),
      label: `${course.code} ${section.section}`,
      text: cancelled ? NOT_MEETING[cancelled] : "No meeting time",
      ...(cancelled ? { cancelled } : {}),
    };
  });
}

/**
 * The credits the chosen sections to register for add up to: [fewest, most] (a variable-credit course spans both); a
 * section that will not meet counts none.
 */
export function creditsOf(courses: readonly ScheduleCourse[]): [number, number] {
  let min = 0;
  let max = 0;
  for (const course of courses) {
    const lecture = chosenSections(course).find((s) => s.enrollment && choosable(s.section))?.section;
    min += lecture?.creditsMin ?? 0;
    max += lecture?.creditsMax ?? lecture?.creditsMin ?? 0;
  }
  return [min, max];
}
