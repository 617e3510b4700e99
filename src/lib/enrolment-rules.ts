/**
 * Who may take what (docs/product.md, Enrolment rules): one table the Hub planner and the course page both read.
 * Each rule says which courses it covers, who they are open to, and why, in words a student can act on. The student's
 * college decides, with two things only they can say on /account: their Hub rules (first-year entrant or transfer)
 * and whether they are in the Kilachand Honors College, whose students also belong to a school of their own.
 */
import { COCURRICULAR_CAP, type HubTrack, isCocurricular } from "./hub-requirements.ts";

/** What the rules know of a student: with `standing` (1 first-year … 4 senior), class-standing limits are checked. */
export type RuleStudent = { college: string; kilachand: boolean; track: HubTrack; standing?: number };

const STANDING_WORDS: Record<string, number> = {
  "first-year students": 1,
  "first-years": 1,
  freshmen: 1,
  sophomores: 2,
  juniors: 3,
  seniors: 4,
};
const STANDINGS = Object.keys(STANDING_WORDS).join("|");
const STANDING_SENTENCE = new RegExp(
  `\\bopen (?:only )?to ((?:${STANDINGS})(?:(?:,? (?:and|or) |, )(?:${STANDINGS}))*)(?: only)?\\b`,
  "i",
);
export const STANDING_NAMES = ["", "first-year students", "sophomores", "juniors", "seniors"] as const;

/** The class standing of a student graduating in `expectedGrad`, on `today`: 4 in the year they graduate, 1 three before. */
export function standingOf(expectedGrad: number, today = new Date()): number {
  // The academic year ends in May: from June on, the year that counts is the next.
  const ends = today.getUTCFullYear() + (today.getUTCMonth() >= 5 ? 1 : 0);
  return Math.min(4, Math.max(1, 4 - (expectedGrad - ends)));
}

