import type { ReactNode } from "react";
import { longDate } from "../lib/text.ts";
import type { ReviewView } from "../lib/api-types.ts";
import { professorHref } from "../lib/urls.ts";

const DETAILS: [label: string, key: keyof ReviewView][] = [
  ["Usefulness", "usefulnessRating"],
  ["Difficulty", "difficultyRating"],
  ["Workload", "workloadRating"],
  ["Interest", "interestRating"],
  ["Teacher", "teacherRating"],
];

/** One review, every field of docs/product.md (Reviews and votes); `actions` holds the votes and the owner's or reader's buttons. */
export function ReviewCard(
  { review, heading, actions }: { review: ReviewView; heading?: ReactNode; actions?: ReactNode },
) {
  return (
    <article className="card review-card" aria-label={`Review of ${review.teacherName}'s course, ${review.semester}`}>
      {heading}
      <header className="review-head">
        <p className="review-overall">
          <strong>{review.overallRating.toFixed(1)}</strong>
          <span className="muted">/ 5 overall</span>
        </p>
        <dl className="review-facts">
          <div>
            <dt>Professor</dt>
            <dd>
              <a href={professorHref(review.professorSlug)}>{review.teacherName}</a>
            </dd>
          </div>
          <div>
            <dt>Semester</dt>
            <dd>{review.semester}</dd>
          </div>
          <div>
            <dt>Date</dt>
            <dd>
              <time dateTime={review.createdAt}>{longDate(new Date(review.createdAt))}</time>
            </dd>
          </div>
        </dl>
      </header>
      <dl className="review-ratings">
        {DETAILS.map(([label, key]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{String(review[key])}/5</dd>
          </div>
        ))}
        <div>
          <dt>Attendance needed</dt>
          <dd>{review.attendanceRequired ? "Yes" : "No"}</dd>
        </div>
        <div>
          <dt>Hours per week</dt>
          <dd>{review.hoursPerWeek}</dd>
        </div>
      </dl>
      <p className="review-assignments">
        <strong>Assignment types:</strong> {review.assignmentTypes}
      </p>
      <p className="review-text">{review.reviewText}</p>
      {actions && <footer className="review-actions">{actions}</footer>}
    </article>
  );
}
