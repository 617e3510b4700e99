/**
 * The browser storage the account screens share. Every access is wrapped:
 * storage can be switched off, full, or throw in a private window, and none
 * of that may break a form.
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

export function readStored(key: StorageKey): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // storage unavailable: the next screen asks again or offers a way back
  }
}

export function removeStored(key: StorageKey): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // storage unavailable: nothing was kept
  }
}
