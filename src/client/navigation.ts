import { loginHref } from "../lib/urls.ts";

/** The login page, coming back to `path` (by default the page the browser is on) afterwards. */
export function loginUrl(path = location.pathname + location.search): string {
  return loginHref(path);
}
