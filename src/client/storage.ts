/**
 * The browser storage HubRate keeps (docs/security.md, What the browser keeps). Every access is wrapped: storage can be
 * switched off, full, or throw in a private window, and none of that may break a form.
 *
 * Keys are of two kinds. A visitor's (the worksheet, the compare picks, the result view, a sign-up or reset under way)
 * belong to this browser. A student's (`STUDENT_KEYS`: a review being written, what logging in made of the worksheet,
 * what the Hub planner added) belong to the signed-in account: they are kept under its tag, which the page's layout
 * names (`data-account`: a stable, opaque id of the account, "" on a visitor's page), so no other account reads them,
 * and `settleStorage`, run as each page boots, removes them on any page that is not that account's: after a sign-out,
 * a session that expired or ended elsewhere, a deleted account, another student's login. The sign-out answers also ask
 * the browser to clear the site's storage (`Clear-Site-Data`); this keying is what holds where that is not honoured.
 */

/** The email waiting for its verification code: set after register, removed after verify. */
export const VERIFICATION_EMAIL_KEY = "verificationEmail";
/** The email a reset code was sent to: set after the reset request, removed after the reset. */
export const RESET_EMAIL_KEY = "resetEmail";

/** When the last verification code was mailed (milliseconds since the epoch), so /verify can continue the resend countdown. */
export const VERIFICATION_SENT_KEY = "verificationSentAt";

/** How the search shows its results: "cards" or "table". */
export const SEARCH_VIEW_KEY = "searchView";

/** What "Add all to Future Courses" added, said once on the Hub Progress page that loads after it. */
export const HUB_PLAN_ADDED_KEY = "hubPlanAdded";

/** The courses picked to compare, as JSON: [{ id, code }], at most four (src/client/compare-store.ts). */
export const COMPARE_KEY = "compareCourses";

/** A visitor's schedule worksheets, as JSON (src/client/schedule-store.ts): per term, named versions of courses. */
export const SCHEDULE_KEY = "scheduleWorksheets";

/** What joining a visitor's worksheets to the account made of them, said once on the schedule page. */
export const SCHEDULE_JOINED_KEY = "scheduleJoined";

/** A review being written, kept as it is typed so a reload or a wrong tap loses nothing: per course, new or edited. */
export function reviewDraftKey(courseId: number, reviewId: number | null): `reviewDraft:${string}` {
  return `reviewDraft:${courseId}:${reviewId ?? "new"}`;
}

export type StorageKey =
  | typeof VERIFICATION_EMAIL_KEY
  | typeof RESET_EMAIL_KEY
  | typeof VERIFICATION_SENT_KEY
  | typeof SEARCH_VIEW_KEY
  | typeof HUB_PLAN_ADDED_KEY
  | typeof COMPARE_KEY
  | typeof SCHEDULE_KEY
  | typeof SCHEDULE_JOINED_KEY
  | `reviewDraft:${string}`;

/** What a signed-in student leaves: kept per account, gone at sign-out. Every other key is the browser's. */
const STUDENT_KEYS: ReadonlySet<string> = new Set([HUB_PLAN_ADDED_KEY, SCHEDULE_JOINED_KEY]);
const STUDENT_PREFIXES = ["reviewDraft:"] as const;

export function isStudentKey(key: string): boolean {
  return STUDENT_KEYS.has(key) || STUDENT_PREFIXES.some((prefix) => key.startsWith(prefix));
}

/** Where a student's keys are kept: `student:<account tag>:<key>`. */
const STUDENT_SPACE = "student:";
/**
 * The tag of what a page that knows no account wrote of a student's: the login form, at the moment it signs in, says
 * what joining the worksheet made of it. The first page of the account takes it over; a visitor's page drops it.
 */
const NEXT_ACCOUNT = "next";

/**
 * Whose page this is, as its layout says: the signed-in account's tag, "" on a visitor's page, null where nothing
 * says (a page without the site's layout, the server): there a student's keys are neither read nor written.
 */
export function pageAccount(): string | null {
  const marked = globalThis.document?.querySelector<HTMLElement>("[data-account]");
  return marked ? marked.dataset.account ?? "" : null;
}

/** The name a key is stored under on this page, or null when a student's key has no account to be kept for here. */
function storedName(key: StorageKey, writing = false): string | null {
  if (!isStudentKey(key)) return key;
  const account = pageAccount();
  if (account) return `${STUDENT_SPACE}${account}:${key}`;
  return account === "" && writing ? `${STUDENT_SPACE}${NEXT_ACCOUNT}:${key}` : null;
}

export function readStored(key: StorageKey): string | null {
  const name = storedName(key);
  if (name === null) return null;
  try {
    return globalThis.localStorage?.getItem(name) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string): void {
  const name = storedName(key, true);
  if (name === null) return;
  try {
    globalThis.localStorage?.setItem(name, value);
  } catch {
    // storage unavailable: the next screen asks again or offers a way back
  }
}

export function removeStored(key: StorageKey): void {
  const name = storedName(key);
  if (name === null) return;
  try {
    globalThis.localStorage?.removeItem(name);
  } catch {
    // storage unavailable: nothing was kept
  }
}

/**
 * Leaves in storage only what this page's account or a visitor may read: a student's keys of any other account go (on
 * a visitor's page, every account's), what the login form wrote for the next account becomes this account's, and a
 * student's keys kept bare (as the site kept them before they carried their account) go, since nobody knows whose
 * they are. The browser's keys stay. Run as each page boots; a page whose layout does not say whose it is changes
 * nothing.
 */
export function settleStorage(): void {
  const account = pageAccount();
  if (account === null) return;
  try {
    const storage = globalThis.localStorage;
    if (!storage) return;
    const names = Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? "");
    for (const name of names) {
      if (name.startsWith(STUDENT_SPACE)) {
        const owner = name.slice(STUDENT_SPACE.length, name.indexOf(":", STUDENT_SPACE.length));
        if (owner === account) continue;
        if (owner === NEXT_ACCOUNT && account) {
          const key = name.slice(STUDENT_SPACE.length + owner.length + 1);
          const value = storage.getItem(name);
          if (value !== null) storage.setItem(`${STUDENT_SPACE}${account}:${key}`, value);
        }
        storage.removeItem(name);
      } else if (isStudentKey(name)) {
        storage.removeItem(name);
      }
    }
  } catch {
    // storage unavailable: nothing is kept to settle
  }
}
