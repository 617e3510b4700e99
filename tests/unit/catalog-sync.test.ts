/**
 * The bulletin parser on saved pages, and catalog:sync against a local server
 * that serves those pages like the bulletin (ETag, Last-Modified, 304s,
 * robots.txt), with a fake clock where spacing is asserted. The schedule
 * tables' reading is tests/unit/bulletin-schedule.test.ts; here, what the sync
 * stores of them.
 */
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type Database, migrateDatabase, openDatabase } from "../../db/client.ts";
import { referenceData as reference } from "../../db/seeds/reference.ts";
import { courses, reviews, terms, users } from "../../db/schema.ts";
import { parseRobots } from "../../src/services/catalog/robots-rules.ts";
import { parseCourseList, parseCoursePage } from "../../src/services/catalog/bulletin-pages.ts";
import { catalogSource, ensureReferenceData } from "../../src/services/catalog/catalog.ts";
import { importSchedule } from "../../src/services/schedule/schedule-import.ts";
import {
  resolveColleges,
  syncCatalog,
  SyncInputError,
  type SyncOptions,
} from "../../src/services/catalog/bulletin-sync.ts";

const FIXTURES = new URL("../fixtures/bulletin/", import.meta.url);
const REPO = new URL("../../", import.meta.url).pathname;
const LAST_MODIFIED = "Mon, 01 Sep 2025 12:00:00 GMT";
const CONTACT = "mailto:maintainer@hubrate.local";
const COURSES = "/academics/cas/courses/";
const PAGES = ["", "2/", "cas-aa-103/", "cas-ph-110/", "cas-ma-121/", "cas-wr-151w/", "cas-ch-401/", "cas-hi-299/"].map(
  (p) => COURSES + p,
);
const MALFORMED_REASON = 'no course code heading (such as "CAS AA 103")';
const NO_TERM_REASON = 'schedule table under "Study Abroad Schedule" left out: the heading names no term';

const fixture = (path: string) => Deno.readTextFile(new URL(`.${path}index.html`, FIXTURES));

const EXPECTED = {
  "CAS AA 103": {
    college: "CAS",
    department: "AA",
    number: "103",
    title: "Black Atlantic Poetry & Song",
    description:
      "Reads poetry, spirituals, and spoken word from the Caribbean, West Africa, and the United States, asking how sound and print carry " +
      "memory across the Atlantic. Weekly listening journals and two essays.",
    prerequisites: "First-Year Writing Seminar (CAS WR 120 or equivalent).",
    has_prerequisites: true,
    hub_units: ["AEX", "GCI", "WIN"],
  },
  "CAS PH 110": {
    college: "CAS",
    department: "PH",
    number: "110",
    title: "Ethics in Everyday Life",
    description:
      "What do we owe strangers, friends, and future people? We test answers from Aristotle, Kant, and Mill against cases from medicine, " +
      "work & the internet, and practise the argument skills of philosophy. Students\u2019 short papers are workshopped in class \u2014 bring drafts.",
    prerequisites: null,
    has_prerequisites: false,
    hub_units: ["PLM", "ETR", "CRT"],
  },
  "CAS MA 121": {
    college: "CAS",
    department: "MA",
    number: "121",
    title: "Calculus for the Life & Health Sciences",
    description:
      "Derivatives and integrals through models of growth, dosage, and decay, with weekly data labs in a spreadsheet.",
    prerequisites: "CAS MA 118 or a placement score of 25 or higher.",
    has_prerequisites: true,
    hub_units: ["QR2", "CRT"],
  },
  "CAS WR 151W": {
    college: "CAS",
    department: "WR",
    number: "151W",
    title: "Writing Seminar: Boston Neighborhoods",
    description:
      "Students walk, interview, and write about one Boston neighborhood all term, building a researched feature in stages with a partner.",
    prerequisites: null,
    has_prerequisites: false,
    hub_units: ["WRI", "RIL", "TWC"],
  },
  "CAS CH 401": {
    college: "CAS",
    department: "CH",
    number: "401",
    title: "Advanced Laboratory Methods in Chemistry",
    description:
      "Spectroscopy, chromatography, and electrochemistry in a project laboratory; students design and defend one extended experiment.",
    prerequisites: "CAS CH 203 and CAS CH 204, or consent of instructor.",
    has_prerequisites: true,
    hub_units: [],
  },
};

