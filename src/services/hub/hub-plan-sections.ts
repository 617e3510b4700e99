/**
 * The section choices a Hub plan may take in its first term, when the student asks for a plan that fits their week
 * (docs/product.md, Hub planner): for each course offered that term, each section to register for with one of its
 * discussions or labs when it has them (src/lib/schedule-rules.ts), leaving out cancelled and closed sections and
 * those that overlap the student's worksheet. Choices that meet at the same times are one choice to the solver.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import type { CompanionSection, CourseSections } from "../../lib/api-types.ts";
import { meetingText } from "../../lib/class-times.ts";
import { optionsOverlap, type SectionOption, type TimeBlock } from "../../lib/hub-plan.ts";
import { isExamPattern } from "../../lib/schedule-meetings.ts";
import { sectionsOfCourses } from "../schedule/course-sections.ts";
import { versionsWhere, type WorksheetVersion } from "../schedule/worksheets.ts";

/** A section choice with what the plan says of it: "A1 + A3", "Tue, Thu 11:00 AM–12:15 PM; Wed 2:30–3:20 PM". */
export type PlanOption = SectionOption & { sections: string; times: string };

/** Section choices per course past this many distinct times add little but size to the program. */
const MAX_CHOICES = 12;

/** The timed class meetings of a section (evening exam slots left out: they are not weekly classes). */
function blocksOf(section: CompanionSection): TimeBlock[] {
  return section.meetings.flatMap((meeting, index) =>
    meeting.days && meeting.startMinute !== null && meeting.endMinute !== null &&
      meeting.endMinute > meeting.startMinute && !isExamPattern(meeting, index)
      ? [{ days: meeting.days, start: meeting.startMinute, end: meeting.endMinute }]
      : []
  );
}

const open = (section: CompanionSection) => section.status === "active";
const seatsOpen = (sections: CompanionSection[]) =>
  sections.reduce((sum, s) => sum + Math.max(0, (s.capacity ?? 0) - (s.enrolled ?? 0)), 0);

/**
 * A course's choices in a term: each open section to register for, with each of its open companions when it has
 * any; those overlapping `blocked` left out; one per set of times, the one with the most open seats.
 */
export function courseChoices(
  inTerm: CourseSections["terms"][number],
  blocked: readonly TimeBlock[],
  only?: readonly number[],
): PlanOption[] {
  const wall: SectionOption = { key: "", meetings: blocked };
  const all: { sections: CompanionSection[]; blocks: TimeBlock[] }[] = [];
  for (const lecture of inTerm.sections.filter(open)) {
    const linked = lecture.companions.filter(open);
    const companions = linked.length ? linked : lecture.companions.length ? [] : inTerm.unlinkedCompanions.filter(open);
    const needsOne = lecture.companions.length > 0 || inTerm.unlinkedCompanions.length > 0;
    if (needsOne && !companions.length) continue;
    for (const companion of needsOne ? companions : [null]) {
      const sections = companion ? [lecture, companion] : [lecture];
      if (only && !sections.every((s) => only.includes(s.id))) continue;
      all.push({ sections, blocks: sections.flatMap(blocksOf) });
    }
  }
  const bySignature = new Map<string, (typeof all)[number]>();
  for (const choice of all) {
    if (optionsOverlap({ key: "", meetings: choice.blocks }, wall)) continue;
    const signature = choice.blocks.map((b) => `${b.days}${b.start}-${b.end}`).sort().join(",");
    const kept = bySignature.get(signature);
    if (!kept || seatsOpen(choice.sections) > seatsOpen(kept.sections)) bySignature.set(signature, choice);
  }
  return [...bySignature.values()].slice(0, MAX_CHOICES).map((choice) => ({
    key: choice.sections.map((s) => s.id).join("+"),
    meetings: choice.blocks,
    sections: choice.sections.map((s) => s.section).join(" + "),
    times: choice.sections.flatMap((s) => s.meetings.map(meetingText)).filter((t): t is string => t !== null)
      .join("; ") || "No set meeting times",
  }));
}

export type WeekToFit = {
  /** The worksheet version the plan fits, or null when the student has none for the term. */
  version: { id: number; name: string } | null;
  /** Each candidate's choices that fit it. */
  choices: Map<number, PlanOption[]>;
};

/**
 * The choices of `courseIds` in `term` that fit the student's worksheet version `scheduleId` (or their first of the
 * term): one round trip for the version, its sections and the courses' sections. A course already in the version
 * keeps the sections chosen there.
 */
export async function choicesFittingWeek(
  db: Db,
  userId: number,
  term: number,
  courseIds: readonly number[],
  scheduleId: number | null,
  today = new Date(),
): Promise<WeekToFit> {
  const version: SQL = scheduleId === null
    ? sql`(SELECT min(id) FROM schedules WHERE user_id = ${userId} AND term_code = ${term})`
    : sql`(SELECT id FROM schedules WHERE id = ${scheduleId} AND user_id = ${userId} AND term_code = ${term})`;
  const set = sql`(SELECT value FROM json_each(${JSON.stringify(courseIds)})
    UNION SELECT course_id FROM schedule_sections WHERE schedule_id = ${version})`;
  const [versions, sections] = await Promise.all([
    versionsWhere(db, sql`v.id = ${version}`),
    sectionsOfCourses(db, set, today),
  ]);
  const worksheet: WorksheetVersion | undefined = versions[0];
  const termOf = (id: number) => sections.get(id)?.terms.find((t) => t.code === term);
  const blocksOfCourse = new Map<number, TimeBlock[]>();
  for (const course of worksheet?.courses ?? []) {
    const inTerm = termOf(course.courseId);
    const chosen = inTerm
      ? [...inTerm.sections, ...inTerm.sections.flatMap((s) => s.companions), ...inTerm.unlinkedCompanions]
        .filter((s, i, list) => course.sectionIds.includes(s.id) && list.findIndex((o) => o.id === s.id) === i)
      : [];
    blocksOfCourse.set(course.courseId, chosen.flatMap(blocksOf));
  }
  const choices = new Map<number, PlanOption[]>();
  for (const id of courseIds) {
    const inTerm = termOf(id);
    if (!inTerm) {
      choices.set(id, []);
      continue;
    }
    const blocked = [...blocksOfCourse].filter(([other]) => other !== id).flatMap(([, blocks]) => blocks);
    const own = worksheet?.courses.find((c) => c.courseId === id)?.sectionIds;
    choices.set(id, courseChoices(inTerm, blocked, own));
  }
  return { version: worksheet ? { id: worksheet.id, name: worksheet.name } : null, choices };
}
