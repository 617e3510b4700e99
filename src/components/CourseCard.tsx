import type { CourseView } from "../services/courses.ts";
import { plural } from "../lib/text.ts";

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

export function CourseCard({ course }: { course: CourseView }) {
  return (
    <article className="card course-card">
      <header>
        <p className="course-code">{course.college} · {course.department} · {course.courseCode}</p>
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
      <p>
        <a className="button button-ghost" href={`/course/${course.id}`}>View Course</a>
      </p>
    </article>
  );
}
