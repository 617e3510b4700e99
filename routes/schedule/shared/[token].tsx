import { ScheduleCourseItem, ScheduleTotals } from "../../../src/components/ScheduleCourses.tsx";
import { WeekCalendar } from "../../../src/components/WeekCalendar.tsx";
import type { ScheduleView } from "../../../src/lib/api-types.ts";
import { untimedItems, weekMeetings } from "../../../src/lib/schedule-meetings.ts";
import type { AppContext, LoadFailure, PageMeta, PageProps } from "../../../src/server/context.ts";
import { scheduleView } from "../../../src/services/schedule/schedule-view.ts";

/**
 * /schedule/shared/{token}: a plan a student shared, read-only, for anyone with the link; gone as soon as they turn
 * sharing off (never kept by a cache). Rendered whole on the server: no island.
 */
type Data = { name: string; view: ScheduleView; token: string } | null;

export const loadFailure: LoadFailure = { heading: "Shared schedule", message: "Failed to load this schedule" };

export async function load(c: AppContext): Promise<Data> {
  const token = c.req.param("token") ?? "";
  // No copy of a shared plan is kept anywhere: turning sharing off takes effect at once.
  c.header("Cache-Control", "no-store");
  if (!/^[A-Za-z0-9_-]{22}$/.test(token)) return null;
  const week = await scheduleView(c.var.deps.database.db, { shareToken: token });
  return week?.version ? { name: week.version.name, view: week.view, token } : null;
}

export function meta(data: Data): PageMeta {
  if (!data) return { title: "Shared schedule not found", status: 404, noindex: true };
  return { title: `${data.name}, ${data.view.term.name}: a shared schedule`, noindex: true };
}

export default function SharedSchedule({ data }: PageProps<Data>) {
  if (!data) {
    return (
      <div className="page narrow center">
        <h1>Shared schedule</h1>
        <p>This schedule is not shared any more, or the link is not complete.</p>
        <p>
          <a className="button" href="/schedule">Build your own schedule</a>
        </p>
      </div>
    );
  }
  const { view } = data;
  const untimed = untimedItems(view.courses);
  return (
    <div className="page schedule-page">
      <p className="course-code">Shared schedule</p>
      <h1>{`${data.name}, ${view.term.name}`}</h1>
      <p className="muted no-print">
        A plan a BU student shared, read-only. Seats are as the term's schedule last said.
      </p>
      {view.courses.length > 0 && <ScheduleTotals view={view} signedIn={false} />}
      <h2>Courses</h2>
      <ul className="schedule-course-list">
        {view.courses.map((course) => <ScheduleCourseItem key={course.id} course={course} />)}
      </ul>
      <WeekCalendar meetings={weekMeetings(view.courses)} untimed={untimed} title={`${data.name}, ${view.term.name}`} />
      <p className="no-print">
        <a className="button button-small" href={`/api/schedules/shared/${data.token}/calendar.ics`} download>
          Download calendar (.ics)
        </a>{" "}
        <a className="button button-small button-ghost" href="/schedule">Build your own schedule</a>
      </p>
    </div>
  );
}
