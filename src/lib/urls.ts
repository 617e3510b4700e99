/** URLs that more than one part of the site writes. */

/** The login page, coming back to `next` (a path on this site) after signing in. */
export function loginHref(next: string): string {
  return `/login?next=${encodeURIComponent(next)}`;
}

/**
 * Where a course page's back button leads: the search the student came from
 * (`referrer`, when it is this site's /search), else /search. Read in the
 * browser, so the page itself is the same for everyone and can be cached.
 */
export function searchBackHref(referrer: string, origin: string): string {
  try {
    const url = new URL(referrer);
    return url.origin === origin && url.pathname === "/search" ? url.pathname + url.search : "/search";
  } catch {
    return "/search";
  }
}

/**
 * A professor's page. The slug keeps letters of any script ("иван-петров", "王伟"), so it is percent-encoded: a link,
 * a redirect's Location and the sitemap carry the same ASCII URL.
 */
export function professorHref(slug: string): string {
  return `/professor/${encodeURIComponent(slug)}`;
}
