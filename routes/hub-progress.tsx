import HubPlanner from "../islands/HubPlanner.tsx";
import { ProgressBar } from "../src/components/ProgressBar.tsx";
import { HubBadges } from "../src/components/CourseCard.tsx";
import { Score } from "../src/components/Score.tsx";
import { HUB_EITHER, hubName } from "../src/lib/hub-areas.ts";
import { type HubProgressItem, type HubProgressSummary, hubSummary, progressTone } from "../src/lib/hub-counting.ts";
import type { LoadFailure, PageMeta, PageProps, SignedInContext } from "../src/server/context.ts";
import { hubProgressFor } from "../src/services/courses/course-lists.ts";
import { type MultiUnitCourse, multiUnitCourses } from "../src/services/hub/hub-plan-solver.ts";

export const access = "user";
export const loadFailure: LoadFailure = { heading: "Hub Progress", message: "Error fetching hub progress" };

type Data = { items: HubProgressItem[]; summary: HubProgressSummary; several: MultiUnitCourse[] };

export async function load(c: SignedInContext): Promise<Data> {
  const db = c.var.deps.database.db;
  const [items, several] = await Promise.all([hubProgressFor(db, c.var.user.id), multiUnitCourses(db, c.var.user.id)]);
  return { items, summary: hubSummary(items), several };
}

