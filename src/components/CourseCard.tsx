import type { CourseView } from "../lib/api-types.ts";
import { plural } from "../lib/text.ts";
import { BookmarkToggle, CourseToggles } from "./CourseToggles.tsx";

const RATINGS: [label: string, key: keyof CourseView][] = [
  ["Overall", "averageOverallRating"],
  ["Useful", "averageUsefulnessRating"],
  ["Difficulty", "averageDifficultyRating"],
  ["Workload", "averageWorkloadRating"],
  ["Interest", "averageInterestRating"],
  ["Teacher", "averageTeacherRating"],
];

export function RatingList({ course }: { course: CourseView }) {
  return (
    <dl className="ratings">
      {RATINGS.map(([label, key]) => (
        <div key={key}>
          <dt>{label}</dt>
          <dd>{(course[key] as number).toFixed(1)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function HubBadges({ hubs }: { hubs: CourseView["hubRequirements"] }) {
  if (!hubs.length) return <span className="badge badge-muted">N/A</span>;
  return (
    <ul className="badges" aria-label="Hub units">
      {hubs.map((hub) => <li key={hub.code} className="badge" title={hub.name}>{hub.code}</li>)}
    </ul>
  );
}

/** A search result. The toggles work inside an island that seeded the lists store. */
export function CourseCard({ course }: { course: CourseView }) {
  return (
    <article className="card course-card">
      <header>
        <div className="course-card-top">
          <p className="course-code">{course.college} · {course.department} · {course.courseCode}</p>
          <BookmarkToggle courseId={course.id} courseName={course.code} />
        </div>
        <h2>
          <a href={`/course/${course.id}`}>{course.title}</a>
        </h2>
        <p className="course-meta">
          {course.noPreReqs && <span className="badge badge-success">No prereq</span>}
          <span>{plural(course.numReviews, "review")}</span>
        </p>
      </header>
      <RatingList course={course} />
      <HubBadges hubs={course.hubRequirements} />
      <div className="card-actions">
        <CourseToggles courseId={course.id} variant="card" lists={["completed", "future"]} />
        <a className="button button-small button-ghost" href={`/course/${course.id}`} aria-label={`View Course ${course.code}`}>View Course</a>
      </div>
    </article>
  );
}
