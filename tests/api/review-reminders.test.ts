/**
 * End-of-term review reminders: a student opts in on /account (the API), the
 * reminder task mails each opted-in student the completed courses they have
 * not reviewed, through a real SMTP server, once per term; the signed
 * unsubscribe link (a page with a button on GET, one click by POST) stops the
 * next term's mail, and a tampered link changes nothing.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { completedCourses, courses, outbox, reviewRemindersSent, reviews, users } from "../../db/schema.ts";
import { ConfigError } from "../../src/config.ts";
import { parseTermEnds } from "../../src/lib/term-ends.ts";
import { REMINDER_MESSAGES, sendReviewReminders } from "../../src/services/reviews/review-reminders.ts";
import { reminderTermEnds, scheduleReviewReminders } from "../../src/startup.ts";
import {
  unsubscribeToken,
  unsubscribeTokenFits,
  unsubscribeTokenId,
} from "../../src/services/accounts/unsubscribe-tokens.ts";
import { api, createStudent, ORIGIN, type Student } from "../helpers/accounts.ts";
import { makeTestApp, TEST_SECRET, type TestApp } from "../helpers/app.ts";
import { courseId } from "../helpers/catalog.ts";
import { createdReview } from "../helpers/reviews.ts";
import { headerOf, type ParsedMail, type SmtpInbox, startSmtpServer } from "../helpers/smtp.ts";

let smtp: SmtpInbox;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

/** Runs `deno task reviews:remind` against the test database and the SMTP server, as an operator would. */
async function remind(t: TestApp, ...args: string[]): Promise<{ code: number; out: string }> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "src/tasks/remind-reviews.ts", ...args],
    env: {
      DATABASE_URL: t.config.databaseUrl,
      SESSION_SECRET: t.config.sessionSecret,
      APP_ENV: "test",
      APP_ORIGIN: ORIGIN,
      SMTP_URL: smtp.url,
      MAIL_FROM: "HubRate <no-reply@hubrate.test>",
    },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: output.code, out: new TextDecoder().decode(output.stdout) + new TextDecoder().decode(output.stderr) };
}

/** Everything the SMTP server received since the last call, by recipient. */
function takeMail(): Map<string, ParsedMail> {
  const taken = new Map<string, ParsedMail>();
  for (const mail of smtp.messages.splice(0)) {
    const to = [mail.to].flat()[0]!.value[0].address!;
    expect(taken.has(to), `two mails to ${to}`).toBe(false);
    taken.set(to, mail);
  }
  return taken;
}

async function optIn(t: TestApp, student: Student, enabled = true) {
  const response = await api(t, "/api/users/review-reminders", {
    method: "PUT",
    token: student.token,
    body: { enabled },
  });
  expect(response.status).toBe(200);
}

async function complete(t: TestApp, student: Student, ...codes: string[]) {
  for (const code of codes) {
    const response = await api(t, `/api/users/completed-courses/${await courseId(t, code)}`, {
      method: "POST",
      token: student.token,
    });
    expect(response.status, code).toBeLessThan(300);
  }
}

async function remindersOn(t: TestApp, id: number): Promise<boolean> {
  const [row] = await t.deps.database.db.select({ on: users.reviewReminders }).from(users).where(eq(users.id, id));
  return row.on;
}

const urlsIn = (text: string) => [...text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
const unsubscribeUrlOf = (mail: ParsedMail) => new URL(/^<(.+)>$/.exec(headerOf(mail, "List-Unsubscribe")!)![1]);
const tokenOf = (url: URL) => url.searchParams.get("token")!;
const oneClick = (t: TestApp, path: string) =>
  t.app.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });

describe("a reminder run through the real SMTP server", () => {
  let t: TestApp;
  const s: Record<string, Student> = {};
  /** The unsubscribe links (path and query) of Ada's and Fay's first reminders. */
  let adaLink = "";
  let fayLink = "";
  beforeAll(async () => {
    t = await makeTestApp();
    for (const name of ["ada", "ben", "cal", "dee", "eve", "fay", "gus"]) {
      s[name] = await createStudent(t, `${name}@bu.edu`);
    }
    // Ada: three completed courses, one reviewed. Fay: one completed course. Both opted in.
    await complete(t, s.ada, "CAS CS 111", "CAS WR 100", "CAS CS 112");
    await createdReview(t, s.ada.token, await courseId(t, "CAS CS 112"));
    await complete(t, s.fay, "CAS EN 120");
    // Ben reviewed his only completed course, and the review was hidden by reports: it still counts as reviewed.
    await complete(t, s.ben, "CAS CS 111");
    const benReview = await createdReview(t, s.ben.token, await courseId(t, "CAS CS 111"));
    await t.deps.database.db.update(reviews).set({ hidden: true }).where(eq(reviews.id, benReview.id));
    // Cal has courses to review but never opted in; Dee opted in but is not verified; Eve opted in with nothing completed.
    await complete(t, s.cal, "CAS CS 111");
    await complete(t, s.dee, "CAS CS 111");
    for (const name of ["ada", "ben", "dee", "eve", "fay"]) await optIn(t, s[name]);
    await t.deps.database.db.update(users).set({ enabled: false }).where(eq(users.id, s.dee.id));
    // A demo reviewer that somehow carries the flag is never mailed.
    const [demo] = await t.deps.database.db.insert(users).values({
      email: "demo-reviewer@hubrate.local",
      passwordHash: "x",
      enabled: true,
      isDemo: true,
      reviewReminders: true,
      college: "CAS",
      major: "Undecided",
      expectedGrad: 2027,
    }).returning();
    await t.deps.database.db.insert(completedCourses).values({
      userId: demo.id,
      courseId: await courseId(t, "CAS CS 111"),
    });
    smtp.messages.splice(0);
  });
  afterAll(() => t.close());

  test("--dry-run prints who would get what, and sends and records nothing", async () => {
    const run = await remind(t, "--dry-run", "--date=2026-12-21");
    expect(run.code, run.out).toBe(0);
    expect(run.out).toContain(
      "Dry run, nothing is sent or recorded. Fall 2026 ended 2026-12-20: 2 students would be reminded.",
    );
    expect(run.out).toContain("would remind ada@bu.edu: 2 courses (CAS CS 111, CAS WR 100)");
    expect(run.out).toContain("would remind fay@bu.edu: 1 course (CAS EN 120)");
    expect(run.out).not.toMatch(/ben@|cal@|dee@|eve@|gus@|demo-reviewer/);
    expect(await t.deps.database.db.$count(reviewRemindersSent)).toBe(0);
    expect(takeMail().size).toBe(0);
  });

  test("the opted-in students get one mail each with the right courses, and nobody else gets one", async () => {
    const run = await remind(t, "--date=2026-12-21");
    expect(run.code, run.out).toBe(0);
    expect(run.out).toContain("Fall 2026 ended 2026-12-20: 2 students reminded.");
    const mail = takeMail();
    expect([...mail.keys()].sort()).toEqual(["ada@bu.edu", "fay@bu.edu"]);

    const ada = mail.get("ada@bu.edu")!;
    expect(ada.subject).toBe("Review your Fall 2026 courses on HubRate");
    expect(ada.from?.text).toContain("no-reply@hubrate.test");
    const titles = new Map(
      (await t.deps.database.db.select({ id: courses.id, title: courses.title }).from(courses)).map((
        c,
      ) => [c.id, c.title]),
    );
    const [cs111, wr100, cs112] = [
      await courseId(t, "CAS CS 111"),
      await courseId(t, "CAS WR 100"),
      await courseId(t, "CAS CS 112"),
    ];
    expect(ada.text).toContain(`- CAS CS 111: ${titles.get(cs111)}\n  Review it: ${ORIGIN}/course/${cs111}/review`);
    expect(ada.text).toContain(`- CAS WR 100: ${titles.get(wr100)}\n  Review it: ${ORIGIN}/course/${wr100}/review`);
    expect(ada.text).not.toContain("CAS CS 112");
    expect(ada.text).not.toContain(`/course/${cs112}/`);
    expect(ada.html).toContain(`href="${ORIGIN}/course/${cs111}/review"`);
    expect(ada.html).toContain(`href="${ORIGIN}/course/${wr100}/review"`);
    expect(urlsIn(ada.text!).filter((u) => u.includes("/review")).length).toBe(2);

    const fay = mail.get("fay@bu.edu")!;
    expect(fay.text).toContain("CAS EN 120");
    expect(fay.text).not.toContain("CAS CS 111");

    const sent = await t.deps.database.db.select().from(reviewRemindersSent);
    expect(sent.map((r) => [r.userId, r.term]).sort()).toEqual(
      [[s.ada.id, "2026-fall"], [s.fay.id, "2026-fall"]].sort(),
    );
    // Delivered over SMTP, so nothing of it stays in the outbox.
    expect(await t.deps.database.db.$count(outbox)).toBe(0);

    // The unsubscribe link is in the body and in the List-Unsubscribe headers (RFC 8058), for each student their own.
    for (const [student, delivered] of [[s.ada, ada], [s.fay, fay]] as const) {
      const url = unsubscribeUrlOf(delivered);
      expect(url.origin + url.pathname).toBe(`${ORIGIN}/unsubscribe`);
      expect(headerOf(delivered, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      expect(urlsIn(delivered.text!)).toContain(url.href);
      expect(delivered.html).toContain(`href="${url.href}"`);
      expect(unsubscribeTokenId(tokenOf(url))).toBe(student.id);
      expect(unsubscribeTokenFits(TEST_SECRET, tokenOf(url), student.user)).toBe(true);
    }
    adaLink = unsubscribeUrlOf(ada).pathname + unsubscribeUrlOf(ada).search;
    fayLink = unsubscribeUrlOf(fay).pathname + unsubscribeUrlOf(fay).search;
  });

  test("a second run for the same term sends nothing; a student who opts in later in the window gets theirs", async () => {
    const again = await remind(t, "--date=2026-12-21");
    expect(again.code, again.out).toBe(0);
    expect(again.out).toContain("Fall 2026 ended 2026-12-20: 0 students reminded. Nobody is due one");
    expect(takeMail().size).toBe(0);

    await complete(t, s.gus, "CAS CS 131");
    await optIn(t, s.gus);
    const later = await remind(t, "--date=2027-01-02");
    expect(later.code, later.out).toBe(0);
    expect(later.out).toContain("Reminded gus@bu.edu: 1 course (CAS CS 131)");
    expect([...takeMail().keys()]).toEqual(["gus@bu.edu"]);
  });

  test("outside the 14 days after a term's end nothing is sent, and the database is not touched", async () => {
    await complete(t, s.eve, "CAS WR 100");
    for (const date of ["2027-01-03", "2027-03-10"]) {
      const run = await remind(t, `--date=${date}`);
      expect(run.code, run.out).toBe(0);
      expect(run.out).toContain(
        `No term ended in the 14 days up to ${date} (term ends: 12-20,05-15); nothing to send.`,
      );
    }
    expect(takeMail().size).toBe(0);
    expect(await t.deps.database.db.$count(reviewRemindersSent, eq(reviewRemindersSent.userId, s.eve.id))).toBe(0);
  });

  test("the unsubscribe link: GET shows a button and changes nothing, a one-click POST and the button's POST turn reminders off", async () => {
    const adaPath = adaLink;
    const page = await t.app.request(adaPath);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain("Stop end-of-term review reminders?");
    const form =
      /<form[^>]*>\s*<button type="submit" class="button">Unsubscribe<\/button>\s*<\/form>/.exec(html)?.[0] ?? "";
    expect(form).toContain(`action="${adaPath}"`);
    expect(form).toContain(`method="post"`);
    expect(html).toContain("noindex");
    expect(await remindersOn(t, s.ada.id)).toBe(true);

    // A mail program's one-click unsubscribe: a POST from elsewhere, without a session or an Origin of this site.
    const clicked = await oneClick(t, adaPath);
    expect(clicked.status).toBe(200);
    const done = await clicked.text();
    expect(done).toContain("You are unsubscribed");
    expect(done).toContain(`href="/login?next=%2Faccount"`);
    expect(await remindersOn(t, s.ada.id)).toBe(false);
    // Once more changes nothing, and the page now says they are off.
    expect((await oneClick(t, adaPath)).status).toBe(200);
    expect(await (await t.app.request(adaPath)).text()).toContain("End-of-term review reminders are off");

    // Fay presses the page's button, signed in: the way back is her account page.
    const pressed = await t.app.request(fayLink, {
      method: "POST",
      headers: {
        Origin: ORIGIN,
        Authorization: `Bearer ${s.fay.token}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "",
    });
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toContain(`<a href="/account">your account page</a>`);
    expect(await remindersOn(t, s.fay.id)).toBe(false);
    const account = await api(t, "/api/users/account", { token: s.fay.token });
    expect((await account.json()).reviewReminders).toBe(false);
  });

  test("a tampered, foreign or deleted account's token is refused with one clear message and 400, and turns nothing off", async () => {
    const gusToken = unsubscribeToken(TEST_SECRET, s.gus.user);
    const [id, mac] = gusToken.split(".");
    const flipped = mac.slice(0, -2) + (mac.at(-2) === "A" ? "B" : "A") + mac.at(-1);
    const tampered = [
      `${id}.${flipped}`,
      `${s.ada.id}.${mac}`,
      unsubscribeToken("another-secret-that-is-long-enough-0123456789", s.gus.user),
      // Gus's id with another account key: a link made for an account that had this id before a restore.
      unsubscribeToken(TEST_SECRET, { id: s.gus.id, sessionKey: "0".repeat(32) }),
      gusToken.slice(0, -1),
      "",
      "__proto__",
      `${id}.${mac}.${mac}`,
    ];
    for (const token of tampered) {
      const path = `/unsubscribe?token=${encodeURIComponent(token)}`;
      for (const method of ["GET", "POST"]) {
        const response = method === "GET" ? await t.app.request(path) : await oneClick(t, path);
        expect(response.status, `${method} ${token}`).toBe(400);
        const html = await response.text();
        expect(html).toContain("This unsubscribe link does not work");
        expect(html).toContain("This unsubscribe link is not valid");
      }
    }
    expect((await t.app.request("/unsubscribe")).status).toBe(400);
    expect(await remindersOn(t, s.gus.id)).toBe(true);
    expect(await remindersOn(t, s.eve.id)).toBe(true);

    // A real token of an account deleted since: the same answer as a forged one (which ids have accounts is no one's).
    const gone = unsubscribeToken(TEST_SECRET, { id: 999_999, sessionKey: "f".repeat(32) });
    const response = await oneClick(t, `/unsubscribe?token=${gone}`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("it may have been cut short or changed, or its account deleted");
  });

  test("next term, the students who unsubscribed get nothing; those still opted in get their mail", async () => {
    const run = await remind(t, "--date=2027-05-15");
    expect(run.code, run.out).toBe(0);
    expect(run.out).toContain("Spring 2027 ended 2027-05-15: 2 students reminded.");
    const mail = takeMail();
    expect([...mail.keys()].sort()).toEqual(["eve@bu.edu", "gus@bu.edu"]);
    expect(mail.get("gus@bu.edu")!.subject).toBe("Review your Spring 2027 courses on HubRate");
    expect(mail.get("eve@bu.edu")!.text).toContain("CAS WR 100");
  });

  test("bad flags and a bad REVIEW_REMINDER_DATES stop the task with a clear line", async () => {
    const badDate = await remind(t, "--date=2026-02-30");
    expect(badDate.code).toBe(2);
    expect(badDate.out).toContain('--date must be a day written YYYY-MM-DD, e.g. 2026-12-20, not "2026-02-30".');
    const unknown = await remind(t, "--now");
    expect(unknown.code).toBe(2);
    expect(unknown.out).toContain("Usage: deno task reviews:remind [--dry-run] [--date=YYYY-MM-DD]");
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "src/tasks/remind-reviews.ts", "--dry-run"],
      env: {
        DATABASE_URL: t.config.databaseUrl,
        SESSION_SECRET: t.config.sessionSecret,
        APP_ENV: "test",
        REVIEW_REMINDER_DATES: "12-20,12-01",
      },
      stdout: "piped",
      stderr: "piped",
    }).output();
    expect(output.code).toBe(1);
    expect(new TextDecoder().decode(output.stderr)).toContain(
      'Invalid REVIEW_REMINDER_DATES="12-20,12-01": 12-20 and 12-01 both end a fall term',
    );
    expect(takeMail().size).toBe(0);
  });
});

describe("the opt-in on /account (PUT /api/users/review-reminders)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  test("a student turns reminders on and off; the account view and /api/auth/me carry the choice", async () => {
    const student = await createStudent(t, "chooser@bu.edu");
    expect((await (await api(t, "/api/users/account", { token: student.token })).json()).reviewReminders).toBe(false);

    const on = await api(t, "/api/users/review-reminders", {
      method: "PUT",
      token: student.token,
      body: { enabled: true },
    });
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ message: REMINDER_MESSAGES.on, reviewReminders: true });
    expect(await remindersOn(t, student.id)).toBe(true);
    expect(await (await api(t, "/api/users/account", { token: student.token })).json()).toEqual({
      email: "chooser@bu.edu",
      college: "CAS",
      major: "Physics",
      expectedGrad: 2027,
      reviewReminders: true,
      hubTrack: "first-year",
      kilachand: false,
    });
    expect((await (await api(t, "/api/auth/me", { token: student.token })).json()).reviewReminders).toBe(true);

    const off = await api(t, "/api/users/review-reminders", {
      method: "PUT",
      token: student.token,
      body: { enabled: false, email: "x@y.z" },
    });
    expect(await off.json()).toEqual({ message: REMINDER_MESSAGES.off, reviewReminders: false });
    expect(await remindersOn(t, student.id)).toBe(false);
  });

  test("visitors get 401; a body without a true or false `enabled` gets 400 with a clear message and changes nothing", async () => {
    const visitor = await api(t, "/api/users/review-reminders", { method: "PUT", body: { enabled: true } });
    expect(visitor.status).toBe(401);
    const student = await createStudent(t, "careless@bu.edu");
    for (const body of [{}, { enabled: "true" }, { enabled: 1 }, { enabled: null }, [true], "yes"]) {
      const response = await api(t, "/api/users/review-reminders", { method: "PUT", token: student.token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      const expected = typeof body === "object" && !Array.isArray(body)
        ? "enabled must be true or false"
        : "Send a JSON object with enabled set to true or false";
      expect((await response.json()).message).toBe(expected);
    }
    const broken = await t.app.request("/api/users/review-reminders", {
      method: "PUT",
      headers: { Origin: ORIGIN, Authorization: `Bearer ${student.token}`, "Content-Type": "application/json" },
      body: "{enabled: true",
    });
    expect(broken.status).toBe(400);
    expect(await remindersOn(t, student.id)).toBe(false);
  });

  test("an unsubscribe token names one account and works with this server's secret only", () => {
    const account = { id: 42, sessionKey: "a".repeat(32) };
    const token = unsubscribeToken(TEST_SECRET, account);
    expect(token).toMatch(/^42\.[A-Za-z0-9_-]{43}$/);
    expect(unsubscribeTokenId(token)).toBe(42);
    expect(unsubscribeTokenFits(TEST_SECRET, token, account)).toBe(true);
    expect(unsubscribeTokenFits("another-secret-that-is-long-enough-0123456789", token, account)).toBe(false);
    expect(unsubscribeTokenFits(TEST_SECRET, token, { ...account, sessionKey: "b".repeat(32) })).toBe(false);
    expect(unsubscribeTokenFits(TEST_SECRET, token.replace(/^42\./, "43."), { ...account, id: 43 })).toBe(false);
    expect(unsubscribeTokenFits(TEST_SECRET, token, { id: 42, sessionKey: "" })).toBe(false);
    // No account with the id: no token fits.
    expect(unsubscribeTokenFits(TEST_SECRET, token, undefined)).toBe(false);
    expect(unsubscribeToken(TEST_SECRET, { ...account, id: 43 })).not.toBe(token.replace(/^42\./, "43."));
  });
});

describe("two runs at once", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  test("remind each student once: the reminder is recorded in the transaction that enqueues its mail", async () => {
    const students = await Promise.all(["one", "two", "three"].map((name) => createStudent(t, `${name}@bu.edu`)));
    for (const student of students) {
      await complete(t, student, "CAS CS 111");
      await optIn(t, student);
    }
    const term = { key: "2026-fall", label: "Fall 2026", endDate: "2026-12-20", daysSince: 1 };
    const deps = { database: t.deps.database, outbox: t.deps.outbox, secret: TEST_SECRET, origin: ORIGIN };
    const [a, b] = await Promise.all([sendReviewReminders(deps, term), sendReviewReminders(deps, term)]);
    expect(a.length + b.length).toBe(3);
    await t.deps.outbox.idle();
    expect(t.sent.map((m) => m.to).sort()).toEqual(["one@bu.edu", "three@bu.edu", "two@bu.edu"]);
    expect(await sendReviewReminders(deps, term)).toEqual([]);
    const recorded = await t.deps.database.db.select().from(reviewRemindersSent).where(
      eq(reviewRemindersSent.term, "2026-fall"),
    );
    expect(recorded).toHaveLength(3);
  });
});

describe("the daily run on Deno Deploy (Deno.cron)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  test("where Deno.cron is missing nothing is scheduled; where it exists, a daily job reminds only within 14 days of a term's end", async () => {
    expect(scheduleReviewReminders(Promise.resolve(t.deps), parseTermEnds("12-20,05-15"), undefined)).toBe(false);

    const student = await createStudent(t, "cron@bu.edu");
    await complete(t, student, "CAS CS 111");
    await optIn(t, student);
    const jobs: { name: string; schedule: string; handler: () => Promise<void> }[] = [];
    let now = new Date("2027-03-01T15:00:00Z");
    const scheduled = scheduleReviewReminders(
      Promise.resolve(t.deps),
      parseTermEnds("12-20,05-15"),
      (name, schedule, handler) => jobs.push({ name, schedule, handler }),
      () => now,
    );
    expect(scheduled).toBe(true);
    expect(jobs.map((job) => [job.name, job.schedule])).toEqual([[
      "HubRate end-of-term review reminders",
      "0 15 * * *",
    ]]);

    // March: last December's term is long past.
    await jobs[0].handler();
    await t.deps.outbox.idle();
    expect(t.sent).toEqual([]);
    // The day spring ends, in Boston.
    now = new Date("2027-05-15T15:00:00Z");
    await jobs[0].handler();
    await t.deps.outbox.idle();
    expect(t.sent.map((mail) => [mail.to, mail.subject])).toEqual([[
      "cron@bu.edu",
      "Review your Spring 2027 courses on HubRate",
    ]]);
    // The next day's run sends nothing new.
    now = new Date("2027-05-16T15:00:00Z");
    await jobs[0].handler();
    await t.deps.outbox.idle();
    expect(t.sent).toHaveLength(1);
  });

  test("a bad REVIEW_REMINDER_DATES becomes a ConfigError naming the variable, which stops a deploy start", () => {
    const config = { ...t.config, reviewReminderDates: "05-15,05-20" };
    expect(() => reminderTermEnds(config)).toThrow(ConfigError);
    expect(() => reminderTermEnds(config)).toThrow(
      'Invalid REVIEW_REMINDER_DATES="05-15,05-20": 05-15 and 05-20 both end a spring term',
    );
  });
});
