// @vitest-environment happy-dom
/**
 * What the browser keeps (src/client/storage.ts, docs/security.md): a student's keys under the account the page's
 * layout names, read by no other account and let go on any page that is not that account's; the browser's keys (a
 * visitor's worksheet, the compare picks, the result view) kept for whoever uses the browser.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import {
  COMPARE_KEY,
  HUB_PLAN_ADDED_KEY,
  isStudentKey,
  pageAccount,
  readStored,
  removeStored,
  reviewDraftKey,
  SCHEDULE_JOINED_KEY,
  SCHEDULE_KEY,
  SEARCH_VIEW_KEY,
  settleStorage,
  VERIFICATION_EMAIL_KEY,
  writeStored,
} from "../../src/client/storage.ts";
import { joinKeptWorksheets, takeJoinNotice } from "../../src/client/schedule-store.ts";

const ALICE = "aliceTag0000001A";
const BOB = "bobTag000000002B";
const DRAFT = reviewDraftKey(7, null);

/** The page as the layout renders it: signed in as `account`, a visitor's (""), or a page without the layout (null). */
function onPage(account: string | null): void {
  document.body.innerHTML = account === null
    ? "<main></main>"
    : `<div class="${account ? "app-shell" : "public-shell"}" data-account="${account}"><main></main></div>`;
}

/** The browser's keys a visitor leaves, and what each holds. */
const BROWSER_KEYS = {
  [SCHEDULE_KEY]: JSON.stringify({ "2025": [{ name: "Visitor plan", courses: [] }] }),
  [COMPARE_KEY]: JSON.stringify([{ id: 3, code: "CAS CS 111" }]),
  [SEARCH_VIEW_KEY]: "table",
  [VERIFICATION_EMAIL_KEY]: "signing-up@bu.edu",
};

function keepBrowserKeys(): void {
  for (const [key, value] of Object.entries(BROWSER_KEYS)) localStorage.setItem(key, value);
}

const everything = () => Object.fromEntries(Object.entries(localStorage));

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("a student's keys", () => {
  test("are the review drafts and the notices said once to the account; the others are the browser's", () => {
    expect([DRAFT, reviewDraftKey(7, 42), SCHEDULE_JOINED_KEY, HUB_PLAN_ADDED_KEY].every(isStudentKey)).toBe(true);
    expect(Object.keys(BROWSER_KEYS).some(isStudentKey)).toBe(false);
  });

  test("are kept under the account's tag, never bare, and read back on that account's pages", () => {
    onPage(ALICE);
    expect(pageAccount()).toBe(ALICE);
    writeStored(DRAFT, "Alice's draft");
    writeStored(SCHEDULE_JOINED_KEY, "Alice's plan is on your account");
    writeStored(SEARCH_VIEW_KEY, "table");
    expect(everything()).toEqual({
      [`student:${ALICE}:${DRAFT}`]: "Alice's draft",
      [`student:${ALICE}:${SCHEDULE_JOINED_KEY}`]: "Alice's plan is on your account",
      [SEARCH_VIEW_KEY]: "table",
    });
    expect(readStored(DRAFT)).toBe("Alice's draft");
    removeStored(DRAFT);
    expect(readStored(DRAFT)).toBeNull();
    expect(localStorage.getItem(`student:${ALICE}:${DRAFT}`)).toBeNull();
  });

  test("are never read on another student's page, and go as that page boots; the browser's keys stay", () => {
    onPage(ALICE);
    writeStored(DRAFT, "Alice's draft");
    writeStored(HUB_PLAN_ADDED_KEY, "3 courses");
    keepBrowserKeys();

    onPage(BOB);
    expect(readStored(DRAFT)).toBeNull();
    expect(readStored(HUB_PLAN_ADDED_KEY)).toBeNull();
    removeStored(DRAFT);
    expect(localStorage.getItem(`student:${ALICE}:${DRAFT}`)).toBe("Alice's draft");
    settleStorage();
    expect(everything()).toEqual(BROWSER_KEYS);
  });

  test("go on a visitor's page (a sign-out, a session that ended), which reads none of them", () => {
    onPage(ALICE);
    writeStored(DRAFT, "Alice's draft");
    keepBrowserKeys();
    onPage("");
    expect(pageAccount()).toBe("");
    expect(readStored(DRAFT)).toBeNull();
    settleStorage();
    expect(everything()).toEqual(BROWSER_KEYS);
  });

  test("stay on that student's own pages, page after page", () => {
    onPage(ALICE);
    writeStored(DRAFT, "Alice's draft");
    settleStorage();
    expect(readStored(DRAFT)).toBe("Alice's draft");
  });

  test("kept bare, as the site kept them before they carried their account, are nobody's and go", () => {
    localStorage.setItem(DRAFT, "Whose draft?");
    localStorage.setItem(SCHEDULE_JOINED_KEY, "Whose plan?");
    keepBrowserKeys();
    onPage(ALICE);
    expect(readStored(DRAFT)).toBeNull();
    settleStorage();
    expect(everything()).toEqual(BROWSER_KEYS);
  });

  test("a page without the site's layout reads, writes and lets go of nothing of a student's", () => {
    onPage(ALICE);
    writeStored(DRAFT, "Alice's draft");
    onPage(null);
    expect(pageAccount()).toBeNull();
    expect(readStored(DRAFT)).toBeNull();
    writeStored(DRAFT, "nobody's");
    removeStored(DRAFT);
    settleStorage();
    expect(everything()).toEqual({ [`student:${ALICE}:${DRAFT}`]: "Alice's draft" });
  });

  test("storage that throws breaks nothing", () => {
    onPage(ALICE);
    const broken = {
      get length(): number {
        throw new Error("denied");
      },
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
      removeItem: () => {
        throw new Error("denied");
      },
      key: () => null,
    };
    vi.stubGlobal("localStorage", broken);
    expect(() => writeStored(DRAFT, "x")).not.toThrow();
    expect(readStored(DRAFT)).toBeNull();
    expect(() => removeStored(DRAFT)).not.toThrow();
    expect(() => settleStorage()).not.toThrow();
  });
});