describe("bulletin parsing", () => {
  test("a course list page gives its course links and its other list pages", async () => {
    const origin = "http://bulletin.test";
    const first = parseCourseList(await fixture(COURSES), `${origin}${COURSES}`);
    expect(first.courses).toEqual([
      `${origin}${COURSES}cas-aa-103/`,
      `${origin}${COURSES}cas-ph-110/`,
      `${origin}/academics/com/courses/com-fe-250/`,
      "https://www.bu.edu/academics/cas/courses/cas-aa-104/",
      `${origin}${COURSES}cas-ma-121/`,
    ]);
    expect(first.pages).toEqual([`${origin}/academics/eng/courses/`, `${origin}${COURSES}2/`]);

    const second = parseCourseList(await fixture(`${COURSES}2/`), `${origin}${COURSES}2/`);
    expect(second.courses).toEqual([
      `${origin}${COURSES}cas-wr-151w/`,
      `${origin}${COURSES}cas-ch-401/`,
      `${origin}${COURSES}cas-hi-299/`,
      `${origin}${COURSES}cas-aa-103/`,
    ]);
    expect(second.pages).toEqual([`${origin}${COURSES}`]);
  });

  test.each(Object.entries(EXPECTED))("course page of %s", async (code, expected) => {
    const slug = code.toLowerCase().replaceAll(" ", "-");
    const page = parseCoursePage(await fixture(`${COURSES}${slug}/`));
    expect(page).toMatchObject({ ok: true, course: expected, unknownHubAreas: [] });
    expect(page.ok && page.course).toEqual(expected);
  });

  test("a page without a course code is not a course, with the reason", async () => {
    expect(parseCoursePage(await fixture(`${COURSES}cas-hi-299/`))).toEqual({ ok: false, reason: MALFORMED_REASON });
  });

  test("unknown Hub list items are reported; a list item naming areas in other words still counts", () => {
    const page = parseCoursePage(`<h1>Labs</h1><h2>ENG EK 131</h2><div id="course-content"><p>Build things.</p>
      <ul class="cf-hub-offerings"><li>Scientific Inquiry II or Social Inquiry II</li><li>Interpretive Dance</li><li>Social Inquiry I</li></ul></div>`);
    expect(page).toMatchObject({
      ok: true,
      course: { hub_units: ["SI2", "SO2", "SO1"] },
      unknownHubAreas: ["Interpretive Dance"],
    });
  });
});

describe("robots.txt", () => {
  test("the longest matching rule wins, Allow on a tie; a group naming the crawler replaces *", () => {
    const robots = parseRobots(
      [
        "User-agent: *",
        "Disallow: /academics/",
        "Allow: /academics/cas/courses/",
        "Disallow: /academics/cas/courses/*/print$",
        "Crawl-delay: 5",
        "",
        "User-agent: hubrate-catalog-sync",
        "Disallow: /academics/eng/ # not for us",
        "Crawl-delay: 2",
      ].join("\n"),
      "HubRate-catalog-sync",
    );
    expect(robots.allows("/academics/cas/courses/")).toBe(true);
    expect(robots.allows("/academics/eng/courses/")).toBe(false);
    expect(robots.crawlDelayMs).toBe(2000);

    const others = parseRobots(
      "User-agent: *\nDisallow: /academics/\nAllow: /academics/cas/courses/\nDisallow: /academics/cas/courses/*/print$\nDisallow: /*.pdf\nCrawl-delay: 5",
      "OtherBot",
    );
    expect(others.allows("/academics/cas/courses/cas-aa-103/")).toBe(true);
    expect(others.allows("/academics/cas/")).toBe(false);
    expect(others.allows("/academics/cas/courses/x/print")).toBe(false);
    expect(others.allows("/academics/cas/courses/x/print/more")).toBe(true);
    expect(others.allows("/academics/cas/courses/syllabus.pdf")).toBe(true);
    expect(others.allows("/files/syllabus.pdf")).toBe(false);
    expect(others.allows("/robots.txt")).toBe(true);
    expect(others.crawlDelayMs).toBe(5000);
    expect(parseRobots("", "x").allows("/anything")).toBe(true);
  });
});

type Hit = { path: string; headers: Headers };

type Bulletin = {
  /** The bulletin root, like https://www.bu.edu/academics/. */
  base: string;
  hits: Hit[];
  robots: string;
  /** Pages served instead of the fixture, by path. */
  overrides: Map<string, string>;
  /** A response for the nth request of a path, instead of the page. */
  intercept?: (path: string, nth: number) => Response | undefined;
  close(): Promise<void>;
};

async function etagOf(body: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body)));
  return `"${Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("")}"`;
}

