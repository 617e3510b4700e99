import { useSignals } from "@preact/signals-react/runtime";
import { clearPicks, compareNotice, togglePick, usePicks } from "../src/client/compare-store.ts";
import { island } from "../src/client/island.tsx";
import { compareHref } from "../src/lib/comparison.ts";

/**
 * The courses picked to compare, docked at the bottom of the page's content
 * (sticky, so it never hides the end of the page): the link to compare them,
 * each pick with a button to take it out on wide screens, and Clear. The
 * server renders it empty: only the browser knows the picks.
 */
function CompareTray() {
  useSignals();
  const list = usePicks();
  const notice = compareNotice.value;
  return (
    <div className="compare-dock">
      {/* Always there, so a screen reader hears the notice when it appears; shown above the bar, like a message about it. */}
      <p role="status" className={notice ? "compare-notice" : "visually-hidden"}>{notice ?? ""}</p>
      {list.length > 0 && (
        <section className="compare-tray" aria-label="Courses to compare">
          <ul className="compare-tray-picks">
            {list.map((pick) => (
              <li key={pick.id}>
                <span className="code">{pick.code}</span>
                <button
                  type="button"
                  className="icon-button compare-tray-remove"
                  aria-label={`Remove ${pick.code} from the comparison`}
                  onClick={() => togglePick(pick)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
          <div className="compare-tray-actions">
            {list.length > 1
              ? (
                <a className="button button-small" href={compareHref(list.map((pick) => pick.id))}>
                  {`Compare ${list.length} courses`} <span aria-hidden="true">→</span>
                </a>
              )
              : <span className="compare-tray-hint">Pick one more course to compare</span>}
            <button
              type="button"
              className="button button-small button-ghost"
              aria-label="Clear courses to compare"
              onClick={clearPicks}
            >
              Clear
            </button>
          </div>
        </section>
      )}
    </div>
  );
}

export default island("CompareTray", CompareTray);
