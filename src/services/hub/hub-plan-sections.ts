/**
 * The section choices a Hub plan may take in its first term, when the student asks for a plan that fits their week
 * (docs/product.md, Hub planner): for each course offered that term, each section to register for with one of its
 * discussions or labs when it has them (as src/lib/schedule-rules.ts pairs them), leaving out cancelled and closed
 * sections and those that overlap the student's worksheet. Choices that meet at the same times are one choice to the
 * solver. The sections are read lean, one statement for every course: a plan may weigh a thousand of them.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { meetingText } from "../../lib/class-times.ts";
import { optionsOverlap, type SectionOption, type TimeBlock } from "../../lib/hub-plan.ts";
import { isExamPattern } from "../../lib/schedule-meetings.ts";
import { versionsWhere, type WorksheetVersion } from "../schedule/worksheets.ts";

/** A section choice with what the plan says of it: "A1 + A3", "Tue, Thu 11:00 AM–12:15 PM; Wed 2:30–3:20 PM". */
export type PlanOption = SectionOption & { sections: string; times: string };

/** Section choices per course past this many distinct times add little but size to the program. */
const MAX_CHOICES = 12;

type Meeting = { days: string; startMinute: number | null; endMinute: number | null; room: string | null };

/** A section of a course in the term, as choosing needs it. */
export type LeanSection = {
  id: number;
  courseId: number;
  section: string;
  enrollment: boolean;
  status: "active" | "cancelled" | "stopped";
  capacity: number | null;
  enrolled: number | null;
  meetings: Meeting[];
  /** For a companion: the sections to register for it goes with (none: any). */
  links: number[];
};

/** The timed class meetings of a section (evening exam slots left out: they are not weekly classes). */
function blocksOf(section: LeanSection): TimeBlock[] {
  return section.meetings.flatMap((meeting, index) =>
    meeting.days && meeting.startMinute !== null && meeting.endMinute !== null &&
      meeting.endMinute > meeting.startMinute && !isExamPattern(meeting, index)
      ? [{ days: meeting.days, start: meeting.startMinute, end: meeting.endMinute }]
      : []
  );
}

const open = (section: LeanSection) => section.status === "active";
const seatsOpen = (sections: LeanSection[]) =>
  sections.reduce((sum, s) => sum + Math.max(0, (s.capacity ?? 0) - (s.enrolled ?? 0)), 0);

/**
 * A course's choices in a term from its sections there: each open section to register for, with each of its open
 * companions when it has any (those linked to it, else those linked to none); those overlapping `blocked` left out;
 * one per set of times, the one with the most open seats. `only`: the sections a worksheet already holds.
 */
export function courseChoices(
  ofCourse: readonly LeanSection[],
  blocked: readonly TimeBlock[],
  only?: readonly number[],
): PlanOption[] {
  const wall: SectionOption = { key: "", meetings: blocked };
  const companions = ofCourse.filter((s) => !s.enrollment);
  const all: { sections: LeanSection[]; blocks: TimeBlock[] }[] = [];
  for (const lecture of ofCourse.filter((s) => s.enrollment && open(s))) {
    const linked = companions.filter((s) => s.links.includes(lecture.id));
    const mine = linked.length ? linked : companions.filter((s) => s.links.length === 0);
    if (mine.length && !mine.some(open)) continue;
    for (const companion of mine.length ? mine.filter(open) : [null]) {
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

type SectionRow = [
  id: number,
  courseId: number,
  section: string,
  enrollment: number,
  status: LeanSection["status"],
  capacity: number | null,
  enrolled: number | null,
  meetings: [string, number | null, number | null, string | null][],
  links: number[],
];

/** The sections of a set of courses in one term, not gone, by course: one statement. */
async function leanSections(db: Db, term: number, courses: SQL): Promise<Map<number, LeanSection[]>> {
  // A row reads by index, not by iteration.
  const [row] = await db.values<[string]>(sql`SELECT coalesce(json_group_array(json_array(
      s.id, s.course_id, s.section, s.enrollment, s.status, s.capacity, s.enrolled,
      json((SELECT coalesce(json_group_array(json_array(m.days, m.start_minute, m.end_minute, m.room)), '[]')
        FROM (SELECT * FROM section_meetings m WHERE m.section_id = s.id ORDER BY m.position) AS m)),
      json((SELECT coalesce(json_group_array(l.section_id), '[]') FROM section_links l WHERE l.companion_id = s.id))
    )), '[]') FROM sections s WHERE s.term_code = ${term} AND s.gone = 0 AND s.course_id IN ${courses}`);
  const document = row[0];
  const byCourse = new Map<number, LeanSection[]>();
  for (
    const [id, courseId, section, enrollment, status, capacity, enrolled, meetings, links] of JSON.parse(
      document,
    ) as SectionRow[]
  ) {
    const list = byCourse.get(courseId) ?? [];
    list.push({
      id,
      courseId,
      section,
      enrollment: enrollment === 1,
      status,
      capacity,
      enrolled,
      meetings: meetings.map(([days, startMinute, endMinute, room]) => ({ days, startMinute, endMinute, room })),
      links,
    });
    byCourse.set(courseId, list);
  }
  for (const list of byCourse.values()) list.sort((a, b) => a.section.localeCompare(b.section) || a.id - b.id);
  return byCourse;
}

/**
 * The choices of `courseIds` in `term` that fit the student's worksheet version `scheduleId` (or their first of the
 * term): one round trip for the version and the sections of its courses and the candidates. A course already in the
 * version keeps the sections chosen there.
 */
export async function choicesFittingWeek(
  db: Db,
  userId: number,
  term: number,
  courseIds: readonly number[],
  scheduleId: number | null,
): Promise<WeekToFit> {
  const version: SQL = scheduleId === null
    ? sql`(SELECT min(id) FROM schedules WHERE user_id = ${userId} AND term_code = ${term})`
    : sql`(SELECT id FROM schedules WHERE id = ${scheduleId} AND user_id = ${userId} AND term_code = ${term})`;
  const set = sql`(SELECT value FROM json_each(${JSON.stringify(courseIds)})
    UNION SELECT course_id FROM schedule_sections WHERE schedule_id = ${version})`;
  const [versions, sections] = await Promise.all([
    versionsWhere(db, sql`v.id = ${version}`),
    leanSections(db, term, set),
  ]);
  const worksheet: WorksheetVersion | undefined = versions[0];
  const blocksOfCourse = new Map<number, TimeBlock[]>();
  for (const course of worksheet?.courses ?? []) {
    const chosen = (sections.get(course.courseId) ?? []).filter((s) => course.sectionIds.includes(s.id));
    blocksOfCourse.set(course.courseId, chosen.flatMap(blocksOf));
  }
  const choices = new Map<number, PlanOption[]>();
  for (const id of courseIds) {
    const blocked = [...blocksOfCourse].filter(([other]) => other !== id).flatMap(([, blocks]) => blocks);
    const own = worksheet?.courses.find((c) => c.courseId === id)?.sectionIds;
    choices.set(id, courseChoices(sections.get(id) ?? [], blocked, own));
  }
  return { version: worksheet ? { id: worksheet.id, name: worksheet.name } : null, choices };
}
