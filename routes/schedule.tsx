import ScheduleBuilder from "../islands/ScheduleBuilder.tsx";
import type { ScheduleView, WorksheetVersionView } from "../src/lib/api-types.ts";
import { termOf } from "../src/lib/term-codes.ts";
import type { AppContext, LoadFailure, PageMeta, PageProps } from "../src/server/context.ts";
import { scheduleTerms } from "../src/services/courses/course-queries.ts";
import { scheduleView } from "../src/services/schedule/schedule-view.ts";
import { worksheetVersions } from "../src/services/schedule/worksheets.ts";

/**
 * /schedule?term=2268&add=12: the schedule builder (docs/product.md, Schedule builder). Anyone may use it: a visitor's
 * worksheet is kept in their browser, a student's on their account. `add` opens the choice of a course's sections,
 * with `sections=ID,ID` chosen in it.
 */
type Data =
  | { kind: "none" }
  | {
    kind: "builder";
    terms: { code: number; name: string }[];
    term: number;
    add: number | null;
    pick: number[] | null;
    versions: WorksheetVersionView[] | null;
    initial: ScheduleView | null;
  };

export const loadFailure: LoadFailure = {
  heading: "Schedule",
  message: "Failed to load your schedule",
  back: { href: "/search", label: "Back to Search" },
};

export async function load(c: AppContext): Promise<Data> {
  const db = c.var.deps.database.db;
  const today = new Date();
  const asked = Number(c.req.query("term"));
  const addRaw = c.req.query("add") ?? "";
  const add = /^\d{1,9}$/.test(addRaw) ? Number(addRaw) : null;
  // ?sections=: the sections to have chosen in that course's chooser (the Hub planner's pick), at most two.
  const sectionsRaw = c.req.query("sections") ?? "";
  const pick = add !== null && /^\d{1,9}(,\d{1,9})?$/.test(sectionsRaw) ? sectionsRaw.split(",").map(Number) : null;
  const user = c.var.user?.enabled ? c.var.user : null;
  // The student's versions and first week of the term asked for (else the current one) are read with the terms: one
  // round trip; only when that term has no schedule are they read again for the first term that has one.
  const guess = Number.isInteger(asked) && asked >= termOf(today) ? asked : termOf(today);
  const studentWeek = (term: number) =>
    user
      ? Promise.all([worksheetVersions(db, user.id, term), scheduleView(db, { term, owner: user.id }, user.id, today)])
      : Promise.resolve(null);
  const [allTerms, guessed] = await Promise.all([scheduleTerms(db, today), studentWeek(guess)]);
  const terms = allTerms.filter((t) => t.code >= termOf(today));
  if (terms.length === 0) return { kind: "none" };
  const term = terms.find((t) => t.code === asked)?.code ?? terms[0].code;
  const [versions, week] = (term === guess ? guessed : await studentWeek(term)) ?? [null, null];
  return { kind: "builder", terms, term, add, pick, versions, initial: week?.view ?? null };
}

export function meta(data: Data): PageMeta {
  const description =
    "Build next term's week at BU: sections, times and seats with how students rated each professor in the course.";
  if (data.kind === "none") return { title: "Schedule", description };
  const name = data.terms.find((t) => t.code === data.term)?.name ?? "";
  return { title: `Schedule, ${name}`, description, noindex: data.add !== null };
}

export default function SchedulePage({ data, user }: PageProps<Data>) {
  if (data.kind === "none") {
    return (
      <div className="page narrow center">
        <h1>Schedule</h1>
        <p>No term's class schedule is known yet, so there is no week to build. Search courses in the meantime.</p>
        <p>
          <a className="button" href="/search">Search Courses</a>
        </p>
      </div>
    );
  }
  return (
    <div className="page schedule-page">
      <h1>Schedule</h1>
      <p className="muted no-print">
        Pick a section of each course, with its discussion or lab: see your week, its conflicts, what it adds up to and
        how students rated each professor in the course.
      </p>
      <ScheduleBuilder
        terms={data.terms}
        term={data.term}
        signedIn={Boolean(user?.enabled)}
        versions={data.versions}
        initial={data.initial}
        add={data.add}
        pick={data.pick}
      />
    </div>
  );
}
