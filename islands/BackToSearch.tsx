import { useEffect, useState } from "react";
import { island } from "../src/client/island.tsx";
import { searchBackHref } from "../src/lib/urls.ts";

/**
 * The course page's back button: /search as the server renders it, then, once
 * in the browser, the very search the student came from. The page does not
 * depend on who came from where, so caches can share it.
 */
function BackToSearch() {
  const [href, setHref] = useState("/search");
  useEffect(() => setHref(searchBackHref(document.referrer, location.origin)), []);
  return <a href={href} className="button button-ghost button-small">← Back to search</a>;
}

export default island("BackToSearch", BackToSearch);
