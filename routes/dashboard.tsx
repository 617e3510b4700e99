import { NoticeBanner } from "../src/components/NoticeBanner.tsx";
import { ProgressBar } from "../src/components/ProgressBar.tsx";
import { type HubProgressSummary, hubSummary, progressTone } from "../src/lib/hub-counting.ts";
import type { HubTrack } from "../src/lib/hub-requirements.ts";
import { plural } from "../src/lib/text.ts";
import type { LoadFailure, PageMeta, PageProps, SignedInContext } from "../src/server/context.ts";
import { type DashboardData, dashboardFor, hubProgressFor } from "../src/services/courses/course-lists.ts";

export const access = "user";
export const loadFailure: LoadFailure = { heading: "Dashboard", message: "Failed to load dashboard data" };

/** docs/product.md, Dashboard: below this many completed courses, an empty review list means "just starting". */
const DASHBOARD_THRESHOLD = 5;

type Data = { dashboard: DashboardData; hub: { track: HubTrack; summary: HubProgressSummary } };

export async function load(c: SignedInContext): Promise<Data> {
  const db = c.var.deps.database.db;
  // Started together, so their reads leave in one round trip.
  const [dashboard, hub] = await Promise.all([dashboardFor(db, c.var.user), hubProgressFor(db, c.var.user.id)]);
  return { dashboard, hub: { track: hub.track, summary: hubSummary(hub.requirements) } };
}

const RULES: Record<HubTrack, string> = {
  "first-year": "first-year entrant",
  transfer: "transfer student",
};

export const meta: PageMeta = { title: "Dashboard", noindex: true };

function Metric({ label, value, hint }: { label: string; value: string | number; hint?: string }) {
  return (
    <div className="metric card">
      <dt>
        {label}
        {hint && <span className="metric-hint">{` ${hint}`}</span>}
      </dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The Hub requirements at a glance, under the student's Hub rules, with the way to the full page. */
function HubLine({ hub: { track, summary } }: { hub: Data["hub"] }) {
  const line = `${summary.completed} of ${summary.total} requirements fulfilled, ${summary.inFuture} planned`;
  const tone = summary.completed >= summary.total ? "success" : progressTone(summary.completed, summary.total);
  return (
    <div className="card dashboard-hub">
      <p className="dashboard-hub-line">
        <strong>Hub:</strong> {line}
      </p>
      <ProgressBar
        value={summary.completed}
        max={summary.total}
        tone={tone}
        label="Hub requirements fulfilled"
        valueText={`${summary.completed} of ${summary.total} requirements fulfilled`}
      />
      <p className="dashboard-hub-rules muted">
        {`Counted under the ${RULES[track]} rules.`} <a href="/hub-progress">See your Hub progress</a>
      </p>
    </div>
  );
}

function NextToReview({ data }: { data: DashboardData }) {
  const links = data.coursesToReviewLinks;
  if (links.length === 0 && data.coursesCompleted < DASHBOARD_THRESHOLD) {
    return (
      <div className="card next-review next-review-empty">
        <p className="next-review-title">Start your course journey!</p>
        <p className="muted">
          Mark the courses you have taken as done, and they will show up here, ready for your review.
        </p>
        <a className="button" href="/search">Add more courses</a>
      </div>
    );
  }
  if (links.length === 0) {
    return (
      <div className="card next-review next-review-empty">
        <p className="next-review-title">All caught up!</p>
        <p className="muted">You have reviewed every course you completed. Thank you for helping other students.</p>
      </div>
    );
  }
  return (
    <div className="card next-review">
      <p className="next-review-count">{`${plural(links.length, "course")} ready for review`}</p>
      <ul className="review-links">
        {links.map((course) => (
          <li key={course.id}>
            <a href={`/course/${course.id}/review`} aria-label={`Review ${course.name}`}>{course.name}</a>
          </li>
        ))}
      </ul>
      <a className="button button-ghost" href="/my-courses">View All My Courses</a>
    </div>
  );
}

export default function Dashboard({ data, user, notice }: PageProps<Data>) {
  if (!user) return null;
  const d = data.dashboard;
  return (
    <div className="page personal-page dashboard">
      <NoticeBanner notice={notice} />
      <header className="dashboard-head">
        <h1>
          <span className="dashboard-welcome">Welcome,</span> <span className="dashboard-email">{d.email}</span>
        </h1>
        <ul className="dashboard-profile" aria-label="Your profile">
          <li>{d.major}, {d.college}</li>
          <li>Expected graduation {d.expectedGrad}</li>
        </ul>
      </header>
      <section aria-labelledby="metrics-heading">
        <h2 id="metrics-heading" className="visually-hidden">Your numbers</h2>
        <dl className="metrics">
          <Metric label="Courses completed" value={d.coursesCompleted} />
          <Metric label="Future courses planned" value={d.coursesInProgress} />
          <Metric label="Bookmarked" value={d.coursesSaved} />
          <Metric label="Reviewed" value={d.coursesReviewed} />
          <Metric label="Total upvotes" hint="from your reviews" value={d.totalUpvotes} />
          <Metric label="Average review score" hint="by votes" value={d.averageReviewScore.toFixed(1)} />
        </dl>
      </section>
      <section aria-labelledby="hub-heading">
        <h2 id="hub-heading" className="visually-hidden">Hub requirements</h2>
        <HubLine hub={data.hub} />
      </section>
      <section aria-labelledby="next-heading">
        <h2 id="next-heading">Next courses to review</h2>
        <NextToReview data={d} />
      </section>
    </div>
  );
}
