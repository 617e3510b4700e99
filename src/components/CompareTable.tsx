import { type CSSProperties, Fragment, type ReactNode } from "react";
import type { ComparedCourse, CourseView } from "../lib/api-types.ts";
import { bestOf, type Better, compareHref, formatHours } from "../lib/comparison.ts";
import { plural, shortened } from "../lib/text.ts";
import { PrerequisiteSummary } from "./PrerequisiteGroups.tsx";
import { Score } from "./Score.tsx";

type RatingRow = { label: string; key: keyof CourseView & `average${string}`; better: Better };

/** docs/product.md, Ratings: lower difficulty and workload count as better. */
const RATING_ROWS: RatingRow[] = [
  { label: "Overall", key: "averageOverallRating", better: "higher" },
  { label: "Useful", key: "averageUsefulnessRating", better: "higher" },
  { label: "Difficulty", key: "averageDifficultyRating", better: "lower" },
  { label: "Workload", key: "averageWorkloadRating", better: "lower" },
  { label: "Interest", key: "averageInterestRating", better: "higher" },
  { label: "Teacher", key: "averageTeacherRating", better: "higher" },
];

/** Descriptions are cut to a few lines: the course page has the whole text. */
const DESCRIPTION_LENGTH = 260;

const ELIGIBILITY = new Map([
  ["met", { className: "badge badge-success", text: "✓ You have met these" }],
  ["unmet", { className: "badge badge-muted", text: "Not met yet" }],
  ["unknown", { className: "badge badge-muted", text: "Cannot tell: see the note" }],
]);

/** "Creativity/Innovation" may break after its slash in a narrow column. */
function BreakableName({ name }: { name: string }) {
  const parts = name.split("/");
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && (
            <>
              /<wbr />
            </>
          )}
          {part}
        </Fragment>
      ))}
    </>
  );
}

function Row({ label, note, children }: { label: string; note?: string; children: ReactNode }) {
  return (
    <tr>
      <th scope="row">
        {label}
        {note && <span className="compare-row-note">{note}</span>}
      </th>
      {children}
    </tr>
  );
}

function RatingCell({ course, row, best }: { course: ComparedCourse; row: RatingRow; best: boolean }) {
  const neutral = row.better === "lower";
  if (row.key !== "averageOverallRating" && course.numReviews === 0) {
    // The Overall row already says "No ratings yet"; the rows under it say it to screen readers only.
    return (
      <td className="compare-none">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">No ratings yet</span>
      </td>
    );
  }
  return (
    <td className={best ? "compare-best" : undefined}>
      <Score
        value={course[row.key]}
        count={course.numReviews}
        withCount={row.key === "averageOverallRating"}
        neutral={neutral}
      />
      {best && <span className="compare-best-tag">Best</span>}
    </td>
  );
}

/**
 * Up to four courses side by side: one column per course, one row per
 * property, the row names sticky on the left so a phone can scroll the
 * courses sideways. The best value of each rating row is marked among the
 * courses that have reviews. Each column's Remove is a link to the same
 * comparison without that course.
 */
export function CompareTable({ courses }: { courses: ComparedCourse[] }) {
  const ids = courses.map((course) => course.id);
  const best = new Map(RATING_ROWS.map((row) => [
    row.key,
    bestOf(
      courses.map((course) => ({ id: course.id, value: course[row.key], rated: course.numReviews > 0 })),
      row.better,
    ),
  ]));
  return (
    <>
      {courses.length > 2 && (
        <p className="compare-scroll-hint" aria-hidden="true">
          {`Swipe the table sideways to see all ${courses.length} courses.`}
        </p>
      )}
      <div className="compare-scroll" role="region" aria-label="Courses side by side" tabIndex={0}>
        <table className="compare-table" style={{ "--compare-columns": courses.length } as CSSProperties}>
          <thead>
            <tr>
              <td className="compare-corner" />
              {courses.map((course) => (
                <th key={course.id} scope="col" className="compare-course">
                  <a href={`/course/${course.id}`} className="compare-course-link">
                    <span className="code">{course.code}</span>
                    <span className="compare-course-title">{course.title}</span>
                  </a>
                  {!course.current && <span className="badge badge-old">Not offered recently</span>}
                  <a
                    href={compareHref(ids.filter((id) => id !== course.id))}
                    className="compare-remove"
                    aria-label={`Remove ${course.code} from the comparison`}
                  >
                    Remove
                  </a>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {RATING_ROWS.map((row) => (
              <Row key={row.key} label={row.label} note={row.better === "lower" ? "lower is better" : undefined}>
                {courses.map((course) => (
                  <RatingCell key={course.id} course={course} row={row} best={best.get(row.key)!.has(course.id)} />
                ))}
              </Row>
            ))}
            <Row label="Hours per week" note="median">
              {courses.map((course) => (
                <td key={course.id}>
                  {course.hoursPerWeek.median === null ? <span className="muted">No reviews yet</span> : (
                    <>
                      <strong className="compare-hours">{`${formatHours(course.hoursPerWeek.median)} h`}</strong>
                      <span className="score-count">{`(${plural(course.hoursPerWeek.count, "review")})`}</span>
                    </>
                  )}
                </td>
              ))}
            </Row>
            <Row label="Hubs">
              {courses.map((course) => (
                <td key={course.id}>
                  {course.hubRequirements.length
                    ? (
                      <ul className="compare-hubs">
                        {course.hubRequirements.map((hub) => (
                          <li key={hub.code}>
                            <span className="badge badge-hub">{hub.code}</span> <BreakableName name={hub.name} />
                          </li>
                        ))}
                      </ul>
                    )
                    : <span className="muted">None</span>}
                </td>
              ))}
            </Row>
            <Row label="Prerequisites">
              {courses.map((course) => {
                const eligibility = course.eligibility ? ELIGIBILITY.get(course.eligibility) : undefined;
                return (
                  <td key={course.id} className="compare-prerequisites">
                    <PrerequisiteSummary course={course} />
                    {eligibility && !course.noPreReqs && (
                      <span className={eligibility.className}>{eligibility.text}</span>
                    )}
                  </td>
                );
              })}
            </Row>
            <Row label="Level">
              {courses.map((course) => <td key={course.id}>{course.level}</td>)}
            </Row>
            <Row label="College">
              {courses.map((course) => <td key={course.id}>{course.collegeName}</td>)}
            </Row>
            <Row label="Department">
              {courses.map((course) => <td key={course.id}>{course.departmentName}</td>)}
            </Row>
            <Row label="Description">
              {courses.map((course) => (
                <td key={course.id} className="compare-description">
                  {course.description
                    ? shortened(course.description, DESCRIPTION_LENGTH)
                    : <span className="muted">No Description Found</span>}
                </td>
              ))}
            </Row>
          </tbody>
        </table>
      </div>
    </>
  );
}
