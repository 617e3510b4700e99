import type { CourseOffering, CourseView } from "../lib/api-types.ts";
import { offeringLabel } from "../lib/term-codes.ts";
import { CompareToggle } from "./CompareToggle.tsx";
import { BookmarkToggle, CourseToggles } from "./CourseToggles.tsx";
import { Score } from "./Score.tsx";

/** The five averages after Overall: usefulness, interest and teacher on the colour scale; difficulty and workload without it. */
const DETAIL_RATINGS: [label: string, key: keyof CourseView, neutral: boolean][] = [
  ["Useful", "averageUsefulnessRating", false],
  ["Difficulty", "averageDifficultyRating", true],
  ["Workload", "averageWorkloadRating", true],
  ["Interest", "averageInterestRating", false],
  ["Teacher", "averageTeacherRating", false],
];

/**
 * A course's six averages, Overall first with its review count; a course
 * without reviews says "No ratings yet" instead of zeros.
 */
export function RatingList({ course }: { course: CourseView }) {
  if (course.numReviews === 0) {
    return (
      <p className="ratings-empty">
        <Score value={0} count={0} />
        <span className="score-count">(0 reviews)</span>
      </p>
    );
  }
  return (
    <dl className="ratings">
      <div className="rating-overall">
        <dt>Overall</dt>
        <dd>
          <Score value={course.averageOverallRating} count={course.numReviews} withCount />
        </dd>
      </div>
      {DETAIL_RATINGS.map(([label, key, neutral]) => (
        <div key={key}>
          <dt>{label}</dt>
          <dd>
            <Score value={course[key] as number} count={course.numReviews} neutral={neutral} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function HubBadges({ hubs }: { hubs: CourseView["hubRequirements"] }) {
  if (!hubs.length) return <span className="badge badge-muted">N/A</span>;
  return (
    <ul className="badges" aria-label="Hub units">
      {hubs.map((hub) => <li key={hub.code} className="badge badge-hub" title={hub.name}>{hub.code}</li>)}
    </ul>
  );
}

/**
 * A search or list result. The list toggles work inside an island that seeded the lists store; Compare needs no
 * account. A search result also says its term and sections (`offering`).
 */
export function CourseCard({ course }: { course: CourseView & { offering?: CourseOffering | null } }) {
  return (
    <article className="card course-card">
      <header>
        <div className="course-card-top">
          <p className="course-code">
            <span className="code">{course.code}</span>
            <span className="department-name">{course.departmentName}</span>
          </p>
          <div className="course-card-tools">
            <CompareToggle courseId={course.id} code={course.code} />
            <BookmarkToggle courseId={course.id} courseName={course.code} />
          </div>
        </div>
        <h3 className="course-title">
          <a href={`/course/${course.id}`}>{course.title}</a>
        </h3>
        <p className="course-meta">
          <span>{course.collegeName}</span>
          {course.offering && (
            <span className="badge badge-term" title={`Sections to register for in ${course.offering.name}`}>
              {offeringLabel(course.offering)}
            </span>
          )}
          {course.noPreReqs && <span className="badge badge-success">No prereq</span>}
          {!course.current && (
            <span className="badge badge-old" title="Not in BU's recent catalog: it may no longer be offered">
              Not offered recently
            </span>
          )}
        </p>
      </header>
      <RatingList course={course} />
      <HubBadges hubs={course.hubRequirements} />
      <div className="card-actions">
        <CourseToggles courseId={course.id} variant="card" lists={["completed", "future"]} />
        {course.offering && (
          <a
            className="button button-small button-ghost"
            href={`/schedule?term=${course.offering.term}&add=${course.id}`}
            aria-label={`Add to ${course.offering.name} schedule: ${course.code}`}
          >
            {`Add to ${course.offering.name} schedule`}
          </a>
        )}
        <a
          className="button button-small button-ghost"
          href={`/course/${course.id}`}
          aria-label={`View Course ${course.code}`}
        >
          View Course
        </a>
      </div>
    </article>
  );
}
