import type {
  CompanionSection,
  CourseSection,
  CourseSections,
  SectionInstructor,
  TermSections,
} from "../lib/api-types.ts";
import { meetingText, seatState } from "../lib/class-times.ts";
import { plural } from "../lib/text.ts";
import { professorHref } from "../lib/urls.ts";
import { scoreStep } from "./Score.tsx";

/** Companions shown as they are; a longer list folds into a disclosure. */
const OPEN_COMPANIONS = 4;
/** Up to this many sections in a term, each is a card; more (a writing course's 178) are rows, the first few open. */
const CARDS = 6;
const OPEN_ROWS = 8;

let asOfDates: Intl.DateTimeFormat | undefined;
/** "November 26, 2026", the day in Boston. */
function asOf(iso: string): string {
  asOfDates ??= new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "America/New_York",
  });
  return asOfDates.format(new Date(iso));
}

let orLists: Intl.ListFormat | undefined;
/** "Fall 2026 or Spring 2027". */
function eitherOf(names: string[]): string {
  orLists ??= new Intl.ListFormat("en", { type: "disjunction" });
  return orLists.format(names);
}

function credits(section: CompanionSection): string | null {
  const { creditsMin: min, creditsMax: max } = section;
  if (max === null || max <= 0) return null;
  return min !== null && min !== max ? `${min}–${max} credits` : plural(max, "credit");
}

/** The section's class number, credits and a mode other than in person, as one quiet line. */
export function sectionFacts(section: CompanionSection): string {
  return [
    section.classNumber !== null ? `Class ${section.classNumber}` : null,
    credits(section),
    section.mode && section.mode !== "In-Person" ? section.mode : null,
  ].filter(Boolean).join(" · ");
}

export function Seats({ section }: { section: CompanionSection }) {
  const seats = seatState(section);
  if (!seats) return null;
  return <span className={`seats seats-${seats.kind}`}>{seats.text}</span>;
}

/** Each meeting pattern on its own line: days and times, then the room. */
export function Meetings({ section }: { section: CompanionSection }) {
  const lines = section.meetings.map((m) => ({ when: meetingText(m), room: m.room }))
    .filter((line) => line.when || line.room);
  if (lines.length === 0) return <span className="offered-none">No meeting time</span>;
  return (
    <>
      {lines.map((line, i) => (
        <span key={i} className="offered-meeting">
          <span className="offered-when">{line.when ?? "No meeting time"}</span>{" "}
          {line.room && <span className="offered-room">{line.room}</span>}
          {" "}
        </span>
      ))}
    </>
  );
}

export function Instructor({ person }: { person: SectionInstructor }) {
  return (
    <span className="offered-instructor">
      {person.professorSlug
        ? <a href={professorHref(person.professorSlug)}>{person.name}</a>
        : <span>{person.name}</span>} {person.teacher !== null && person.reviews > 0
        ? (
          <span className="offered-teacher">
            <span className={`score score-${scoreStep(person.teacher)}`}>★ {person.teacher.toFixed(1)}</span> teacher
            {" "}
            <span className="score-count">({plural(person.reviews, "review")})</span>
          </span>
        )
        : <span className="offered-teacher offered-none">No reviews yet</span>}
      {" "}
    </span>
  );
}

function Companions({ companions, label }: { companions: CompanionSection[]; label: string }) {
  const list = (
    <ul className="offered-companions" aria-label={label}>
      {companions.map((companion) => (
        <li key={companion.id}>
          <span className="offered-companion-code">{companion.section}</span>{" "}
          <span className="offered-companion-meets">
            <Meetings section={companion} />
          </span>{" "}
          <Seats section={companion} />
        </li>
      ))}
    </ul>
  );
  if (companions.length <= OPEN_COMPANIONS) {
    return (
      <div className="offered-companion-block">
        <p className="offered-companion-title">{label}</p>
        {list}
      </div>
    );
  }
  return (
    <details className="offered-companion-block">
      <summary className="offered-companion-title">{label} ({companions.length})</summary>
      {list}
    </details>
  );
}

function Instructors({ section, none }: { section: CompanionSection; none: string }) {
  if (section.instructors.length === 0) return <span className="offered-none">{none}</span>;
  return <>{section.instructors.map((person, i) => <Instructor key={i} person={person} />)}</>;
}

