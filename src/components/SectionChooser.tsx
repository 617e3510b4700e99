/**
 * Choosing a course's sections for a schedule (the schedule builder's chooser): its sections to register for side by
 * side, each with times, room, instructors (their teacher average in the course), seats and what it would overlap in
 * the rest of the week; then, when the lecture has them, its discussions or labs. "Only sections that fit the rest of my
 * week" leaves out what overlaps, and lets go of a choice it hides.
 */
import type { RefObject } from "react";
import type { CompanionSection, ScheduleCourse } from "../lib/api-types.ts";
import { choosable, sectionWeekMeetings } from "../lib/schedule-meetings.ts";
import { conflictsOf, type WeekMeeting } from "../lib/schedule-week.ts";
import { Instructor, Meetings, Seats } from "./CourseOffered.tsx";
import { CourseFigures, HubUnits } from "./ScheduleCourses.tsx";

/** What is being chosen: the course, the section to register for and its companion, and the filter. */
export type Chooser = { course: ScheduleCourse; lecture: number | null; companion: number | null; fitsOnly: boolean };

/** The companions a student may choose with a lecture of the course: its own, else those that go with any. */
export function companionsOf(course: ScheduleCourse, lectureId: number | null): CompanionSection[] {
  const lecture = course.sections.find((s) => s.id === lectureId);
  if (!lecture) return [];
  // As src/lib/schedule-rules.ts decides: the lecture's own open companions, else the open ones that go with any.
  const open = (list: CompanionSection[]) => list.filter(choosable);
  const own = open(lecture.companions);
  return own.length ? own : open(course.unlinkedCompanions);
}

/** The meetings of the other courses that a section of `course` would overlap, as labels ("CAS MA 123 B2"). */
export function clashes(course: ScheduleCourse, section: CompanionSection, others: readonly WeekMeeting[]): string[] {
  const own = sectionWeekMeetings(course, section);
  const keys = new Set(own.map((m) => m.key));
  return [
    ...new Set(
      conflictsOf([...others, ...own]).filter((c) => keys.has(c.a.key) !== keys.has(c.b.key))
        .map((c) => (keys.has(c.a.key) ? c.b : c.a).label),
    ),
  ];
}

export function SectionChooser(
  { chooser, others, version, busy, heading, onChange, onSave, onCancel }: {
    chooser: Chooser;
    others: readonly WeekMeeting[];
    version: string;
    busy: boolean;
    heading: RefObject<HTMLHeadingElement | null>;
    onChange: (next: Chooser) => void;
    onSave: () => void;
    onCancel: () => void;
  },
) {
  const { course } = chooser;
  const lectures = course.sections.filter(choosable);
  const shownLectures = chooser.fitsOnly ? lectures.filter((s) => clashes(course, s, others).length === 0) : lectures;
  const companions = companionsOf(course, chooser.lecture);
  const lectureMeetings = course.sections.find((s) => s.id === chooser.lecture);
  const withLecture = lectureMeetings ? [...others, ...sectionWeekMeetings(course, lectureMeetings)] : others;
  const shownCompanions = chooser.fitsOnly
    ? companions.filter((s) => clashes(course, s, withLecture).length === 0)
    : companions;
  const needsCompanion = companions.length > 0;
  const ready = chooser.lecture !== null && (!needsCompanion || chooser.companion !== null);
  const adding = !course.chosen.length;
  return (
    <section className="card schedule-chooser no-print" aria-labelledby="schedule-chooser-heading">
      <h2 id="schedule-chooser-heading" tabIndex={-1} ref={heading}>
        {`Choose sections of ${course.code}`}
      </h2>
      <p className="muted">{course.title}</p>
      <CourseFigures course={course} />
      <HubUnits course={course} />
      <label className="check">
        <input
          type="checkbox"
          checked={chooser.fitsOnly}
          onChange={(e) => {
            const fitsOnly = e.target.checked;
            if (!fitsOnly) return onChange({ ...chooser, fitsOnly });
            // A choice the filter hides is let go, so nothing that does not fit is saved unseen.
            const lecture = lectures.find((s) => s.id === chooser.lecture);
            const keepLecture = lecture && clashes(course, lecture, others).length === 0;
            const withIt = keepLecture ? [...others, ...sectionWeekMeetings(course, lecture)] : others;
            const companion = companions.find((s) => s.id === chooser.companion);
            const keepCompanion = keepLecture && companion && clashes(course, companion, withIt).length === 0;
            onChange({
              ...chooser,
              fitsOnly,
              lecture: keepLecture ? chooser.lecture : null,
              companion: keepCompanion ? chooser.companion : null,
            });
          }}
        />
        <span>Only sections that fit the rest of my week</span>
      </label>
      <fieldset className="chooser-options">
        <legend>Section to register for</legend>
        {shownLectures.length === 0 && <p className="muted">No section fits the rest of your week.</p>}
        <div className="chooser-grid">
          {shownLectures.map((section) => (
            <SectionOption
              key={section.id}
              name="chooser-lecture"
              section={section}
              checked={chooser.lecture === section.id}
              clashWith={clashes(course, section, others)}
              onPick={() => onChange({ ...chooser, lecture: section.id, companion: null })}
            />
          ))}
        </div>
      </fieldset>
      {needsCompanion && (
        <fieldset className="chooser-options">
          <legend>Discussion or lab (one is required)</legend>
          {shownCompanions.length === 0 && <p className="muted">None of them fits the rest of your week.</p>}
          <div className="chooser-grid chooser-grid-small">
            {shownCompanions.map((section) => (
              <SectionOption
                key={section.id}
                name="chooser-companion"
                section={section}
                checked={chooser.companion === section.id}
                clashWith={clashes(course, section, withLecture)}
                onPick={() => onChange({ ...chooser, companion: section.id })}
              />
            ))}
          </div>
        </fieldset>
      )}
      <p className="chooser-actions">
        <button type="button" className="button" disabled={!ready || busy} onClick={onSave}>
          {adding ? `Add to ${version}` : "Save sections"}
        </button>{" "}
        <button type="button" className="button button-ghost" onClick={onCancel}>Cancel</button>
        {!ready && chooser.lecture !== null && needsCompanion && (
          <span className="hint" role="status">Choose a discussion or lab to go with it.</span>
        )}
      </p>
    </section>
  );
}

function SectionOption(
  { name, section, checked, clashWith, onPick }: {
    name: string;
    section: CompanionSection;
    checked: boolean;
    clashWith: string[];
    onPick: () => void;
  },
) {
  const id = `${name}-${section.id}`;
  return (
    <div className={checked ? "chooser-option chooser-option-chosen" : "chooser-option"}>
      <input type="radio" id={id} name={name} checked={checked} onChange={onPick} />
      <label htmlFor={id}>
        <span className="chooser-section">{section.section}</span>{" "}
        <span className="chooser-when">
          <Meetings section={section} />
        </span>
      </label>
      <div className="chooser-details">
        {section.instructors.map((person) => <Instructor key={person.name} person={person} />)}
        <Seats section={section} />
        {clashWith.length > 0 && <p className="chooser-clash">{`Conflicts with ${clashWith.join(", ")}`}</p>}
      </div>
    </div>
  );
}
