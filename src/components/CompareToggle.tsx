import { useSignals } from "@preact/signals-react/runtime";
import { compareNotice, togglePick, usePicks } from "../client/compare-store.ts";
import { compareHref } from "../lib/comparison.ts";

/**
 * Picks a course to compare, or takes it out. The name stays "Compare CAS CS
 * 111" and aria-pressed says whether it is picked; no account is needed, so
 * it never sends anyone to log in.
 */
export function CompareToggle(
  { courseId, code, className = "", compact = false }: {
    courseId: number;
    code: string;
    className?: string;
    /** Just the mark (+ or ✓), where a heading already says "Compare" (the table's column). */
    compact?: boolean;
  },
) {
  useSignals();
  const on = usePicks().some((pick) => pick.id === courseId);
  return (
    <button
      type="button"
      className={`button button-small compare-toggle ${on ? "button-on" : "button-ghost"} ${className}`.trim()}
      aria-pressed={on}
      aria-label={`Compare ${code}`}
      onClick={() => togglePick({ id: courseId, code })}
    >
      <span className="compare-mark" aria-hidden="true">{on ? "✓" : "+"}</span>
      {!compact && "Compare"}
    </button>
  );
}

/**
 * The course page's Compare: the toggle, the link to the comparison once two
 * courses are picked, and the notice of a refused fifth course (the page has
 * no tray, so it says so here).
 */
export function CompareControls({ courseId, code }: { courseId: number; code: string }) {
  useSignals();
  const list = usePicks();
  const notice = compareNotice.value;
  return (
    <div className="compare-controls">
      <CompareToggle courseId={courseId} code={code} />
      {list.length > 1 && (
        <a
          className="button button-small button-ghost"
          href={compareHref(list.map((pick) => pick.id))}
        >
          {`Compare ${list.length} courses`} <span aria-hidden="true">→</span>
        </a>
      )}
      <p role="status" className={notice ? "hint compare-notice-inline" : "visually-hidden"}>{notice ?? ""}</p>
    </div>
  );
}
