import HubPlanner from "../islands/HubPlanner.tsx";
import { ProgressBar } from "../src/components/ProgressBar.tsx";
import { HubBadges } from "../src/components/CourseCard.tsx";
import { Score } from "../src/components/Score.tsx";
import { hubName } from "../src/lib/hub-areas.ts";
import {
  type HubProgressItem,
  type HubProgressSummary,
  hubSummary,
  progressTone,
  type RequirementProgress,
} from "../src/lib/hub-counting.ts";
import type { HubTrack } from "../src/lib/hub-requirements.ts";
import type { LoadFailure, PageMeta, PageProps, SignedInContext } from "../src/server/context.ts";
import { hubProgressFor } from "../src/services/courses/course-lists.ts";
import { type MultiUnitCourse, multiUnitCourses } from "../src/services/hub/hub-plan-solver.ts";

export const access = "user";
export const loadFailure: LoadFailure = { heading: "Hub Progress", message: "Error fetching hub progress" };

/** A requirement of the student's Hub rules, with the codes whose completed courses met it (for alternatives). */
type Requirement = RequirementProgress & { fulfilledBy: string[] };

type Data = { track: HubTrack; requirements: Requirement[]; summary: HubProgressSummary; several: MultiUnitCourse[] };

export async function load(c: SignedInContext): Promise<Data> {
  const db = c.var.deps.database.db;
  const [progress, several] = await Promise.all([
    hubProgressFor(db, c.var.user.id),
    multiUnitCourses(db, c.var.user.id),
  ]);
  return {
    track: progress.track,
    requirements: progress.requirements.map((r) => ({ ...r, fulfilledBy: fulfilledBy(r, progress.items) })),
    summary: hubSummary(progress.requirements),
    several,
  };
}

/**
 * For a requirement met by a unit of any of several codes (SI2 or SO2; PLM, AEX or HCO), the codes its completed
 * courses carry, in the requirement's order: each area's own count names the courses that gave it a unit.
 */
function fulfilledBy(requirement: RequirementProgress, items: HubProgressItem[]): string[] {
  if (requirement.codes.length < 2 || !requirement.fulfilled) return [];
  const counted = new Set(requirement.fulfillingCourses);
  return requirement.codes.filter((code) =>
    items.find((item) => item.hubCode === code)?.fulfillingCourses.some((course) => counted.has(course))
  );
}

