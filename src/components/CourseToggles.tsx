import { useSignals } from "@preact/signals-react/runtime";
import { inList, type ListName, toggleCourse, toggleRunning } from "../client/lists-store.ts";

const LABELS = {
  card: {
    completed: ["Mark Done", "Remove Done"],
    future: ["Add Future", "End Future"],
    saved: ["Save for Later", "Saved"],
  },
  page: {
    completed: ["Mark as Completed", "Completed"],
    future: ["Add to Future Courses", "In Future Courses"],
    saved: ["Save for Later", "Saved"],
  },
} as const;

/**
 * Runs a toggle from its button. Every toggle is disabled while the call runs,
 * and a disabled button loses the focus: the button pressed gets it back, so a
 * keyboard user stays where they were.
 */
async function toggleFrom(button: HTMLButtonElement, list: ListName, courseId: number): Promise<void> {
  const focused = document.activeElement === button;
  await toggleCourse(list, courseId);
  if (!focused) return;
  // React enables the buttons again on its next render.
  for (let i = 0; i < 20 && button.disabled; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  if (button.isConnected && (document.activeElement === null || document.activeElement === document.body)) {
    button.focus();
  }
}

function BookmarkIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        d="M6 3h12v18l-6-4.5L6 21z"
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The bookmark (saved) toggle as an icon button. */
export function BookmarkToggle({ courseId, courseName }: { courseId: number; courseName: string }) {
  useSignals();
  const saved = inList("saved", courseId);
  return (
    <button
      type="button"
      className="icon-button bookmark"
      aria-pressed={saved}
      aria-label={saved ? `Remove ${courseName} from saved courses` : `Save ${courseName} for later`}
      title={saved ? "Saved" : "Save for later"}
      disabled={toggleRunning.value}
      onClick={(event) => toggleFrom(event.currentTarget, "saved", courseId)}
    >
      <BookmarkIcon filled={saved} />
    </button>
  );
}

/** Completed and future toggles (and, on the course page, the saved one as a text button). */
export function CourseToggles(
  { courseId, variant, lists }: { courseId: number; variant: "card" | "page"; lists: ListName[] },
) {
  useSignals();
  return (
    <>
      {lists.map((list) => {
        const on = inList(list, courseId);
        return (
          <button
            key={list}
            type="button"
            className={on ? "button button-small button-on" : "button button-small button-ghost"}
            aria-pressed={on}
            disabled={toggleRunning.value}
            onClick={(event) => toggleFrom(event.currentTarget, list, courseId)}
          >
            {LABELS[variant][list][on ? 1 : 0]}
          </button>
        );
      })}
    </>
  );
}
