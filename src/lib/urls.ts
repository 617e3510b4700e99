/** URLs that more than one part of the site writes. */

/** The login page, coming back to `next` (a path on this site) after signing in. */
export function loginHref(next: string): string {
  return `/login?next=${encodeURIComponent(next)}`;
}
