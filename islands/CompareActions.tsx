import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { adoptPicks, type PickedCourse, usePicks } from "../src/client/compare-store.ts";
import { island } from "../src/client/island.tsx";
import { compareHref } from "../src/lib/comparison.ts";
import { listed } from "../src/lib/text.ts";

type Props = { courses: PickedCourse[] };

/**
 * The compare page's part in the browser. With courses on the page, they
 * become the student's picks (so Remove, a link, takes a course out of the
 * tray too) and the link can be copied to share. Without any, the picks kept
 * from other pages are offered.
 */
function CompareActions({ courses }: Props) {
  useSignals();
  const [copied, setCopied] = useState<string | null>(null);
  const list = usePicks();
  useEffect(() => {
    if (courses.length) adoptPicks(courses);
  }, []);

  if (!courses.length) {
    if (!list.length) return null;
    return (
      <p className="compare-stored">
        {`You picked ${listed(list.map((pick) => pick.code))}. `}
        {list.length > 1
          ? (
            <a className="button button-small" href={compareHref(list.map((pick) => pick.id))}>
              {`Compare ${list.length} courses`} <span aria-hidden="true">→</span>
            </a>
          )
          : "Pick one more course to compare."}
      </p>
    );
  }

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      setCopied("Link copied. Anyone with it sees this comparison.");
    } catch {
      setCopied("Copy the address from the address bar to share this comparison.");
    }
  };
  return (
    <div className="compare-share">
      <button type="button" className="button button-small button-ghost" onClick={() => void copy()}>Copy link</button>
      <span role="status" className="hint">{copied ?? ""}</span>
    </div>
  );
}

export default island("CompareActions", CompareActions);