/** A static server over the fixtures that answers like the bulletin: ETag, Last-Modified, 304 on a matching If-None-Match. */
function serveBulletin(): Bulletin {
  const bulletin: Omit<Bulletin, "base" | "close"> = {
    hits: [],
    robots: "User-agent: *\nDisallow: /academics/*/print/\n",
    overrides: new Map(),
  };
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const path = new URL(request.url).pathname;
    bulletin.hits.push({ path, headers: request.headers });
    const intercepted = bulletin.intercept?.(path, bulletin.hits.filter((h) => h.path === path).length);
    if (intercepted) return intercepted;
    if (path === "/robots.txt") return new Response(bulletin.robots, { headers: { "content-type": "text/plain" } });
    let body = bulletin.overrides.get(path);
    if (body === undefined) {
      try {
        body = await fixture(path);
      } catch {
        return new Response("Not found", { status: 404 });
      }
    }
    const etag = await etagOf(body);
    if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers: { etag } });
    return new Response(body, {
      headers: { "content-type": "text/html; charset=UTF-8", etag, "last-modified": LAST_MODIFIED },
    });
  });
  return Object.assign(bulletin, {
    base: `http://127.0.0.1:${server.addr.port}/academics/`,
    close: () => server.shutdown(),
  });
}

/** Virtual time: sleeping advances it at once, so spacing is exact and tests are fast. */
function fakeClock() {
  const clock = { t: 0, now: () => clock.t, sleep: (ms: number) => Promise.resolve(void (clock.t += ms)) };
  return clock;
}

let dir: string;
let database: Database;
let bulletin: Bulletin;
let clock: ReturnType<typeof fakeClock>;
/** Every request the crawler started, with the virtual time it started at. */
let started: { path: string; at: number }[];

beforeEach(async () => {
  dir = await Deno.makeTempDir({ prefix: "hubrate-sync-" });
  database = await openDatabase(`file:${dir}/test.db`);
  await migrateDatabase(database);
  await ensureReferenceData(database, reference);
  bulletin = serveBulletin();
  clock = fakeClock();
  started = [];
});

afterEach(async () => {
  database.close();
  await bulletin.close();
  await Deno.remove(dir, { recursive: true });
});

function sync(options: Partial<SyncOptions> = {}) {
  return syncCatalog(database, {
    base: bulletin.base,
    colleges: ["cas"],
    statePath: `${dir}/state.json`,
    contact: CONTACT,
    fromEmail: "maintainer@hubrate.local",
    now: clock.now,
    sleep: clock.sleep,
    fetch: (input, init) => {
      started.push({ path: new URL(String(input)).pathname, at: clock.now() });
      return fetch(input, init);
    },
    ...options,
  });
}

const url = (path: string) => new URL(path, bulletin.base).href;
const pageHits = () => bulletin.hits.filter((h) => h.path !== "/robots.txt").map((h) => h.path);
const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]);

/** The courses as the site stores them, keyed by code, in the catalog file shape. */
async function storedCourses() {
  const rows = await database.db.all<
    {
      code: string;
      college: string;
      department: string;
      number: string;
      title: string;
      no_prereqs: number;
      description: string | null;
      prerequisites: string | null;
      hubs: string | null;
    }
  >(sql`SELECT c.college || ' ' || c.department || ' ' || c.number AS code, c.college, c.department, c.number, c.title, c.no_prereqs,
          t.description, t.prerequisites, (SELECT group_concat(hub_code) FROM course_hub_units h WHERE h.course_id = c.id) AS hubs
        FROM courses c JOIN course_texts t ON t.course_id = c.id`);
  return Object.fromEntries(rows.map((r) => [r.code, {
    college: r.college,
    department: r.department,
    number: r.number,
    title: r.title,
    description: r.description,
    prerequisites: r.prerequisites,
    has_prerequisites: !r.no_prereqs,
    hub_units: r.hubs ? r.hubs.split(",").sort() : [],
  }]));
}

const sortedUnits = (expected: typeof EXPECTED) =>
  Object.fromEntries(
    Object.entries(expected).map(([code, course]) => [code, { ...course, hub_units: [...course.hub_units].sort() }]),
  );

