/**
 * A week of a term's sections as the schedule page shows it (GET /api/schedules/view, the page, a shared link): per
 * course its figures, its Hub units, the sections chosen and every section of the term to choose from, each instructor
 * with their teacher average in the course; for a signed-in student, which of their remaining Hub units the courses
 * cover. The courses are given as a set the database reads (ids, or a shared version's), so every statement starts in
 * the same turn: one round trip, a shared link's included.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import type { ScheduleCourse, ScheduleView } from "../../lib/api-types.ts";
import { withCatalog } from "../catalog/catalog-cache.ts";
import { hubProgressFor } from "../courses/course-lists.ts";
import { sectionsOfCourses } from "./course-sections.ts";
import { versionsWhere, type WorksheetVersion } from "./worksheets.ts";

/** The courses of a worksheet: per course, the sections chosen. */
export type ChosenCourses = readonly { courseId: number; sectionIds: readonly number[] }[];

/**
 * Whose week: courses and sections given (a visitor's worksheet), a shared version's, or a student's first version of
 * a term (the schedule page's first view; none yet is an empty week).
 */
export type WeekSource =
  | { term: number; chosen: ChosenCourses }
  | { shareToken: string }
  | { term: number; owner: number };

/** The codes of the student's Hub units not yet met by completed courses. */
async function remainingUnits(db: Db, userId: number): Promise<Set<string>> {
  const progress = await hubProgressFor(db, userId);
  return new Set(progress.requirements.filter((r) => !r.fulfilled).flatMap((r) => r.codes));
}

type Figures = { id: number; reviews: number; overall: number; workload: number; hours: number | null };

/**
 * The week of a source; null when its term is not known (or a share link is off). `version` is the shared version
 * when the source is a share link.
 */
export function scheduleView(
  db: Db,
  source: WeekSource,
  viewerId?: number,
  today = new Date(),
): Promise<{ view: ScheduleView; version: WorksheetVersion | null } | null> {
  return withCatalog(db, async (catalog) => {
    const shared = "shareToken" in source;
    // A stored version's: the share link's, or the student's first of the term.
    const stored: SQL | null = shared
      ? sql`v.share_token = ${source.shareToken}`
      : "owner" in source
      ? sql`v.id = (SELECT min(id) FROM schedules WHERE user_id = ${source.owner} AND term_code = ${source.term})`
      : null;
    const ids = "chosen" in source ? [...new Set(source.chosen.map((c) => c.courseId))] : [];
    const set = stored
      ? sql`(SELECT ss.course_id FROM schedule_sections ss JOIN schedules v ON v.id = ss.schedule_id WHERE ${stored})`
      : sql`(SELECT value FROM json_each(${JSON.stringify(ids)}))`;
    // The sections chosen: kept in the week when they have left the term's schedule since, so the plan says so.
    const kept = stored
      ? sql`(SELECT ss.section_id FROM schedule_sections ss JOIN schedules v ON v.id = ss.schedule_id WHERE ${stored})`
      : sql`(SELECT value FROM json_each(${
        JSON.stringify([...new Set("chosen" in source ? source.chosen.flatMap((c) => c.sectionIds) : [])])
      }))`;
    const term: SQL = shared
      ? sql`(SELECT term_code FROM schedules WHERE share_token = ${source.shareToken})`
      : sql`${source.term}`;
    const [[known], figures, sections, remaining, version] = await Promise.all([
      db.all<{ code: number; name: string; source: ScheduleView["term"]["source"]; importedAt: number }>(
        sql`SELECT code, name, source, imported_at AS importedAt FROM terms WHERE code = ${term}`,
      ),
      db.all<Figures>(sql`SELECT c.id, c.num_reviews AS reviews, c.avg_overall AS overall, c.avg_workload AS workload,
          (SELECT avg(r.hours_per_week) FROM reviews r WHERE r.course_id = c.id AND r.hidden = 0) AS hours
        FROM courses c WHERE c.id IN ${set}`),
      sectionsOfCourses(db, set, today, kept),
      viewerId === undefined ? null : remainingUnits(db, viewerId),
      stored ? versionsWhere(db, stored).then(([first]) => first ?? null) : null,
    ]);
    if (!known || (shared && !version)) return null;
    const chosen: ChosenCourses = "chosen" in source ? source.chosen : version?.courses ?? [];
    const courses: ScheduleCourse[] = [];
    for (const id of "chosen" in source ? ids : chosen.map((c) => c.courseId)) {
      const course = catalog.courses.get(id);
      const figure = figures.find((f) => Number(f.id) === id);
      const inTerm = sections.get(id)?.terms.find((t) => t.code === Number(known.code));
      if (!course || !figure || !inTerm) continue;
      const hubUnits = course.hubs.map((h) => h.code);
      const own = new Set([
        ...inTerm.sections.flatMap((s) => [s.id, ...s.companions.map((c) => c.id)]),
        ...inTerm.unlinkedCompanions.map((c) => c.id),
      ]);
      const reviews = Number(figure.reviews);
      courses.push({
        id,
        code: course.code,
        title: course.displayTitle,
        reviews,
        overall: reviews ? Number(figure.overall) : null,
        workload: reviews ? Number(figure.workload) : null,
        hoursPerWeek: figure.hours === null ? null : Number(figure.hours),
        hubUnits,
        adds: remaining ? hubUnits.filter((code) => remaining.has(code)) : [],
        // The ids asked for that are this course's sections in the term.
        chosen: chosen.find((c) => c.courseId === id)!.sectionIds.filter((sectionId) => own.has(sectionId)),
        sections: inTerm.sections,
        unlinkedCompanions: inTerm.unlinkedCompanions,
      });
    }
    return {
      view: {
        term: {
          code: Number(known.code),
          name: known.name,
          source: known.source,
          importedAt: new Date(Number(known.importedAt)).toISOString(),
        },
        courses,
        adds: [...new Set(courses.flatMap((c) => c.adds))].sort(),
      },
      version: version ?? null,
    };
  });
}
