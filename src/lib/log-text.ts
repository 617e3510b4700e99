/**
 * What a log may say of a request and of an error (docs/security.md, What is logged). Every place that logs a request's
 * path or an error met while answering one writes it through these, so a token never reaches a log, whichever route
 * carried it:
 *
 * - a path segment is written as `:token` when it holds a run of 16 or more letters, digits, `-` and `_` that is not
 *   lowercase words (the shape of every token HubRate makes: 22 and 43 base64url characters, an unsubscribe link's MAC),
 *   and as `:<name>` when it is the value of a route parameter whose name says it is a secret (`:token`), whatever its
 *   shape. A segment is read decoded, so a token with escaped letters is still one. The route's own words, ids,
 *   professors' slugs and the names of the files under /static stay as they are.
 * - the query string is never written (it can carry an email or a token);
 * - an error is written with its message and stack, without the values a failed statement was given (drizzle puts
 *   them in its message) and without its other properties.
 */

/** Route parameters whose name says they carry a secret: their value is never written, whatever its shape. */
const SECRET_PARAMETER = /token|secret|key|code|password/i;
/** A run of URL-safe characters as long as a token. */
const LONG_RUN = /[A-Za-z0-9_-]{16,}/g;
/** Lowercase words joined by hyphens, numbers as words of their own: a route's words and a slug, never a token. */
const WORDS = /^[a-z]+(?:-(?:[a-z]+|\d+))*$/;
/** The files /static serves: a bundle's hashed name ("ScheduleBuilder-TOP4JGMX.js") is long and mixed, and public. */
const STATIC_FILE = /\.(?:js|css|map|svg|png|ico|webp|woff2?)$/;
/** Paths longer than any of the site's are cut: a request refused for its length would otherwise write it all. */
const LOGGED_PATH = 300;
/** How much of a path is read at all: everything after it is cut anyway. */
const READ_PATH = 2048;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Whether text holds a run shaped like a token (see above). */
export function holdsToken(text: string): boolean {
  if (STATIC_FILE.test(text)) return false;
  for (const [run] of text.matchAll(LONG_RUN)) if (!WORDS.test(run)) return true;
  return false;
}

/**
 * A request's path as a log may write it: tokens out (by their shape, and by the route's secret parameters, given as
 * the route's decoded `params`), cut at 300 characters. `pathname` is without the query string.
 */
export function loggedPath(pathname: string, params: Readonly<Record<string, string | undefined>> = {}): string {
  const secrets = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) {
    if (value && SECRET_PARAMETER.test(name)) secrets.set(value, name);
  }
  const path = pathname.slice(0, READ_PATH).split("/").map((segment) => {
    const text = decoded(segment);
    const secret = secrets.get(text);
    if (secret !== undefined) return `:${secret}`;
    return holdsToken(text) ? ":token" : segment;
  }).join("/");
  return path.length > LOGGED_PATH || pathname.length > READ_PATH
    ? `${path.slice(0, LOGGED_PATH)}… (${pathname.length} characters)`
    : path;
}

/** The values drizzle adds to a failed statement's message ("\nparams: …", to the end): a token, an email, a text. */
const STATEMENT_VALUES = /\nparams: [\s\S]*$/;

/**
 * An error as a log may write it: its name, message and stack, then its causes', without the values a failed statement
 * was given and without the error's other properties (drizzle keeps them as `params`).
 */
export function loggedError(error: unknown, depth = 0): string {
  if (!(error instanceof Error)) return String(error);
  const message = error.message.replace(STATEMENT_VALUES, "");
  // The stack starts with the whole message (values included): only the frames after it are kept.
  const stack = error.stack ?? "";
  const header = `${error.name}: ${error.message}`;
  const frames = (stack.startsWith(header) ? stack.slice(header.length) : stack).split("\n")
    .filter((line) => /^\s+at /.test(line));
  const text = [`${error.name}: ${message}`, ...frames].join("\n");
  const cause = (error as { cause?: unknown }).cause;
  return cause === undefined || cause === error || depth >= 4
    ? text
    : `${text}\nCaused by ${loggedError(cause, depth + 1)}`;
}
