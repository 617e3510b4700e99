/**
 * The demo schedule: sections of the demo catalog's courses for the current and the next term, written for HubRate
 * (the terms' source is "demo", which the pages say), deterministic so every fresh start looks the same. The
 * instructors are the professors the course's demo reviews name, so a section links to reviews of its teacher.
 */
import { count, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { terms } from "../../../db/schema.ts";
import { seededRandom } from "../../lib/random.ts";
import { nextTerm, termOf } from "../../lib/term-codes.ts";
import { TEACHERS } from "../catalog/demo-reviews.ts";
import { courseNameKeys, instructorKey } from "../../lib/professor-names.ts";
import { type ScheduleMeeting, type ScheduleSection, scheduleSection } from "./registrar-csv.ts";
import { importSchedule } from "./schedule-import.ts";

/** Monday-Wednesday-Friday 50-minute and Tuesday-Thursday 75-minute slots, as BU's week is laid out. */
const MWF_STARTS = [8 * 60, 9 * 60 + 5, 10 * 60 + 10, 11 * 60 + 15, 12 * 60 + 20, 13 * 60 + 25, 14 * 60 + 30];
const TR_STARTS = [8 * 60, 9 * 60 + 30, 11 * 60, 12 * 60 + 30, 14 * 60, 15 * 60 + 30, 17 * 60];
const ROOMS = ["CAS 211", "CAS 313", "CAS B12", "SCI 107", "STO B50", "COM 101", "HAR 105", "PHO 206", "KCB 101"];
const COMPANION_ROOMS = ["CAS 116", "CAS 224", "PSY B36", "SCI 115", "MCS B33", "PHO 211"];
const COMPANION_DAYS = ["M", "T", "W", "R", "F"];

/** A term's first and last day of classes, near enough for a demo. */
function termDates(term: number): [string, string] {
  const year = 2000 + Math.floor((term % 1000) / 10);
  return term % 10 === 8 ? [`${year}-09-02`, `${year}-12-10`] : [`${year}-01-20`, `${year}-04-30`];
}

function splitName(name: string): { lastName: string; firstName: string } {
  const parts = name.split(" ");
  return { lastName: parts.slice(1).join(" ") || parts[0], firstName: parts.length > 1 ? parts[0] : "" };
}

/** The demo professors by every way their names are typed ("Prof. Tessaro", "M. Tessaro"). */
const DEMO_NAMES = courseNameKeys(TEACHERS.map(splitName));
const DEMO_TEACHER = new Map(TEACHERS.map((name) => [instructorKey(splitName(name)), name]));

/** The demo sections of the demo catalog for `today`'s term and the next one. */
export async function demoSchedule(database: Database, today = new Date()): Promise<ScheduleSection[]> {
  const rows = await database.db.all<{ college: string; department: string; number: string; names: string }>(
    sql`SELECT c.college, c.department, c.number,
          coalesce((SELECT json_group_array(json_array(name_key, n)) FROM (
            SELECT r.name_key, count(*) AS n FROM reviews r WHERE r.course_id = c.id AND r.hidden = 0
            GROUP BY r.name_key)), '[]') AS names
        FROM courses c ORDER BY c.id`,
  );
  // A course's instructors are the demo professors its reviews name, however spelled, most reviewed first (three at most).
  const courses = rows.map(({ names, ...course }) => {
    const counts = new Map<string, number>();
    for (const [nameKey, n] of JSON.parse(names) as [string, number][]) {
      const teacher = DEMO_TEACHER.get(DEMO_NAMES.get(nameKey) ?? "");
      if (teacher) counts.set(teacher, (counts.get(teacher) ?? 0) + n);
    }
    const teachers = [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).slice(0, 3).map(([t]) => t);
    return { ...course, teachers };
  });
  const current = termOf(today);
  const out: ScheduleSection[] = [];
  const offeredFirst = new Set<string>();
  for (const [t, term] of [current, nextTerm(current)].entries()) {
    const next = seededRandom(20261126 + term);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
    const [startDate, endDate] = termDates(term);
    for (const course of courses) {
      const level = Number.parseInt(course.number, 10);
      // Intro courses run every term; the others in about two terms of three, and a reviewed course in one at least, so
      // that every demo review's professor is one of the schedule's instructors.
      const runs = level < 200 || next() < (t === 0 ? 0.7 : 0.6);
      if (
        !runs &&
        !(t === 1 && course.teachers.length > 0 &&
          !offeredFirst.has(`${course.college} ${course.department} ${course.number}`))
      ) {
        continue;
      }
      if (t === 0) offeredFirst.add(`${course.college} ${course.department} ${course.number}`);
      const teachers = course.teachers.length ? course.teachers : [pick(TEACHERS), pick(TEACHERS)];
      const lectures = level < 200 ? 1 + Math.floor(next() * 3) : next() < 0.25 ? 2 : 1;
      const withCompanions = level < 300 && next() < 0.55;
      const kind = course.department === "CS" || course.department === "PY" || course.department === "CH"
        ? "lab"
        : "dis";
      for (let l = 0; l < lectures; l++) {
        const letter = "ABC"[l];
        const mwf = next() < 0.55;
        const start = pick(mwf ? MWF_STARTS : TR_STARTS);
        const capacity = level < 200 ? 60 + Math.floor(next() * 5) * 30 : 20 + Math.floor(next() * 5) * 10;
        const enrolled = Math.min(capacity, Math.floor(capacity * (0.35 + next() * 0.75)));
        const full = enrolled >= capacity;
        const meeting: ScheduleMeeting = {
          days: mwf ? "MWF" : "TR",
          startMinute: start,
          endMinute: start + (mwf ? 50 : 75),
          room: pick(ROOMS),
          startDate,
          endDate,
        };
        out.push(scheduleSection({
          term,
          college: course.college,
          department: course.department,
          number: course.number,
          section: `${letter}1`,
          classNumber: 10000 + out.length,
          enrollment: true,
          status: next() < 0.03 ? "cancelled" : "active",
          capacity,
          enrolled,
          waitCapacity: Math.round(capacity / 4),
          waitlist: full ? Math.floor(next() * 8) : 0,
          creditsMin: 4,
          creditsMax: 4,
          mode: "In-Person",
          notes: l === 0 && withCompanions
            ? `Register for this lecture and one ${kind === "lab" ? "lab" : "discussion"} section.`
            : null,
          finalExam: level < 500,
          instructors: [splitName(teachers[(l + t) % teachers.length])],
          meetings: [meeting],
        }));
        if (!withCompanions) continue;
        const companions = 2 + Math.floor(next() * 3);
        for (let c = 0; c < companions; c++) {
          const companionStart = pick(MWF_STARTS.concat(TR_STARTS.slice(4)));
          const companionCapacity = Math.round(capacity / companions) + 2;
          out.push(scheduleSection({
            term,
            college: course.college,
            department: course.department,
            number: course.number,
            section: `${letter}${c + 2}`,
            classNumber: 10000 + out.length,
            enrollment: false,
            status: "active",
            capacity: companionCapacity,
            enrolled: Math.min(companionCapacity, Math.floor(companionCapacity * (0.4 + next() * 0.7))),
            waitCapacity: 0,
            waitlist: 0,
            creditsMin: 0,
            creditsMax: 0,
            mode: "In-Person",
            finalExam: false,
            instructors: [splitName(teachers[(l + t) % teachers.length])],
            meetings: [{
              days: pick(COMPANION_DAYS),
              startMinute: companionStart,
              endMinute: companionStart + (kind === "lab" ? 110 : 50),
              room: pick(COMPANION_ROOMS),
              startDate,
              endDate,
            }],
          }));
        }
      }
    }
  }
  return out;
}

/** Loads the demo schedule unless a schedule is there already. Returns how many sections it wrote. */
export async function loadDemoScheduleIfEmpty(database: Database, today = new Date()): Promise<number> {
  const [{ n }] = await database.db.select({ n: count() }).from(terms);
  if (n > 0) return 0;
  const report = await importSchedule(database, await demoSchedule(database, today), { source: "demo", now: today });
  return report.terms.reduce((sum, term) => sum + term.sections, 0);
}