describe("catalog sync", () => {
  test("crawls the college's pages one per second with its User-Agent and loads the courses through the import", async () => {
    const report = await sync();
    expect(report).toMatchObject({
      requests: 9,
      retries: 0,
      fetched: 8,
      notModified: 0,
      coursesParsed: 5,
      collected: 5,
      upserted: 5,
      errors: [],
      warnings: [{ url: url(`${COURSES}cas-ph-110/`), reason: NO_TERM_REASON }],
      notFollowed: 3,
      remaining: 0,
      resumed: false,
    });
    expect(report.stopped).toBeUndefined();
    expect(report.skipped).toEqual([{ url: url(`${COURSES}cas-hi-299/`), reason: MALFORMED_REASON }]);

    expect(bulletin.hits[0].path).toBe("/robots.txt");
    expect(pageHits()).toEqual(PAGES);
    for (const hit of bulletin.hits) {
      expect(hit.headers.get("user-agent")).toBe(`HubRate-catalog-sync/1.0 (+${CONTACT})`);
      expect(hit.headers.get("from")).toBe("maintainer@hubrate.local");
      expect(hit.headers.get("if-none-match")).toBeNull();
    }
    expect(started).toHaveLength(9);
    for (const gap of gaps(started.map((s) => s.at))) expect(gap).toBeGreaterThanOrEqual(1000);

    expect(await storedCourses()).toEqual(sortedUnits(EXPECTED));
    expect(await catalogSource(database.db)).toBe("imported");
  });

  test("never follows links off the host or outside the chosen colleges' course pages", async () => {
    await sync();
    const paths = bulletin.hits.map((h) => h.path);
    expect(paths.every((p) => p === "/robots.txt" || p.startsWith(COURSES))).toBe(true);
    expect(paths).not.toContain("/academics/com/courses/com-fe-250/");
    expect(paths).not.toContain("/academics/eng/courses/");
    expect(paths).not.toContain("/academics/cas/courses/african-american-studies/");
    expect(paths).not.toContain("/academics/cas/courses/cas-ph-100/");
    expect(started.every((s) => s.path === "/robots.txt" || s.path.startsWith(COURSES))).toBe(true);
  });

  test("a second run asks conditionally: unchanged pages answer 304 and keep their courses, a changed one updates, reviews stay", async () => {
    await sync();
    const [aa103] = await database.db.select().from(courses).where(eq(courses.number, "103"));
    const [user] = await database.db.insert(users).values({
      email: "r@bu.edu",
      passwordHash: "x",
      college: "CAS",
      major: "Undecided",
      expectedGrad: 2027,
    })
      .returning();
    await database.db.insert(reviews).values({
      courseId: aa103.id,
      userId: user.id,
      overallRating: 4,
      usefulnessRating: 4,
      difficultyRating: 3,
      workloadRating: 3,
      interestRating: 5,
      teacherRating: 4,
      teacherName: "Okafor",
      semester: "Fall 2025",
      hoursPerWeek: 6,
      assignmentTypes: "Essays",
      reviewText: "Listening journals were the best part.",
    });
    const changed = (await fixture(`${COURSES}cas-ph-110/`)).replace(
      "Ethics <em>in</em> Everyday&nbsp;Life",
      "Ethics in Public Life",
    )
      .replace(/<li><span class="hub-icon"><\/span>Critical {3}Thinking<\/li>/, "");
    bulletin.overrides.set(`${COURSES}cas-ph-110/`, changed);
    bulletin.hits = [];

    const report = await sync();
    expect(report).toMatchObject({
      fetched: 1,
      notModified: 7,
      coursesParsed: 1,
      coursesUnchanged: 4,
      upserted: 5,
      errors: [],
      resumed: false,
    });
    expect(report.skipped).toEqual([{ url: url(`${COURSES}cas-hi-299/`), reason: MALFORMED_REASON }]);
    for (const hit of bulletin.hits.filter((h) => h.path !== "/robots.txt")) {
      expect(hit.headers.get("if-none-match")).toMatch(/^"[0-9a-f]{16}"$/);
      expect(hit.headers.get("if-modified-since")).toBe(LAST_MODIFIED);
    }

    const stored = await storedCourses();
    expect(Object.keys(stored)).toHaveLength(5);
    expect(stored["CAS PH 110"]).toMatchObject({ title: "Ethics in Public Life", hub_units: ["ETR", "PLM"] });
    expect(stored["CAS AA 103"]).toEqual(sortedUnits(EXPECTED)["CAS AA 103"]);
    const [again] = await database.db.select().from(courses).where(eq(courses.number, "103"));
    expect(again.id).toBe(aa103.id);
    expect(await database.db.$count(reviews, eq(reviews.courseId, aa103.id))).toBe(1);
  });

  test("an interrupted crawl continues where it stopped, without fetching done pages again", async () => {
    const first = await sync({ maxPages: 3 });
    expect(first).toMatchObject({
      stopped: "reached --max-pages 3",
      fetched: 3,
      remaining: 5,
      upserted: 1,
      resumed: false,
    });
    const state = JSON.parse(await Deno.readTextFile(`${dir}/state.json`));
    expect(state.done).toEqual(PAGES.slice(0, 3).map(url));
    expect(state.queue).toHaveLength(5);
    expect(state.pages[url(`${COURSES}cas-aa-103/`)].course).toMatchObject({ title: "Black Atlantic Poetry & Song" });
    expect(Object.keys(await storedCourses())).toEqual(["CAS AA 103"]);
    const firstPages = pageHits();
    bulletin.hits = [];

    const second = await sync();
    expect(second).toMatchObject({
      resumed: true,
      fetched: 5,
      notModified: 0,
      remaining: 0,
      collected: 5,
      upserted: 5,
    });
    expect(second.stopped).toBeUndefined();
    const secondPages = pageHits();
    expect(secondPages.filter((p) => firstPages.includes(p))).toEqual([]);
    expect([...firstPages, ...secondPages].sort()).toEqual([...PAGES].sort());
    expect(await storedCourses()).toEqual(sortedUnits(EXPECTED));
  });

  test("waits as Retry-After asks on 429, backs off on 5xx, and the next run retries the page that failed", async () => {
    bulletin.intercept = (path, nth) => {
      if (path === `${COURSES}cas-ph-110/` && nth === 1) {
        return new Response("slow down", { status: 429, headers: { "retry-after": "7" } });
      }
      if (path === `${COURSES}cas-ma-121/`) return new Response("down", { status: 503 });
    };
    const report = await sync();
    expect(report.errors).toEqual([{ url: url(`${COURSES}cas-ma-121/`), reason: "HTTP 503 (4 attempts)" }]);
    expect(report).toMatchObject({ retries: 4, fetched: 7, upserted: 4 });
    expect(report.stopped).toBeUndefined();
    const ph = started.filter((s) => s.path === `${COURSES}cas-ph-110/`).map((s) => s.at);
    expect(ph).toHaveLength(2);
    expect(ph[1] - ph[0]).toBeGreaterThanOrEqual(7000);
    const ma = started.filter((s) => s.path === `${COURSES}cas-ma-121/`).map((s) => s.at);
    expect(gaps(ma)).toEqual([2000, 4000, 8000]);
    expect(await storedCourses()).not.toHaveProperty(["CAS MA 121"]);

    bulletin.intercept = undefined;
    bulletin.hits = [];
    const retry = await sync();
    expect(retry).toMatchObject({ resumed: true, fetched: 1, errors: [], upserted: 5 });
    expect(pageHits()).toEqual([`${COURSES}cas-ma-121/`]);
    expect(await storedCourses()).toEqual(sortedUnits(EXPECTED));
  });

  test("stops, keeping its queue, when the server asks to wait too long", async () => {
    bulletin.intercept = (path) =>
      path === `${COURSES}2/` ? new Response(null, { status: 503, headers: { "retry-after": "3600" } }) : undefined;
    const report = await sync();
    expect(report.stopped).toBe("the server asked to wait 3600 s (HTTP 503, Retry-After)");
    expect(report).toMatchObject({ fetched: 1, remaining: 4 });
    const state = JSON.parse(await Deno.readTextFile(`${dir}/state.json`));
    expect(state.queue[0]).toBe(url(`${COURSES}2/`));
  });

  test("honours robots.txt: disallowed pages are skipped and a longer Crawl-delay spaces the requests", async () => {
    bulletin.robots =
      "User-agent: OtherBot\nDisallow: /\n\nUser-agent: *\nDisallow: /academics/cas/courses/cas-ch-401/\nCrawl-delay: 2\n";
    const report = await sync();
    expect(pageHits()).not.toContain(`${COURSES}cas-ch-401/`);
    expect(report.skipped).toContainEqual({ url: url(`${COURSES}cas-ch-401/`), reason: "disallowed by robots.txt" });
    expect(report.upserted).toBe(4);
    for (const gap of gaps(started.map((s) => s.at))) expect(gap).toBeGreaterThanOrEqual(2000);
  });

  test("fetches nothing when robots.txt cannot be read", async () => {
    bulletin.intercept = (path) => path === "/robots.txt" ? new Response("oops", { status: 500 }) : undefined;
    const report = await sync();
    expect(report.stopped).toBe("robots.txt could not be read (HTTP 500 (4 attempts))");
    expect(report).toMatchObject({ fetched: 0, notModified: 0, upserted: 0 });
    expect(pageHits()).toEqual([]);
  });

  test("a dry run writes neither the database nor the state file", async () => {
    const report = await sync({ dryRun: true });
    expect(report).toMatchObject({ dryRun: true, fetched: 8, collected: 5, upserted: 0 });
    expect(report.schedule).toEqual({
      terms: [
        { code: 2258, name: "Fall 2025", sections: 9, courses: 3, gone: null },
        { code: 2261, name: "Spring 2026", sections: 2, courses: 1, gone: null },
      ],
      registrarTerms: [],
    });
    expect(await storedCourses()).toEqual({});
    expect(await database.db.$count(terms)).toBe(0);
    await expect(Deno.stat(`${dir}/state.json`)).rejects.toThrow(Deno.errors.NotFound);
  });

  test("a state file that is not the crawler's is refused with one line", async () => {
    await Deno.writeTextFile(`${dir}/state.json`, "{not json");
    await expect(sync()).rejects.toThrow(
      new SyncInputError(
        `The state file ${dir}/state.json is not JSON; remove it to start afresh, or pass another with --state.`,
      ),
    );
    await Deno.writeTextFile(`${dir}/state.json`, JSON.stringify({ version: 2 }));
    await expect(sync()).rejects.toThrow(/is not a catalog:sync state file/);
    expect(bulletin.hits).toEqual([]);
  });

  test("colleges are chosen by code or bulletin path; all by default", () => {
    const known = reference.colleges.map((c) => c.code);
    expect(resolveColleges([], known)).toEqual([
      "cas",
      "cds",
      "cfa",
      "cgs",
      "com",
      "eng",
      "khc",
      "met",
      "questrom",
      "sar",
      "sha",
      "sph",
      "wheelock",
    ]);
    expect(resolveColleges(["CAS", "qst", "Wheelock", "cas"], known)).toEqual(["cas", "questrom", "wheelock"]);
    expect(() => resolveColleges(["cas", "xyz"], known)).toThrow(
      `Unknown college "xyz": choose from ${known.map((c) => c.toLowerCase()).join(", ")}.`,
    );
  });
});