/** Courses that count toward several remaining requirements at once. */
function SeveralUnits({ courses }: { courses: MultiUnitCourse[] }) {
  if (!courses.length) return null;
  return (
    <section className="card hub-several" aria-labelledby="several-heading">
      <details>
        <summary>
          <h2 id="several-heading">Courses that cover several of your remaining units</h2>
        </summary>
        <ul className="hub-several-list">
          {courses.map((course) => (
            <li key={course.id}>
              <a href={`/course/${course.id}`}>
                <span className="code">{course.code}</span> {course.title}
              </a>
              <span className="hub-several-facts">
                <HubBadges hubs={course.covers.map((code) => ({ code, name: hubName(code) ?? code }))} />
                <Score value={course.rating} count={course.numReviews} />
              </span>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}

export const meta: PageMeta = { title: "Hub Progress", noindex: true };

/** One card on the page: a Hub area, or the SI2/SO2 pair shown as the single requirement it is. */
type Requirement = {
  key: string;
  code: string;
  name: string;
  required: number;
  completed: number;
  projected: number;
  fulfilled: boolean;
  projectedFulfilled: boolean;
  courses: string[];
  /** For the SI2/SO2 pair: which code's unit met it, once met. */
  either?: { codes: readonly string[]; fulfilledBy?: string };
};

function requirementOf(item: HubProgressItem): Requirement {
  return {
    key: item.hubCode,
    code: item.hubCode,
    name: item.hubName,
    required: item.required,
    completed: item.completed,
    projected: item.projected,
    fulfilled: item.fulfilled,
    projectedFulfilled: item.projectedFulfilled,
    courses: item.fulfillingCourses,
  };
}

/** SI2 and SO2 fulfil one requirement together (docs/product.md, Hub progress): one card with both codes, counted once. */
function eitherRequirement(a: HubProgressItem, b: HubProgressItem): Requirement {
  const courses = [...new Set([...a.fulfillingCourses, ...b.fulfillingCourses])];
  const planned = (a.projected - a.completed) + (b.projected - b.completed);
  return {
    key: `${a.hubCode}-${b.hubCode}`,
    code: `${a.hubCode} or ${b.hubCode}`,
    name: `${a.hubName} or ${b.hubName}`,
    required: a.required,
    completed: courses.length,
    projected: courses.length + planned,
    fulfilled: a.fulfilled,
    projectedFulfilled: a.projectedFulfilled,
    courses,
    either: { codes: HUB_EITHER.codes, fulfilledBy: a.fulfilledBy ?? b.fulfilledBy },
  };
}

/** The requirements by category, in the order of the Hub list. */
function groupsOf(items: HubProgressItem[]): { category: string; requirements: Requirement[] }[] {
  const [first, second] = HUB_EITHER.codes;
  const groups: { category: string; requirements: Requirement[] }[] = [];
  for (const item of items) {
    if (item.hubCode === second) continue;
    const requirement = item.hubCode === first
      ? eitherRequirement(item, items.find((i) => i.hubCode === second)!)
      : requirementOf(item);
    let group = groups.find((g) => g.category === item.category);
    if (!group) groups.push(group = { category: item.category, requirements: [] });
    group.requirements.push(requirement);
  }
  return groups;
}

/** Spoken after a group's "3/4" badge; the leading space keeps the words apart. */
const FULFILLED = " fulfilled";

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

function statusBadge(r: Requirement) {
  if (r.fulfilled) return <span className="badge badge-success">✓ Complete</span>;
  if (r.projectedFulfilled) return <span className="badge badge-info">Will Complete</span>;
  return <span className="badge badge-danger">Needs Attention</span>;
}

function RequirementCard({ r }: { r: Requirement }) {
  const headingId = `hub-${slug(r.key)}`;
  const extra = r.projected - r.completed;
  const tone = r.fulfilled ? "success" : progressTone(r.completed, r.required);
  return (
    <li className="card hub-card" aria-labelledby={headingId}>
      <div className="hub-card-head">
        <h3 id={headingId}>
          <span className="hub-code">{r.code}</span> <span className="hub-name">{r.name}</span>
        </h3>
        {statusBadge(r)}
      </div>
      {r.either && (
        <p className="hub-either">
          {`One unit of ${r.either.codes.join(" or ")} fulfils this requirement.`}
          {r.either.fulfilledBy && <strong>{` Fulfilled by ${r.either.fulfilledBy}.`}</strong>}
        </p>
      )}
      <p className="hub-count">
        <span>{`${r.completed} of ${r.required}`}</span>
        {extra > 0 && <span className="hub-projected">{`+${extra} projected`}</span>}
      </p>
      <ProgressBar
        value={r.completed}
        max={r.required}
        tone={tone}
        label={`${r.code} progress`}
        valueText={`${r.completed} of ${r.required}`}
      />
      {!r.projectedFulfilled && (
        <p className="hub-find">
          {/* Hub search is AND, so the SI2/SO2 pair gets a search per code. */}
          {(r.either?.codes ?? [r.code]).map((code, i) => (
            <span key={code}>
              {i > 0 && " · "}
              <a href={`/search?hubReqs=${code}`}>{`Find ${code} courses`}</a>
            </span>
          ))}
        </p>
      )}
      <dl className="hub-facts">
        <div>
          <dt>Fulfilling courses</dt>
          <dd>{r.courses.length ? r.courses.join(", ") : <span className="muted">None yet</span>}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{r.fulfilled ? "Complete" : "In Progress"}</dd>
        </div>
        <div>
          <dt>Projection</dt>
          <dd>{r.fulfilled ? "Already Complete" : r.projectedFulfilled ? "Will Complete" : "Needs Attention"}</dd>
        </div>
      </dl>
    </li>
  );
}

export default function HubProgress({ data }: PageProps<Data>) {
  const { summary } = data;
  const overallTone = summary.completed >= summary.total ? "success" : progressTone(summary.completed, summary.total);
  return (
    <div className="page page-wide personal-page hub-progress">
      <h1>Hub Progress</h1>
      <p className="muted">
        Your BU Hub requirements, from the courses you marked as done. Courses you plan to take count as projected.{" "}
        <a href="/my-courses">Manage your courses</a>
      </p>
      <section className="card hub-overall" aria-labelledby="overall-heading">
        <div className="hub-overall-head">
          <h2 id="overall-heading">Overall progress</h2>
          <p className="hub-percent">
            <strong>{`${summary.percent}%`}</strong>{" "}
            <span className="muted">{`of requirements fulfilled (${summary.completed} of ${summary.total})`}</span>
          </p>
        </div>
        <ProgressBar
          value={summary.completed}
          max={summary.total}
          tone={overallTone}
          size="large"
          label="Overall Hub progress"
          valueText={`${summary.percent}% of requirements fulfilled`}
        />
        <dl className="hub-totals">
          <div className="hub-total-completed">
            <dt>Completed</dt>
            <dd>{summary.completed}</dd>
          </div>
          <div className="hub-total-future">
            <dt>In Future</dt>
            <dd>{summary.inFuture}</dd>
          </div>
          <div className="hub-total-remaining">
            <dt>Remaining</dt>
            <dd>{summary.remaining}</dd>
          </div>
        </dl>
      </section>
      <HubPlanner />
      <SeveralUnits courses={data.several} />
      {groupsOf(data.items).map((group) => {
        const id = `group-${slug(group.category)}`;
        const done = group.requirements.filter((r) => r.fulfilled).length;
        const total = group.requirements.length;
        return (
          <section key={group.category} className="hub-group" aria-labelledby={id}>
            <div className="hub-group-head">
              <h2 id={id}>{group.category}</h2>
              <span className={done === total ? "badge badge-success hub-group-badge" : "badge hub-group-badge"}>
                {`${done}/${total}`}
                <span className="visually-hidden">{FULFILLED}</span>
              </span>
            </div>
            <ProgressBar
              value={done}
              max={total}
              tone={progressTone(done, total)}
              label={`${group.category} progress`}
              valueText={`${done} of ${total} requirements fulfilled`}
            />
            <ul className="hub-cards">
              {group.requirements.map((r) => <RequirementCard key={r.key} r={r} />)}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
