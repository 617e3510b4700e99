import { useSignals } from "@preact/signals-react/runtime";
import { useRef } from "react";
import { island } from "../src/client/island.tsx";
import { useSummaryPart } from "../src/client/course-summary-store.ts";
import { inList, type ListIds, seedLists, toggleCourse, toggleRunning } from "../src/client/lists-store.ts";
import { loginUrl } from "../src/client/navigation.ts";
import { CompareControls } from "../src/components/CompareToggle.tsx";
import { CourseToggles } from "../src/components/CourseToggles.tsx";

type Props = { courseId: number; code: string; signedIn: boolean; lists: ListIds | null; reviewed: boolean };

/** The course page's actions: the three list toggles and the review button, or a prompt to log in; Compare for everyone. */
function CourseActions({ courseId, code, signedIn, lists, reviewed: reviewedAtLoad }: Props) {
  useSignals();
  // Follows the student deleting their review further down the page.
  const reviewed = useSummaryPart(courseId, (s) => s.userReviewed, reviewedAtLoad);
  const seeded = useRef(false);
  if (!seeded.current) {
    seeded.current = true;
    seedLists(signedIn, lists);
  }
  if (!signedIn) {
    return (
      <div className="course-actions card">
        <p>
          <a href={loginUrl(`/course/${courseId}`)}>Log in</a> or <a href="/register">sign up</a>{" "}
          to track this course, save it for later and write a review.
        </p>
        <CompareControls courseId={courseId} code={code} />
      </div>
    );
  }
  return (
    <div className="course-actions card" role="group" aria-label="Course actions">
      <CourseToggles courseId={courseId} variant="page" lists={["completed", "future", "saved"]} />
      {reviewed
        ? <button type="button" className="button button-small" disabled>✓ Review Complete</button>
        : <a className="button button-small" href={`/course/${courseId}/review`}>Write a review</a>}
      {reviewed && !inList("completed", courseId) && (
        <p className="hint course-actions-hint" role="status">
          You reviewed this course but have not marked it as completed.{" "}
          <button
            type="button"
            className="link-button"
            disabled={toggleRunning.value}
            onClick={() => void toggleCourse("completed", courseId)}
          >
            Mark it as completed
          </button>
        </p>
      )}
      <CompareControls courseId={courseId} code={code} />
    </div>
  );
}

export default island("CourseActions", CourseActions);