/** The stored sections by "COURSE TERM SECTION", with their meetings and instructors as text, in id order. */
async function storedSections() {
  const rows = await database.db.all<
    {
      key: string;
      id: number;
      enrollment: number;
      status: string;
      class_number: number | null;
      notes: string | null;
      gone: number;
      meetings: string | null;
      instructors: string | null;
    }
  >(sql`SELECT c.college || ' ' || c.department || ' ' || c.number || ' ' || s.term_code || ' ' || s.section AS key,
          s.id, s.enrollment, s.status, s.class_number, s.notes, s.gone,
          (SELECT group_concat(m.days || ' ' || ifnull(m.start_minute, '-') || '-' || ifnull(m.end_minute, '-') || ' ' ||
             ifnull(m.room, '-'), '; ') FROM (SELECT * FROM section_meetings WHERE section_id = s.id ORDER BY position) m)
            AS meetings,
          (SELECT group_concat(i.last_name, ', ') FROM (SELECT * FROM section_instructors WHERE section_id = s.id
             ORDER BY position) i) AS instructors
        FROM sections s JOIN courses c ON c.id = s.course_id ORDER BY s.id`);
  return Object.fromEntries(rows.map(({ key, ...row }) => [key, row]));
}

const linkedSections = () =>
  database.db.all<{ link: string }>(sql`SELECT companion.section || ' with ' || lecture.section || ' ' ||
      lecture.term_code AS link FROM section_links l JOIN sections companion ON companion.id = l.companion_id
      JOIN sections lecture ON lecture.id = l.section_id ORDER BY link`).then((rows) => rows.map((r) => r.link));