/** The class standings a description opens a course to ("This course is open to juniors and seniors."), or null. */
export function standingsIn(description: string | null | undefined): { text: string; standings: number[] } | null {
  if (!description) return null;
  for (const sentence of description.split(/(?<=[.!?]["”']?)\s+|\s+-\s+/)) {
    const match = STANDING_SENTENCE.exec(sentence);
    if (!match) continue;
    const standings = [...match[1].toLowerCase().matchAll(new RegExp(STANDINGS, "g"))].map((m) => STANDING_WORDS[m[0]]);
    return { text: sentence.trim(), standings: [...new Set(standings)].sort() };
  }
  return null;
}

/** What the rules read of a course. */
export type RuleCourse = {
  college: string;
  department: string;
  numberValue: number;
  /** Its description, for a restriction BU wrote there ("Restricted to BME MEng students only."). */
  description?: string | null;
};

export type EnrolmentRule = {
  id: string;
  /** Who the courses are for, as a note beside them: "College of General Studies students". */
  openTo: string;
  /** Why, when a course is not open to the student. */
  why: string;
  covers(course: RuleCourse): boolean;
  admits(student: RuleStudent): boolean;
};

/** Graduate schools: their courses are for their own students, whatever the number. */
const GRADUATE_SCHOOLS: Record<string, string> = {
  GMS: "the Graduate Medical Sciences",
  LAW: "the School of Law",
  SDM: "the Henry M. Goldman School of Dental Medicine",
  SSW: "the School of Social Work's graduate programs",
  STH: "the School of Theology",
};

/** Course numbers from here are graduate courses (BU numbers undergraduate courses 100-499). */
export const GRADUATE_LEVEL = 500;

/** The table, in the order a course page lists what applies. */
export const ENROLMENT_RULES: readonly EnrolmentRule[] = [
  {
    id: "cgs",
    openTo: "College of General Studies students",
    why: "CGS courses are the College of General Studies' own two-year core, taught to its students in teams.",
    covers: (course) => course.college === "CGS",
    admits: (student) => student.college === "CGS",
  },
  {
    id: "kilachand",
    openTo: "Kilachand Honors College students",
    why: "KHC courses are the Kilachand Honors College's own curriculum. If you are in Kilachand, say so on Account.",
    covers: (course) => course.college === "KHC",
    admits: (student) => student.kilachand,
  },
  {
    id: "met",
    openTo: "Metropolitan College students",
    why:
      "MET courses serve Metropolitan College's evening, part-time and degree-completion students; a student of another school needs their school's approval to count one.",
    covers: (course) => course.college === "MET",
    admits: (student) => student.college === "MET",
  },
  {
    id: "rotc",
    openTo: "ROTC cadets and midshipmen",
    why: "OTP courses are the Army, Navy and Air Force ROTC programs' own, for their cadets and midshipmen.",
    covers: (course) => course.college === "OTP",
    admits: () => false,
  },
  {
    id: "graduate-school",
    openTo: "students of the school",
    why: "This school teaches graduate and professional students; its courses are for its own students.",
    covers: (course) => course.college in GRADUATE_SCHOOLS,
    admits: () => false,
  },
  {
    id: "graduate-level",
    openTo: "graduate students, and undergraduates with consent",
    why:
      "Courses numbered 500 and up are graduate courses: an undergraduate needs the instructor's or department's consent, and they are not planned as Hub courses.",
    covers: (course) => course.numberValue >= GRADUATE_LEVEL,
    admits: () => false,
  },
];

/** A sentence of a description that limits who may enrol, as BU wrote it; null when there is none. */
export function restrictionIn(description: string | null | undefined): string | null {
  if (!description) return null;
  for (const sentence of description.split(/(?<=[.!?]["”']?)\s+|\s+-\s+/)) {
    if (/not limited to|limited to (?:\d+|two|\w+ sections)\b/i.test(sentence) || STANDING_SENTENCE.test(sentence)) {
      continue;
    }
    if (
      /\b(?:restricted to|open only to|only open to|open to [^.]{0,60}\bonly\b|limited to [^.]{0,60}students|for [^.]{0,40}students only)/i
        .test(sentence)
    ) {
      const text = sentence.trim().replace(/^[-–•\s]+/, "");
      return text.length > 220 ? `${text.slice(0, 217)}…` : text;
    }
  }
  return null;
}

/** Why a course is not open to a student, or what limits it. */
export type Limit =
  | { kind: "rule"; rule: string; openTo: string; why: string }
  | { kind: "catalog"; text: string }
  | { kind: "credit"; codes: string[] }
  | { kind: "standing"; text: string }
  | { kind: "cocurricular"; cap: number };

/** What the student has that the rules weigh: courses they completed or plan, and cocurricular units already counted. */
export type StudentCourses = { takenIds: ReadonlySet<number>; cocurricularLeft: number };

/**
 * Whether a course is open to the student, and every reason it is not: the table's rules, a restriction its
 * description states, a completed or planned course it cannot count with, and a cocurricular cap already reached.
 */
export function enrolmentLimits(
  course: RuleCourse & { exclusions?: readonly { id: number | null; code: string }[] },
  student: RuleStudent,
  courses?: StudentCourses,
): Limit[] {
  const limits: Limit[] = [];
  for (const rule of ENROLMENT_RULES) {
    if (rule.covers(course) && !rule.admits(student)) {
      limits.push({ kind: "rule", rule: rule.id, openTo: rule.openTo, why: rule.why });
    }
  }
  const restriction = restrictionIn(course.description);
  if (restriction) limits.push({ kind: "catalog", text: restriction });
  const standings = standingsIn(course.description);
  if (standings && student.standing !== undefined && !standings.standings.includes(student.standing)) {
    limits.push({ kind: "standing", text: standings.text });
  }
  if (courses) {
    const clashing = (course.exclusions ?? []).filter((ref) => ref.id !== null && courses.takenIds.has(ref.id));
    if (clashing.length) limits.push({ kind: "credit", codes: clashing.map((ref) => ref.code) });
    if (isCocurricular(course) && courses.cocurricularLeft <= 0) {
      limits.push({ kind: "cocurricular", cap: COCURRICULAR_CAP[student.track] });
    }
  }
  return limits;
}

/** The rules that cover a course whoever reads it: what a visitor sees beside it ("For College of General Studies students"). */
export function rulesCovering(course: RuleCourse): EnrolmentRule[] {
  return ENROLMENT_RULES.filter((rule) => rule.covers(course));
}

/** A limit in one sentence, for the course page and the planner's reasons. */
export function limitSentence(limit: Limit): string {
  switch (limit.kind) {
    case "rule":
      return `For ${limit.openTo}. ${limit.why}`;
    case "catalog":
      return `BU's description says: "${limit.text}"`;
    case "standing":
      return `By class standing: "${limit.text}"`;
    case "credit":
      return `Not for credit with ${limit.codes.join(", ")}, which you completed or plan to take.`;
    case "cocurricular":
      return `Cocurricular experiences count for at most ${limit.cap} Hub ${
        limit.cap === 1 ? "unit" : "units"
      } under your Hub rules, and yours are used.`;
  }
}