describe("what logging in made of a visitor's worksheet", () => {
  const joined = { versions: [{ id: 9, name: "Alice's secret plan" }], skipped: [] };

  async function logInAsVisitorWithAPlan(): Promise<void> {
    onPage("");
    localStorage.setItem(
      SCHEDULE_KEY,
      JSON.stringify({ "2258": [{ name: "Alice's secret plan", courses: [{ courseId: 5, sectionIds: [50] }] }] }),
    );
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(Response.json(joined))));
    // The login form, on the visitor's /login, joins the plan to the account it just signed in to.
    expect(await joinKeptWorksheets()).toEqual(joined);
    expect(localStorage.getItem(SCHEDULE_KEY)).toBeNull();
  }

  test("is said on the schedule page of the account that logged in, once", async () => {
    await logInAsVisitorWithAPlan();
    // The page the login leads to, the account's first, takes the notice over.
    onPage(ALICE);
    settleStorage();
    expect(Object.keys(localStorage)).toEqual([`student:${ALICE}:${SCHEDULE_JOINED_KEY}`]);
    // Later, the schedule page says it.
    settleStorage();
    expect(takeJoinNotice()).toBe("The plan you built before logging in is now on your account: Alice's secret plan.");
    expect(takeJoinNotice()).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  test("never reaches the next student when the first signs out before seeing it", async () => {
    await logInAsVisitorWithAPlan();
    onPage(ALICE);
    settleStorage();
    // Signed out: the landing page is a visitor's; then Bob logs in and opens the schedule page.
    onPage("");
    settleStorage();
    onPage(BOB);
    settleStorage();
    expect(takeJoinNotice()).toBeNull();
    expect(JSON.stringify({ ...localStorage })).not.toContain("Alice");
  });

  test("is dropped by a visitor's page when no account's page took it over", async () => {
    await logInAsVisitorWithAPlan();
    onPage("");
    settleStorage();
    expect(localStorage.length).toBe(0);
    onPage(BOB);
    expect(takeJoinNotice()).toBeNull();
  });
});