const goneOf = (stored: Record<string, { gone: number }>) =>
  Object.entries(stored).filter(([, s]) => s.gone).map(([key]) => key);

describe("the schedule through catalog:sync", () => {
  const FALL = [
    "CAS AA 103 2258 A1",
    "CAS PH 110 2258 A1",
    "CAS PH 110 2258 A2",
    "CAS PH 110 2258 X1",
    "CAS MA 121 2258 A1",
    "CAS MA 121 2258 A2",
    "CAS MA 121 2258 A3",
    "CAS MA 121 2258 B1",
    "CAS MA 121 2258 B2",
  ];
  const SPRING = ["CAS MA 121 2261 A1", "CAS MA 121 2261 A2"];

  test("stores every section the pages give, after their courses, with companions linked; reports them per term", async () => {
    const report = await sync();
    expect(report.schedule).toEqual({
      terms: [
        { code: 2258, name: "Fall 2025", sections: 9, courses: 3, gone: 0 },
        { code: 2261, name: "Spring 2026", sections: 2, courses: 1, gone: 0 },
      ],
      registrarTerms: [],
    });
    const stored = await storedSections();
    expect(Object.keys(stored).sort()).toEqual([...FALL, ...SPRING].sort());
    expect(stored["CAS MA 121 2258 A1"]).toMatchObject({
      enrollment: 1,
      status: "active",
      class_number: null,
      gone: 0,
      meetings: "MWF 610-660 CAS 522",
      instructors: "Okafor, Lindqvist",
      notes: "Students registering for CAS MA 121 must register for two sections: a LEC section and a DIS section.",
    });
    expect(stored["CAS MA 121 2258 B1"]).toMatchObject({
      meetings: "TR 930-1005 KCB 101; W 1110-1200 CAS 116",
      instructors: "Haddad",
    });
    expect(stored["CAS MA 121 2258 B2"]).toMatchObject({ enrollment: 0, meetings: null, instructors: null });
    expect(stored["CAS PH 110 2258 A1"]).toMatchObject({ instructors: "Brennan, Adeyemi" });
    expect(stored["CAS PH 110 2258 X1"]).toMatchObject({ enrollment: 1, meetings: null, instructors: null });
    expect(await linkedSections()).toEqual([
      "A2 with A1 2258",
      "A2 with A1 2261",
      "A3 with A1 2258",
      "B2 with B1 2258",
    ]);
    const stored_terms = await database.db.select({ code: terms.code, name: terms.name, source: terms.source })
      .from(terms).orderBy(terms.code);
    expect(stored_terms).toEqual([
      { code: 2258, name: "Fall 2025", source: "bulletin" },
      { code: 2261, name: "Spring 2026", source: "bulletin" },
    ]);
  });

  test("a second sync keeps the sections' ids, pages answering 304 included; a row gone from a page is marked gone", async () => {
    await sync();
    const first = await storedSections();
    const changed = (await fixture(`${COURSES}cas-ma-121/`)).replace(
      /<tr><td>A3<\/td>.*?<\/tr>/,
      "",
    ).replace("<td>Haddad</td><td>CGS 511</td>", "<td>Haddad, Okafor</td><td>CGS 511</td>");
    bulletin.overrides.set(`${COURSES}cas-ma-121/`, changed);

    const report = await sync();
    expect(report).toMatchObject({ fetched: 1, notModified: 7 });
    expect(report.schedule.terms).toEqual([
      { code: 2258, name: "Fall 2025", sections: 8, courses: 3, gone: 1 },
      { code: 2261, name: "Spring 2026", sections: 2, courses: 1, gone: 0 },
    ]);
    const second = await storedSections();
    expect(Object.keys(second)).toEqual(Object.keys(first));
    for (const key of Object.keys(first)) expect(second[key].id, key).toBe(first[key].id);
    expect(goneOf(second)).toEqual(["CAS MA 121 2258 A3"]);
    expect(second["CAS MA 121 2261 A1"].instructors).toBe("Haddad, Okafor");
    expect(second["CAS PH 110 2258 A2"]).toEqual(first["CAS PH 110 2258 A2"]);

    bulletin.overrides.clear();
    await sync();
    expect(await storedSections()).toEqual(first);
  });

  test("a partial run marks gone only the sections of the courses it read", async () => {
    await sync();
    const first = await storedSections();
    // A new crawl stopped after the lists and CAS AA 103, whose A1 is now A2.
    bulletin.overrides.set(
      `${COURSES}cas-aa-103/`,
      (await fixture(`${COURSES}cas-aa-103/`)).replace("<tr><td>A1</td>", "<tr><td>A2</td>"),
    );
    const report = await sync({ maxPages: 3 });
    expect(report).toMatchObject({ stopped: "reached --max-pages 3", collected: 1 });
    expect(report.schedule.terms).toEqual([{ code: 2258, name: "Fall 2025", sections: 1, courses: 1, gone: 1 }]);
    const after = await storedSections();
    expect(goneOf(after)).toEqual(["CAS AA 103 2258 A1"]);
    expect(after["CAS AA 103 2258 A2"]).toMatchObject({ gone: 0, instructors: "Okafor" });
    for (const key of [...FALL, ...SPRING].filter((k) => !k.startsWith("CAS AA 103"))) {
      expect(after[key], key).toEqual(first[key]);
    }
  });

  test("a term the registrar's download filled is left alone, and the report says so", async () => {
    await sync();
    const spring = (await storedSections())["CAS MA 121 2261 A1"];
    const registrar = await importSchedule(database, [{
      record: 1,
      term: 2261,
      college: "CAS",
      department: "MA",
      number: "121",
      section: "A1",
      classNumber: 12345,
      enrollment: true,
      status: "active",
      capacity: 120,
      enrolled: 80,
      waitCapacity: 10,
      waitlist: 0,
      creditsMin: 4,
      creditsMax: 4,
      mode: "In Person",
      notes: null,
      finalExam: true,
      instructors: [{ lastName: "Haddad", firstName: "Leila" }],
      meetings: [{ days: "TR", startMinute: 660, endMinute: 735, room: "CGS 511", startDate: null, endDate: null }],
    }], { source: "registrar" });
    expect(registrar.terms[0]).toMatchObject({ code: 2261, gone: 1 });
    const before = await storedSections();
    expect(before["CAS MA 121 2261 A1"]).toMatchObject({ id: spring.id, class_number: 12345 });

    bulletin.overrides.set(
      `${COURSES}cas-ma-121/`,
      (await fixture(`${COURSES}cas-ma-121/`)).replace("<td>CGS 511</td>", "<td>CAS 313</td>"),
    );
    const report = await sync();
    expect(report.schedule).toEqual({
      terms: [{ code: 2258, name: "Fall 2025", sections: 9, courses: 3, gone: 0 }],
      registrarTerms: [{ code: 2261, name: "Spring 2026", sections: 2 }],
    });
    expect(await storedSections()).toEqual(before);
    const [term] = await database.db.select().from(terms).where(eq(terms.code, 2261));
    expect(term.source).toBe("registrar");
  });

  test("a course page kept in the state file without its sections is fetched again in full", async () => {
    await sync();
    const statePath = `${dir}/state.json`;
    const state = JSON.parse(await Deno.readTextFile(statePath));
    delete state.pages[url(`${COURSES}cas-ma-121/`)].sections;
    await Deno.writeTextFile(statePath, JSON.stringify(state));
    await database.client.execute("DELETE FROM sections");
    bulletin.hits = [];

    const report = await sync();
    expect(report).toMatchObject({ fetched: 1, notModified: 7 });
    const full = bulletin.hits.filter((h) => h.path === `${COURSES}cas-ma-121/`);
    expect(full.map((h) => h.headers.get("if-none-match"))).toEqual([null]);
    expect(Object.keys(await storedSections()).sort()).toEqual([...FALL, ...SPRING].sort());
  });
});

