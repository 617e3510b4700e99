import type { CourseDetail, PrerequisiteRef, PrerequisiteView } from "../lib/api-types.ts";

const ELIGIBILITY = new Map([
  ["met", {
    className: "alert alert-success",
    text: "You have met the prerequisites: every group below has a course you completed.",
  }],
  ["unmet", {
    className: "alert alert-warning",
    text: "You have not met the prerequisites yet: a group below has no course you completed.",
  }],
  [
    "unknown",
    {
      className: "alert alert-info",
      text:
        "HubRate cannot tell whether you meet these prerequisites: they ask for something besides courses (see the note), or allow an equivalent.",
    },
  ],
]);

function CourseRef({ course }: { course: PrerequisiteRef }) {
  if (course.id === null) return <span className="prereq-missing" title="Not in HubRate's catalog">{course.code}</span>;
  return <a href={`/course/${course.id}`}>{course.code}</a>;
}

/**
 * A course's prerequisites as groups of linked courses (every group needed,
 * one course of a group enough), what else the text asks for, BU's own
 * words, and for a signed-in student which groups they have met.
 */
export function Prerequisites({ course, prerequisites }: { course: CourseDetail; prerequisites: string | null }) {
  const eligibility = course.eligibility ? ELIGIBILITY.get(course.eligibility) : undefined;
  const groups = course.prerequisiteGroups;
  return (
    <section aria-labelledby="prerequisites-heading" className="prerequisites">
      <h2 id="prerequisites-heading">Prerequisites</h2>
      {eligibility && <p className={eligibility.className} data-eligibility={course.eligibility}>{eligibility.text}</p>}
      {groups.length > 0 && (
        <ol className="prereq-groups" aria-label={groups.length === 1 ? "Required" : "Required, all of these"}>
          {groups.map((group, i) => {
            const met = course.groupsMet?.[i];
            return (
              <li
                key={i}
                className={met === undefined ? "prereq-group" : met ? "prereq-group met" : "prereq-group unmet"}
              >
                {group.length > 1 && <span className="prereq-one-of">One of</span>}
                <span className="prereq-courses">
                  {group.map((ref, j) => (
                    <span key={ref.code}>
                      {j > 0 && <span className="prereq-or">or</span>}
                      <CourseRef course={ref} />
                    </span>
                  ))}
                </span>
                {met !== undefined && (
                  <span className={met ? "badge badge-success" : "badge badge-muted"}>
                    {met ? "✓ Completed" : "Not yet"}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {course.prerequisiteNote && (
        <p className="prereq-note">
          <strong>{groups.length ? "Also:" : "Requires:"}</strong> {course.prerequisiteNote}
        </p>
      )}
      <p className="prereq-source muted">
        <small>
          {prerequisites
            ? `As BU's catalog words it: “${prerequisites}”`
            : "As the course's description states them (its prerequisite field is empty)."}
        </small>
      </p>
    </section>
  );
}

/** The courses the description says cannot count together with this one: credit counts for one of them only. */
export function NotForCreditWith({ course }: { course: CourseDetail }) {
  // Its own description's list, then the courses whose descriptions name it: the rule holds both ways round.
  const refs = [...course.exclusions, ...course.namedInExclusions].filter((ref, i, all) =>
    all.findIndex((other) => other.code === ref.code) === i
  );
  if (!refs.length) return null;
  return (
    <section aria-labelledby="exclusions-heading" className="prerequisites">
      <h2 id="exclusions-heading">Not for credit with</h2>
      <p className="prereq-exclusions">
        {refs.map((ref, i) => (
          <span key={ref.code}>
            {i > 0 && ", "}
            <CourseRef course={ref} />
          </span>
        ))}
      </p>
      <p className="muted">
        <small>As the courses' descriptions say: credit counts for only one of them.</small>
      </p>
    </section>
  );
}

/** How many of the courses that need this one show before "Show all". */
const REQUIRED_FOR_SHOWN = 6;

function RequiredForItem({ other }: { other: CourseDetail["requiredFor"][number] }) {
  return (
    <li>
      <a href={`/course/${other.id}`}>
        <span className="code">{other.code}</span> {other.title}
      </a>
    </li>
  );
}

/** The courses whose prerequisites name this one: the first few, the rest behind "Show all". */
export function RequiredFor({ course }: { course: CourseDetail }) {
  const all = course.requiredFor;
  if (!all.length) return null;
  const rest = all.slice(REQUIRED_FOR_SHOWN);
  return (
    <section aria-labelledby="required-for-heading" className="required-for">
      <h2 id="required-for-heading">Required for</h2>
      <p className="muted">
        <small>
          {all.length === 1
            ? "1 course names this one as a prerequisite."
            : `${all.length} courses name this one as a prerequisite.`}
        </small>
      </p>
      <ul className="required-for-list">
        {all.slice(0, REQUIRED_FOR_SHOWN).map((other) => <RequiredForItem key={other.id} other={other} />)}
      </ul>
      {rest.length > 0 && (
        <details className="required-for-more">
          <summary>{`Show all ${all.length}`}</summary>
          <ul className="required-for-list">
            {rest.map((other) => <RequiredForItem key={other.id} other={other} />)}
          </ul>
        </details>
      )}
    </section>
  );
}

/**
 * A course's prerequisites in a few lines, for a column of the comparison:
 * each group as linked courses ("one of" when it offers several), then the
 * note. No heading and no ids, so several fit on one page.
 */
export function PrerequisiteSummary(
  { course }: { course: PrerequisiteView & { noPreReqs: boolean; prerequisites: string | null } },
) {
  const groups = course.prerequisiteGroups;
  if (course.noPreReqs || (!groups.length && !course.prerequisiteNote && !course.prerequisites)) {
    return <span className="muted">None</span>;
  }
  return (
    <>
      {groups.length > 0 && (
        <ul className="prereq-summary" aria-label={groups.length === 1 ? "Required" : "Required, all of these"}>
          {groups.map((group, i) => (
            <li key={i}>
              {group.length > 1 && <span className="prereq-one-of">One of</span>}{" "}
              {group.map((ref, j) => (
                <span key={ref.code}>
                  {/* Spaces around "or", so a line may break there and never inside a code. */}
                  {j > 0 && (
                    <>
                      {" "}
                      <span className="prereq-or">or</span>
                      {" "}
                    </>
                  )}
                  <CourseRef course={ref} />
                </span>
              ))}
            </li>
          ))}
        </ul>
      )}
      {course.prerequisiteNote && (
        <p className="prereq-note">
          <strong>{groups.length ? "Also:" : "Requires:"}</strong> {course.prerequisiteNote}
        </p>
      )}
      {!groups.length && !course.prerequisiteNote && course.prerequisites && <p>{course.prerequisites}</p>}
    </>
  );
}
