import { NoticeBanner } from "../src/components/NoticeBanner.tsx";
import { plural } from "../src/lib/text.ts";
import type { LoadFailure, PageMeta, PageProps, SignedInContext } from "../src/server/context.ts";
import { type DashboardData, dashboardFor } from "../src/services/courses/course-lists.ts";

export const access = "user";
export const loadFailure: LoadFailure = { heading: "Dashboard", message: "Failed to load dashboard data" };

/** docs/product.md, Dashboard: below this many completed courses, an empty review list means "just starting". */
const DASHBOARD_THRESHOLD = 5;

type Data = { dashboard: DashboardData };

export async function load(c: SignedInContext): Promise<Data> {
  return { dashboard: await dashboardFor(c.var.deps.database.db, c.var.user) };
}

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
      <section aria-labelledby="next-heading">
        <h2 id="next-heading">Next courses to review</h2>
        <NextToReview data={d} />
      </section>
    </div>
  );
}