/** "SI2 or SO2", "PLM, AEX or HCO". */
function wordList(words: readonly string[], last: "or" | "and"): string {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} ${last} ${words[words.length - 1]}`;
}

const RULES: Record<HubTrack, string> = {
  "first-year": "a first-year entrant",
  transfer: "a transfer student",
};

/** Courses that count toward several remaining requirements at once. */
function SeveralUnits({ courses }: { courses: MultiUnitCourse[] }) {
  if (!courses.length) return null;
  return (
    <section className="card hub-several" aria-labelledby="several-heading">
      <h2 id="several-heading">Courses that cover several of your remaining units</h2>
      <p className="muted hub-several-intro">Each of these counts toward two or more requirements you still need.</p>
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
    </section>
  );
}

export const meta: PageMeta = { title: "Hub Progress", noindex: true };

/** The requirements by category, in the order of the student's Hub rules. */
function groupsOf(requirements: Requirement[]): { category: string; requirements: Requirement[] }[] {
  const groups: { category: string; requirements: Requirement[] }[] = [];
  for (const requirement of requirements) {
    let group = groups.find((g) => g.category === requirement.category);
    if (!group) groups.push(group = { category: requirement.category, requirements: [] });
    group.requirements.push(requirement);
  }
  return groups;
}

/** Spoken after a group's "3/4" badge; the leading space keeps the words apart. */
const FULFILLED = " fulfilled";

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

const units = (n: number) => (n === 1 ? "unit" : "units");

/** "Teamwork/Collaboration" may wrap after its slash rather than inside a word. */
function breakable(name: string) {
  return name.split("/").flatMap((part, i) => (i === 0 ? [part] : ["/", <wbr key={i} />, part]));
}

function statusBadge(r: Requirement) {
  if (r.fulfilled) return <span className="badge badge-success">✓ Complete</span>;
  if (r.projectedFulfilled) return <span className="badge badge-info">Will Complete</span>;
  return <span className="badge badge-danger">Needs Attention</span>;
}

function RequirementCard({ r }: { r: Requirement }) {
  const headingId = `hub-${slug(r.key)}`;
  const codes = wordList(r.codes, "or");
  const extra = r.projected - r.completed;
  const tone = r.fulfilled ? "success" : progressTone(r.completed, r.required);
  const count = `${r.completed} of ${r.required} ${units(r.required)}`;
  const alternatives = r.codes.length > 1;
  return (
    <li className={alternatives ? "card hub-card hub-card-alternatives" : "card hub-card"} aria-labelledby={headingId}>
      <div className="hub-card-head">
        <h3 id={headingId}>
          <span className="hub-code">{codes}</span> <span className="hub-name">{breakable(r.name)}</span>
        </h3>
        {statusBadge(r)}
      </div>
      {alternatives && (
        <p className="hub-either">
          {r.required === 1
            ? `One unit of ${codes} fulfils this requirement.`
            : `${r.required} units of ${codes} fulfil this requirement.`}
          {r.fulfilledBy.length > 0 && <strong>{` Fulfilled by ${wordList(r.fulfilledBy, "and")}.`}</strong>}
        </p>
      )}
      <p className="hub-count">
        <span>{count}</span>
        {extra > 0 && <span className="hub-projected">{`+${extra} projected`}</span>}
      </p>
      <ProgressBar value={r.completed} max={r.required} tone={tone} label={`${codes} progress`} valueText={count} />
      {!r.projectedFulfilled && (
        <p className="hub-find">
          {/* Hub search is AND, so a requirement with alternatives gets a search per code. */}
          {r.codes.map((code, i) => (
            <span key={code}>
              {i > 0 && " · "}
              <a href={`/search?hubReqs=${code}`}>{`Find ${code} courses`}</a>
            </span>
          ))}
        </p>
      )}
      <dl className="hub-facts">
        <div className="hub-fact-courses">
          <dt>Fulfilling courses</dt>
          <dd>
            {r.fulfillingCourses.length ? r.fulfillingCourses.join(", ") : <span className="muted">None yet</span>}
          </dd>
        </div>
        {r.plannedCourses.length > 0 && (
          <div className="hub-fact-planned">
            <dt>Planned</dt>
            <dd>{r.plannedCourses.join(", ")}</dd>
          </div>
        )}
        <div className="hub-fact-status">
          <dt>Status</dt>
          <dd>{r.fulfilled ? "Complete" : "In Progress"}</dd>
        </div>
        <div className="hub-fact-status">
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
        <p className="hub-rules">
          Counting as {RULES[data.track]}
          {` (${summary.total} requirements).`} <a href="/account">Change on Account</a>
        </p>
        <ProgressBar
          value={summary.completed}
          max={summary.total}
          tone={overallTone}
          size="large"
          label="Overall Hub progress"
          valueText={`${summary.percent}% of requirements fulfilled`}
        />
        <p className="hub-totals-caption">{`Of your ${summary.total} requirements:`}</p>
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
      <div className="hub-groups">
        {groupsOf(data.requirements).map((group) => {
          const id = `group-${slug(group.category)}`;
          const done = group.requirements.filter((r) => r.fulfilled).length;
          const total = group.requirements.length;
          // Groups of one or two cards stand side by side on a wide screen (a transfer student's are mostly of one).
          const width = `hub-group-of-${Math.min(total, 3)}`;
          return (
            <section key={group.category} className={`hub-group ${width}`} aria-labelledby={id}>
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
    </div>
  );
}