describe("deno task catalog:sync", () => {
  async function runTask(args: string[], env: Record<string, string> = {}) {
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "src/tasks/sync-catalog.ts", ...args],
      cwd: REPO,
      env: {
        DATABASE_URL: `file:${dir}/cli.db`,
        DEMO_CATALOG: "off",
        APP_ENV: "test",
        SESSION_SECRET: "test-secret-that-is-long-enough-0123456789",
        ...env,
      },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const decoder = new TextDecoder();
    return { code: output.code, stdout: decoder.decode(output.stdout), stderr: decoder.decode(output.stderr) };
  }

  test("crawls, prints its report and exits 0; bad input gets one line and a non-zero exit", async () => {
    const state = `${dir}/cli-state.json`;
    const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const unreachable = `http://127.0.0.1:${(closed.addr as Deno.NetAddr).port}/academics/`;
    closed.close();
    await Deno.writeTextFile(`${dir}/garbage.json`, "[1, 2]");
    const [ok, unknownCollege, tooFast, badState, nothing] = await Promise.all([
      runTask(["--base", bulletin.base, "--college", "cas", "--delay-ms", "10", "--state", state]),
      runTask(["--base", bulletin.base, "--college", "cas,xyz", "--delay-ms", "10", "--state", state], {
        DATABASE_URL: `file:${dir}/other.db`,
      }),
      runTask(["--college", "cas", "--delay-ms", "10"]),
      runTask(["--base", bulletin.base, "--college", "cas", "--delay-ms", "10", "--state", `${dir}/garbage.json`], {
        DATABASE_URL: `file:${dir}/third.db`,
      }),
      runTask(["--base", unreachable, "--college", "cas", "--delay-ms", "10", "--state", `${dir}/none.json`], {
        DATABASE_URL: `file:${dir}/fourth.db`,
      }),
    ]);

    expect(ok.stderr).toBe("");
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(`Crawling ${bulletin.base} for cas, one request per 10 ms (state in ${state}).`);
    expect(ok.stdout).toContain(`  skipped ${bulletin.base}cas/courses/cas-hi-299/: ${MALFORMED_REASON}`);
    expect(ok.stdout).toContain("9 requests (0 retried): 8 pages fetched, 0 not modified (304).");
    expect(ok.stdout).toContain(
      "5 courses parsed, 0 unchanged; 5 upserted, 1 skipped, 0 errors; 3 links outside the course pages not followed.",
    );
    expect(ok.stdout).toContain("Sections stored: Fall 2025 9 of 3 courses, Spring 2026 2 of 1 course.");
    expect(ok.stdout).toContain("Crawl complete.");
    const agents = new Set(bulletin.hits.map((h) => h.headers.get("user-agent")));
    expect(agents).toEqual(new Set([`HubRate-catalog-sync/1.0 (+${CONTACT})`]));
    const cli = await openDatabase(`file:${dir}/cli.db`);
    try {
      expect(await cli.db.$count(courses)).toBe(5);
    } finally {
      cli.close();
    }

    for (const failed of [unknownCollege, tooFast, badState]) {
      expect(failed.code).not.toBe(0);
      expect(failed.stderr.trim().split("\n")).toHaveLength(1);
      expect(failed.stderr).not.toMatch(/\bat .*:\d+:\d+/);
    }
    expect(unknownCollege.stderr).toMatch(/^Unknown college "xyz": choose from cas, cds, /);
    expect(tooFast.code).toBe(2);
    expect(tooFast.stderr).toBe(
      "--delay-ms below 1000 is only for a local test server; www.bu.edu gets at most one request per second.\n",
    );
    expect(badState.stderr).toBe(
      `The state file ${dir}/garbage.json is not a catalog:sync state file; remove it to start afresh, or pass another with --state.\n`,
    );

    expect(nothing.code).toBe(1);
    expect(nothing.stdout).toContain("Stopped: robots.txt could not be read (");
  });
});
