import { useRef, useState } from "react";
import { island } from "../src/client/island.tsx";
import { type ListIds, seedLists } from "../src/client/lists-store.ts";
import { CourseCard } from "../src/components/CourseCard.tsx";
import { CourseTable } from "../src/components/CourseTable.tsx";
import { ViewSwitch } from "../src/components/ViewSwitch.tsx";
import type { CourseOffering, CourseView } from "../src/lib/api-types.ts";

/** A listed course, with the soonest term it is offered in when the page knows it. */
export type ListedCourse = CourseView & { offering?: CourseOffering | null };
export type CourseSection = { id: string; title: string; courses: ListedCourse[] };
type Props = {
  sections: CourseSection[];
  lists: ListIds;
  /** What the lists hold, for the view switch's label: "your courses". */
  label: string;
  /** The count line above the lists: "You have 3 courses". */
  summary: string;
};
type View = "cards" | "table";

/**
 * The student's course lists (My courses, Saved courses): course cards with
 * their toggles, or a sortable table. A card whose toggle is switched off
 * stays on the page, flipped, until the next load, so an accidental click is
 * one click to undo.
 */
function ListedCourses({ sections, lists, label, summary }: Props) {
  const [view, setView] = useState<View>("cards");
  const seeded = useRef(false);
  if (!seeded.current) {
    seeded.current = true;
    seedLists(true, lists);
  }
  return (
    <div className="course-lists">
      <div className="lists-toolbar">
        <p className="list-count">{summary}</p>
        <ViewSwitch label={label} view={view} onChange={setView} />
      </div>
      {sections.map((section) => (
        <section key={section.id} className="course-section" aria-labelledby={`${section.id}-heading`}>
          <h2 id={`${section.id}-heading`}>{section.title}</h2>
          {section.courses.length === 0
            ? <p className="muted">None yet.</p>
            : view === "cards"
            ? (
              <div className="course-grid">
                {section.courses.map((course) => <CourseCard key={course.id} course={course} />)}
              </div>
            )
            : <CourseTable courses={section.courses} caption={section.title.replace(/:$/, "")} />}
        </section>
      ))}
    </div>
  );
}

export default island("ListedCourses", ListedCourses);
