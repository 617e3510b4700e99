/**
 * Who a course is open to, on its page (src/lib/enrolment-rules.ts): for a signed-in student, whether it is open to
 * them and every reason it is not; for a visitor, the rules that cover it ("For College of General Studies students").
 */
import type { CourseDetail } from "../lib/api-types.ts";
import {
  enrolmentLimits,
  limitSentence,
  restrictionIn,
  type RuleCourse,
  rulesCovering,
  type RuleStudent,
  standingsIn,
} from "../lib/enrolment-rules.ts";
import { COCURRICULAR_CAP, isCocurricular } from "../lib/hub-requirements.ts";

type Props = {
  course: CourseDetail;
  /** The signed-in student, or null for a visitor. */
  student: RuleStudent | null;
  /** The student's completed and future courses, for the courses this one cannot count with. */
  takenIds: ReadonlySet<number> | null;
};

function ruleCourse(course: CourseDetail): RuleCourse {
  return {
    college: course.college,
    department: course.department,
    numberValue: Number.parseInt(course.courseCode, 10) || 0,
    description: course.description,
  };
}

export function EnrolmentNote({ course, student, takenIds }: Props) {
  const rules = ruleCourse(course);
  const cocurricular = isCocurricular(rules)
    ? `A cocurricular experience: these count for at most ${
      COCURRICULAR_CAP["first-year"]
    } Hub units for a first-year entrant, ${COCURRICULAR_CAP.transfer} for a transfer student.`
    : null;
  if (!student) {
    const covering = rulesCovering(rules);
    const restriction = restrictionIn(course.description);
    const standings = standingsIn(course.description);
    if (!covering.length && !restriction && !standings && !cocurricular) return null;
    return (
      <ul className="enrolment-note muted" aria-label="Who may take it">
        {covering.map((rule) => <li key={rule.id}>{`For ${rule.openTo}.`}</li>)}
        {restriction && <li>{`BU's description says: "${restriction}"`}</li>}
        {standings && <li>{`By class standing: "${standings.text}"`}</li>}
        {cocurricular && <li>{cocurricular}</li>}
      </ul>
    );
  }
  const limits = enrolmentLimits(
    { ...rules, exclusions: [...course.exclusions, ...course.namedInExclusions] },
    student,
    takenIds ? { takenIds, cocurricularLeft: Number.POSITIVE_INFINITY } : undefined,
  );
  if (!limits.length) return cocurricular ? <p className="enrolment-note muted">{cocurricular}</p> : null;
  return (
    <section className="alert alert-warning enrolment-note" aria-labelledby="enrolment-heading">
      <h2 id="enrolment-heading">Not open to you</h2>
      <ul>
        {limits.map((limit) => <li key={limitSentence(limit)}>{limitSentence(limit)}</li>)}
      </ul>
      <p>
        <small>The Hub planner leaves it out for you. Your school and Hub rules are set on your account.</small>
      </p>
    </section>
  );
}