function SectionCard({ section, showNotes }: { section: CourseSection; showNotes: boolean }) {
  const facts = sectionFacts(section);
  return (
    <li className="offered-section" data-section={section.section}>
      <div className="offered-section-head">
        <h4>{`Section ${section.section}`}</h4> {facts && <span className="offered-facts-line">{facts}</span>}{" "}
        <Seats section={section} />
      </div>
      <dl className="offered-facts">
        <div>
          <dt>Meets</dt>
          <dd>
            <Meetings section={section} />
          </dd>
        </div>
        <div>
          <dt>{section.instructors.length > 1 ? "Instructors" : "Instructor"}</dt>
          <dd>
            <Instructors section={section} none="Not announced yet" />
          </dd>
        </div>
      </dl>
      {showNotes && section.notes && <p className="offered-notes">{section.notes}</p>}
      {section.companions.length > 0 && (
        <Companions companions={section.companions} label={`Discussions and labs for ${section.section}`} />
      )}
    </li>
  );
}

/** A section as one row of a long list: code, times and room, instructors, seats; its notes and companions beneath. */
function SectionRow({ section, showNotes }: { section: CourseSection; showNotes: boolean }) {
  return (
    <li className="offered-row" data-section={section.section}>
      <span className="offered-row-code">{section.section}</span>{" "}
      <span className="offered-row-meets">
        <Meetings section={section} />
      </span>{" "}
      <span className="offered-row-people">
        <Instructors section={section} none="Instructor not announced yet" />
      </span>{" "}
      <span className="offered-row-seats">
        <Seats section={section} />
      </span>
      {showNotes && section.notes && <p className="offered-notes offered-row-wide">{section.notes}</p>}
      {section.companions.length > 0 && (
        <div className="offered-row-wide">
          <Companions companions={section.companions} label={`Discussions and labs for ${section.section}`} />
        </div>
      )}
    </li>
  );
}

/** The notes every section of the term has, word for word (the registrar repeats a course's notes on each): said once. */
function sharedNotes(sections: CourseSection[]): string | null {
  const first = sections[0]?.notes ?? null;
  return sections.length > 1 && first && sections.every((s) => s.notes === first) ? first : null;
}

function Term({ term, courseId }: { term: TermSections; courseId: number }) {
  const headingId = `offered-${term.code}`;
  const notes = sharedNotes(term.sections);
  return (
    <section aria-labelledby={headingId} className="offered-term">
      <div className="offered-term-head">
        <h3 id={headingId}>{term.name}</h3>
        {term.source === "demo" && <span className="badge">Demo schedule</span>}
        <span className="hint">{`Seats as of ${asOf(term.importedAt)}`}</span>
        {term.sections.some((s) => s.status !== "cancelled") && (
          <a className="button button-small offered-add" href={`/schedule?term=${term.code}&add=${courseId}`}>
            {`Add to ${term.name} schedule`}
          </a>
        )}
      </div>
      {notes && <p className="offered-notes offered-term-notes">{notes}</p>}
      {term.sections.length <= CARDS
        ? (
          <ul className="offered-sections">
            {term.sections.map((section) => <SectionCard key={section.id} section={section} showNotes={!notes} />)}
          </ul>
        )
        : (
          <>
            <ul className="offered-rows">
              {term.sections.slice(0, OPEN_ROWS).map((section) => (
                <SectionRow key={section.id} section={section} showNotes={!notes} />
              ))}
            </ul>
            <details className="offered-more">
              <summary>Show {plural(term.sections.length - OPEN_ROWS, "more section", "more sections")}</summary>
              <ul className="offered-rows">
                {term.sections.slice(OPEN_ROWS).map((section) => (
                  <SectionRow key={section.id} section={section} showNotes={!notes} />
                ))}
              </ul>
            </details>
          </>
        )}
      {term.unlinkedCompanions.length > 0 && (
        <Companions companions={term.unlinkedCompanions} label="Discussions and labs that go with any lecture" />
      )}
    </section>
  );
}

/**
 * A course's sections in the current and coming terms, as a student picks one: per term each section with its times,
 * room, instructors (their page and teacher rating here), seats and notes, its discussions and labs beneath it. Nothing
 * when HubRate knows no term's schedule.
 */
export function CourseOffered({ offered }: { offered: CourseSections }) {
  if (offered.terms.length === 0) return null;
  const withSections = offered.terms.filter((t) => t.sections.length > 0 || t.unlinkedCompanions.length > 0);
  const without = offered.terms.filter((t) => !withSections.includes(t)).map((t) => t.name);
  return (
    <section aria-labelledby="offered-heading" className="offered">
      <h2 id="offered-heading">Offered</h2>
      {without.length > 0 && <p className="offered-not">{`Not offered in ${eitherOf(without)}.`}</p>}
      {withSections.map((term) => <Term key={term.code} term={term} courseId={offered.courseId} />)}
    </section>
  );
}
