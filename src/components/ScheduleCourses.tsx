/**
 * A schedule's courses as the schedule page and a shared link show them: per course its chosen sections with times,
 * rooms, instructors (each with their teacher average in the course) and seats, the course's figures and Hub units
 * (those it adds for the student marked), and the week's totals. Actions (change, remove) come from the island.
 */
import type { ReactNode } from "react";
import type { ScheduleCourse, ScheduleView } from "../lib/api-types.ts";
import { chosenSections, creditsOf, NOT_MEETING, notMeeting, weekMeetings } from "../lib/schedule-meetings.ts";
import { minutesPerWeek } from "../lib/schedule-week.ts";
import { plural } from "../lib/text.ts";
import { Instructor, Meetings, Seats, sectionFacts } from "./CourseOffered.tsx";
import { Score } from "./Score.tsx";

function hours(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return `${rounded % 1 === 0 ? rounded.toFixed(0) : rounded.toFixed(1)} h`;
}

/** The figures students gave the course: overall, workload, the hours a week they report. */
export function CourseFigures({ course }: { course: ScheduleCourse }) {
  if (course.reviews === 0) return <p className="schedule-figures muted">No reviews yet</p>;
  return (
    <p className="schedule-figures">
      <span>
        Overall <Score value={course.overall ?? 0} count={course.reviews} withCount />
      </span>{" "}
      <span>
        Workload <Score value={course.workload ?? 0} count={course.reviews} neutral />
      </span>{" "}
      {course.hoursPerWeek !== null && <span>{`${hours(course.hoursPerWeek)} a week reported`}</span>}
    </p>
  );
}

/** The course's Hub units; those among the student's remaining ones are marked as what it adds. */
export function HubUnits({ course }: { course: ScheduleCourse }) {
  if (course.hubUnits.length === 0) return null;
  const adds = new Set(course.adds);
  return (
    <p className="schedule-hubs">
      <span className="muted">Hub</span>{" "}
      {course.hubUnits.map((code) => (
        <span key={code} className={adds.has(code) ? "hub-chip hub-chip-adds" : "hub-chip"}>
          {code}
          {adds.has(code) && <span className="visually-hidden">(one you still need)</span>}
        </span>
      ))}
    </p>
  );
}

/** One course of the schedule, its chosen sections first. */
export function ScheduleCourseItem({ course, actions }: { course: ScheduleCourse; actions?: ReactNode }) {
  const chosen = chosenSections(course);
  return (
    <li className="card schedule-course">
      <div className="schedule-course-head">
        <h3>
          <a href={`/course/${course.id}`}>
            <span className="code">{course.code}</span> <span className="title">{course.title}</span>
          </a>
        </h3>
        {actions && <div className="schedule-course-actions">{actions}</div>}
      </div>
      <ul className="schedule-sections">
        {chosen.map(({ section, enrollment }) => {
          // Cancelled or gone since it was chosen: said first, its times struck through, no seats.
          const cancelled = notMeeting(section);
          return (
            <li key={section.id} className={cancelled ? "schedule-section-cancelled" : undefined}>
              <span className="schedule-section-code">
                {enrollment ? section.section : `${section.section} (discussion or lab)`}
              </span>{" "}
              {cancelled && <strong className="schedule-section-mark">{NOT_MEETING[cancelled]}</strong>}{" "}
              <span className="schedule-section-when">
                <Meetings section={section} />
              </span>{" "}
              {section.instructors.map((person) => <Instructor key={person.name} person={person} />)}{" "}
              {!cancelled && <Seats section={section} />}{" "}
              <span className="muted schedule-section-facts">{sectionFacts(section)}</span>
            </li>
          );
        })}
      </ul>
      <CourseFigures course={course} />
      <HubUnits course={course} />
    </li>
  );
}

/** The week's totals: credits, meetings, hours in class and the hours a week students report; what the term adds. */
export function ScheduleTotals({ view, signedIn }: { view: ScheduleView; signedIn: boolean }) {
  const meetings = weekMeetings(view.courses).filter((m) => !m.exam && !m.cancelled);
  const [min, max] = creditsOf(view.courses);
  const count = meetings.reduce((sum, m) => sum + new Set(m.days).size, 0);
  const reported = view.courses.reduce((sum, c) => sum + (c.hoursPerWeek ?? 0), 0);
  const unreported = view.courses.filter((c) => c.hoursPerWeek === null).length;
  return (
    <div className="schedule-totals" role="group" aria-label="Totals">
      <dl>
        <div>
          <dt>Credits</dt>
          <dd>{min === max ? String(min) : `${min}–${max}`}</dd>
        </div>
        <div>
          <dt>Meetings a week</dt>
          <dd>{count}</dd>
        </div>
        <div>
          <dt>In class</dt>
          <dd>{hours(minutesPerWeek(meetings) / 60)}</dd>
        </div>
        <div>
          <dt>Work students report</dt>
          <dd>
            {`${hours(reported)} a week`}
            {unreported > 0 && <span className="muted">{` (${plural(unreported, "course")} without reports)`}</span>}
          </dd>
        </div>
      </dl>
      {signedIn && (
        <p className="schedule-adds">
          {view.adds.length
            ? (
              <>
                This term adds <strong>{view.adds.join(", ")}</strong> to your Hub progress.
              </>
            )
            : "This term adds none of the Hub units you still need."}
        </p>
      )}
    </div>
  );
}
