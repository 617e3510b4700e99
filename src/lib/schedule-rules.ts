/**
 * What a worksheet may hold of a course in a term (docs/product.md, Schedule builder): one section to register for,
 * and with it one discussion or lab when the course has them for it. A companion linked to lectures goes with those
 * lectures; one linked to none goes with any lecture of the course. Cancelled sections and sections gone from the
 * schedule cannot be chosen.
 */

/** A section of the course in the term, as the rules need it. */
export type RuleSection = {
  id: number;
  section: string;
  enrollment: boolean;
  status: "active" | "cancelled" | "stopped";
  gone: boolean;
  /** For a companion: the sections to register for it is linked to (none: it goes with any). */
  links: readonly number[];
};

export const WORKSHEET_LIMITS = {
  /** Named versions per term ("Plan A", "Plan B", …). */
  versionsPerTerm: 8,
  /** Courses per version: far more than a full-time term. */
  coursesPerVersion: 12,
  /** Characters in a version's name. */
  name: 40,
} as const;

/** The companions a student may choose with `lecture`: those linked to it, else the course's unlinked ones; [] when none. */
export function companionChoices(lecture: RuleSection, ofCourse: readonly RuleSection[]): RuleSection[] {
  const open = ofCourse.filter((s) => !s.enrollment && !s.gone && s.status !== "cancelled");
  const linked = open.filter((s) => s.links.includes(lecture.id));
  return linked.length ? linked : open.filter((s) => s.links.length === 0);
}

export type CourseChoice = { ok: true; lecture: RuleSection; companion: RuleSection | null } | {
  ok: false;
  message: string;
};

/**
 * Whether `sectionIds` is a choice a worksheet may hold for the course `code` (whose sections in the term are
 * `ofCourse`): one section to register for, and one of its companions when it has any. The message says what to change.
 */
export function checkCourseChoice(
  code: string,
  sectionIds: readonly number[],
  ofCourse: readonly RuleSection[],
): CourseChoice {
  const byId = new Map(ofCourse.map((s) => [s.id, s]));
  const chosen: RuleSection[] = [];
  for (const id of new Set(sectionIds)) {
    const section = byId.get(id);
    if (!section) return { ok: false, message: `Section ${id} is not a section of ${code} in this term` };
    if (section.gone) return { ok: false, message: `${code} ${section.section} is no longer in the schedule` };
    if (section.status === "cancelled") return { ok: false, message: `${code} ${section.section} is cancelled` };
    chosen.push(section);
  }
  const lectures = chosen.filter((s) => s.enrollment);
  const companions = chosen.filter((s) => !s.enrollment);
  if (lectures.length === 0) return { ok: false, message: `Choose a section of ${code} to register for` };
  if (lectures.length > 1) {
    return {
      ok: false,
      message: `Choose one section of ${code} to register for, not ${lectures.map((s) => s.section).join(" and ")}`,
    };
  }
  const [lecture] = lectures;
  const choices = companionChoices(lecture, ofCourse);
  if (companions.length > 1) {
    return { ok: false, message: `Choose one discussion or lab for ${code} ${lecture.section}` };
  }
  if (companions.length === 1 && !choices.some((c) => c.id === companions[0].id)) {
    return { ok: false, message: `${code} ${companions[0].section} does not go with ${lecture.section}` };
  }
  if (companions.length === 0 && choices.length > 0) {
    const names = choices.map((c) => c.section);
    const listed = names.length > 6 ? `${names.slice(0, 6).join(", ")}, …` : names.join(", ");
    return {
      ok: false,
      message: `${code} ${lecture.section} needs a discussion or lab: choose one of ${listed}`,
    };
  }
  return { ok: true, lecture, companion: companions[0] ?? null };
}

/** A version's name as a student may give it: one line, 1 to 40 characters once trimmed. Null when it is fine. */
export function versionNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return "Give the plan a name";
  if ([...trimmed].length > WORKSHEET_LIMITS.name) {
    return `A plan's name is at most ${WORKSHEET_LIMITS.name} characters`;
  }
  // deno-lint-ignore no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return "A plan's name is one line of text";
  return null;
}
