/**
 * Hub progress under a transfer student's Hub rules in Chromium: the student chooses "Transfer student" on /account,
 * marks courses done and planned, and /hub-progress counts the 10 transfer requirements, says which rules it counts
 * by, names a planned course on the card it will complete, shows the courses that cover several requirements without
 * a click, and passes axe, on a phone in dark mode and on a desktop in light mode (screenshots with SCREENSHOTS=1); the
 * dashboard's Hub line counts the same requirements.
 */
import type { BrowserContextOptions, Page } from "playwright-core";
import { expect } from "vitest";
import { api } from "../helpers/accounts.ts";
import { axeViolations, unnamedControls } from "../helpers/a11y.ts";
import {
  browserFile,
  courseId,
  fitsWidth,
  PHONE,
  screenshot,
  signIn,
  unexpected,
  waitForIsland,
} from "../helpers/pages.ts";

const { stack, test } = browserFile();

const SCREENS: { name: string; options: BrowserContextOptions; phone: boolean }[] = [
  { name: "phone-dark", options: { ...PHONE, colorScheme: "dark" }, phone: true },
  { name: "desktop-light", options: { viewport: { width: 1280, height: 900 }, colorScheme: "light" }, phone: false },
];

/** The text of an element, spaces collapsed. */
const textOf = async (page: Page, selector: string) =>
  ((await page.locator(selector).first().textContent()) ?? "").replace(/\s+/g, " ").trim();

test("a transfer student's Hub progress: 10 requirements, the planned course on its card, several-unit courses in view", async ({ page, problems, student, openPage }) => {
  const { t, url } = stack;

  // On /account: Hub requirements → Transfer student, sent with Update Account and kept after a reload.
  await page.goto(`${url}/account`);
  await waitForIsland(page, "AccountSettings");
  const details = page.getByRole("region", { name: "Account details" });
  expect(await details.getByLabel("Hub requirements").inputValue()).toBe("first-year");
  expect(await details.getByLabel("I am in the Kilachand Honors College").isChecked()).toBe(false);
  await details.getByLabel("Hub requirements").selectOption({ label: "Transfer student" });
  const sent = page.waitForRequest((request) =>
    new URL(request.url()).pathname === "/api/users/account" && request.method() === "PUT"
  );
  await details.getByRole("button", { name: "Update Account" }).click();
  expect((await sent).postDataJSON()).toMatchObject({ hubTrack: "transfer", kilachand: false });
  await details.getByRole("status").filter({ hasText: "Account updated successfully!" }).waitFor();
  await page.reload();
  await waitForIsland(page, "AccountSettings");
  expect(await details.getByLabel("Hub requirements").inputValue()).toBe("transfer");

  // Done: CS 111 (QR2 CRT CRI) and WR 100 (FYW CRT). Planned: HI 175 (GCI HCO) and EC 101 (SO1 CRT).
  const units = async (code: string) =>
    ((await (await api(t, `/api/courses/${await courseId(t, code)}`)).json()).hubRequirements as { code: string }[])
      .map((h) => h.code).sort();
  expect(await units("CAS CS 111")).toEqual(["CRI", "CRT", "QR2"]);
  expect(await units("CAS HI 175")).toEqual(["GCI", "HCO"]);
  for (
    const [list, code] of [
      ["completed-courses", "CAS CS 111"],
      ["completed-courses", "CAS WR 100"],
      ["courses-in-progress", "CAS HI 175"],
      ["courses-in-progress", "CAS EC 101"],
    ]
  ) {
    const response = await api(t, `/api/users/${list}/${await courseId(t, code)}`, {
      method: "POST",
      token: student.token,
    });
    expect(response.status, code).toBe(200);
  }

  for (const screen of SCREENS) {
    const { context, page: view, problems: viewProblems } = await openPage(screen.options);
    await signIn(context, student.token, url);
    await view.goto(`${url}/hub-progress`);
    await waitForIsland(view, "HubPlanner");
    await view.locator("section.hub-planner .hub-plan-list").waitFor();
    await view.evaluate(() => globalThis.scrollTo(0, 0));

    // The rules counted, with the way to change them.
    expect(await textOf(view, ".hub-rules")).toBe(
      "Counting as a transfer student (10 requirements). Change on Account",
    );
    expect(await view.getByRole("link", { name: "Change on Account" }).getAttribute("href")).toBe("/account");
    // QR2, CRT and CRI are met: 3 of the 10 requirements.
    expect(await textOf(view, ".hub-percent")).toBe("30% of requirements fulfilled (3 of 10)");
    expect(await textOf(view, ".hub-totals-caption")).toBe("Of your 10 requirements:");

    expect(await view.locator("li.hub-card").count()).toBe(10);
    // HI 175 will complete "PLM, AEX or HCO", and the card says so by name.
    const humanities = view.locator("li.hub-card").filter({ has: view.locator("#hub-plm-aex-hco") });
    expect(await humanities.locator(".hub-code").textContent()).toBe("PLM, AEX or HCO");
    expect(await humanities.locator(".hub-card-head .badge").textContent()).toBe("Will Complete");
    expect(await humanities.getByText("One unit of PLM, AEX or HCO fulfils this requirement.").isVisible()).toBe(true);
    const planned = humanities.locator(".hub-fact-planned");
    expect(await planned.locator("dt").textContent()).toBe("Planned");
    expect(await planned.locator("dd").textContent()).toBe("CAS HI 175");
    expect(await planned.isVisible()).toBe(true);
    // A met requirement names its courses; an unmet one with nothing planned links to a search per code.
    const toolkit = view.locator("li.hub-card").filter({ has: view.locator("#hub-crt") });
    expect(await toolkit.locator(".hub-card-head .badge").textContent()).toBe("✓ Complete");
    expect(await toolkit.locator(".hub-fact-courses dd").textContent()).toBe("CAS CS 111, CAS WR 100");
    const writing = view.locator("li.hub-card").filter({ has: view.locator("#hub-wri-win") });
    expect(await writing.getByRole("link", { name: /^Find (WRI|WIN) courses$/ }).allTextContents()).toEqual([
      "Find WRI courses",
      "Find WIN courses",
    ]);

    // Courses that cover several requirements: listed without a click.
    const several = view.getByRole("region", { name: "Courses that cover several of your remaining units" });
    expect(await several.locator("details").count()).toBe(0);
    expect(await several.locator(".hub-several-list li").count()).toBeGreaterThan(0);
    expect(await several.locator(".hub-several-list li").first().isVisible()).toBe(true);

    expect([...await axeViolations(view), ...await unnamedControls(view)], screen.name).toEqual([]);
    if (screen.phone) await fitsWidth(view);
    await screenshot(view, `hub-progress-transfer-${screen.name}`, { fullPage: true });

    // The dashboard counts the same requirements, under the same rules, and leads to this page.
    await view.goto(`${url}/dashboard`);
    expect(await textOf(view, ".dashboard-hub-line")).toBe("Hub: 3 of 10 requirements fulfilled, 3 planned");
    expect(await textOf(view, ".dashboard-hub-rules")).toBe(
      "Counted under the transfer student rules. See your Hub progress",
    );
    expect(await view.getByRole("link", { name: "See your Hub progress" }).getAttribute("href")).toBe("/hub-progress");
    expect(unexpected(viewProblems), screen.name).toEqual([]);
  }
  expect(unexpected(problems)).toEqual([]);
});
