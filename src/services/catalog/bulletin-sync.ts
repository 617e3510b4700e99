/**
 * The bulletin crawler behind `deno task catalog:sync`. It walks each chosen
 * college's course list pages and course pages under {base}{college}/courses/,
 * politely: robots.txt honoured, one request per `delayMs` (1 s by default, or
 * the longer Crawl-delay), a User-Agent naming HubRate with a contact,
 * conditional requests from the ETag/Last-Modified it kept, retries with
 * backoff on 429 and 5xx that respect Retry-After, never a link off the host or
 * outside the course pages. Its state file keeps the queue, the pages done and
 * every page's validators and parsed course, so an interrupted crawl continues
 * where it stopped and a later one downloads only what changed. The courses end
 * in the database through `importCourses`, exactly as `catalog:import` loads them.
 * The sections of the pages' schedule tables end in the class schedule through
 * `importSchedule` (source "bulletin"), once per run after the courses: only the
 * courses the crawl read can lose sections, so a partial run leaves the others'
 * as they are, and a term the registrar's download filled is left alone.
 */
import { dirname } from "node:path";
import { z } from "zod";
import type { Database } from "../../../db/client.ts";
import { terms } from "../../../db/schema.ts";
import { termName } from "../../lib/term-codes.ts";
import type { ScheduleSection } from "../schedule/registrar-csv.ts";
import { importSchedule } from "../schedule/schedule-import.ts";
import { PoliteClient } from "./polite-fetch.ts";
import { ALLOW_ALL, parseRobots, type RobotsRules } from "./robots-rules.ts";
import { isListPageUrl, parseCourseList, parseCoursePage } from "./bulletin-pages.ts";
import { catalogCourseSchema, importCourses } from "./catalog.ts";

export const DEFAULT_BASE = "https://www.bu.edu/academics/";
export const DEFAULT_STATE_PATH = "data/catalog-sync-state.json";
export const DEFAULT_DELAY_MS = 1000;
const PRODUCT_TOKEN = "HubRate-catalog-sync";

/** The bulletin's path segment of a college, where it is not the lower-cased code. */
const COLLEGE_PATHS: Record<string, string> = { QST: "questrom", WED: "wheelock" };

function collegePath(code: string): string {
  return COLLEGE_PATHS[code] ?? code.toLowerCase();
}

/** Bad input from the operator (an unknown college, an unreadable state file): one line, no stack. */
export class SyncInputError extends Error {}

/**
 * The bulletin path segments of the requested colleges, given by code or path
 * segment in any case ("cas", "QST", "questrom"); all known colleges when none is requested.
 */
export function resolveColleges(requested: string[], knownCodes: string[]): string[] {
  if (!requested.length) return knownCodes.map(collegePath);
  return [
    ...new Set(requested.map((value) => {
      const wanted = value.trim().toLowerCase();
      const code = knownCodes.find((c) => c.toLowerCase() === wanted || collegePath(c) === wanted);
      if (!code) {
        throw new SyncInputError(
          `Unknown college "${value}": choose from ${knownCodes.map((c) => c.toLowerCase()).join(", ")}.`,
        );
      }
      return collegePath(code);
    })),
  ];
}

/** "HubRate-catalog-sync/1.0 (+https://hubrate.example/contact)": who is crawling and how to reach them. */
function userAgent(contact: string): string {
  return `${PRODUCT_TOKEN}/1.0 (+${contact})`;
}

const scheduleSectionSchema: z.ZodType<ScheduleSection> = z.object({
  record: z.number(),
  term: z.number(),
  college: z.string(),
  department: z.string(),
  number: z.string(),
  section: z.string(),
  classNumber: z.number().nullable(),
  enrollment: z.boolean(),
  status: z.enum(["active", "cancelled", "stopped"]),
  capacity: z.number().nullable(),
  enrolled: z.number().nullable(),
  waitCapacity: z.number().nullable(),
  waitlist: z.number().nullable(),
  creditsMin: z.number().nullable(),
  creditsMax: z.number().nullable(),
  mode: z.string().nullable(),
  notes: z.string().nullable(),
  finalExam: z.boolean().nullable(),
  instructors: z.array(z.object({ lastName: z.string(), firstName: z.string() })),
  meetings: z.array(z.object({
    days: z.string(),
    startMinute: z.number().nullable(),
    endMinute: z.number().nullable(),
    room: z.string().nullable(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
  })),
});

const cachedPageSchema = z.object({
  etag: z.string().optional(),
  lastModified: z.string().optional(),
  /** A list page's course and list links. */
  links: z.array(z.string()).optional(),
  /** A course page's course, valid for the catalog. */
  course: catalogCourseSchema.optional(),
  /** A course page's sections (none when it has no schedule); a page kept without them is fetched again in full. */
  sections: z.array(scheduleSectionSchema).optional(),
  /** Why a course page gave no course. */
  skipped: z.string().optional(),
});
type CachedPage = z.infer<typeof cachedPageSchema>;

const stateSchema = z.object({
  version: z.literal(1),
  base: z.string(),
  colleges: z.array(z.string()),
  /** Pages still to fetch in this crawl. */
  queue: z.array(z.string()),
  /** Pages fetched in this crawl, in order. */
  done: z.array(z.string()),
  /** Pages that failed in this crawl, with the reason; the next run tries them again. */
  failed: z.record(z.string(), z.string()),
  /** What each page gave when last fetched, for conditional requests and 304s. */
  pages: z.record(z.string(), cachedPageSchema),
});
type SyncState = z.infer<typeof stateSchema>;

export type SyncProblem = { url: string; reason: string };

/** A term of the sections the crawl read: how many, of how many courses, and how many of the term are now gone. */
export type ScheduleTermSync = {
  code: number;
  name: string;
  sections: number;
  courses: number;
  /** Sections of the term marked gone after the write; null when the term was not written (a dry run). */
  gone: number | null;
};

export type ScheduleSync = {
  /** Terms written (or that would be, in a dry run). */
  terms: ScheduleTermSync[];
  /** Terms left alone because their sections come from the registrar's download, with the sections read. */
  registrarTerms: { code: number; name: string; sections: number }[];
};

export type SyncReport = {
  base: string;
  colleges: string[];
  /** Whether the run continued an interrupted crawl. */
  resumed: boolean;
  dryRun: boolean;
  /** HTTP requests, robots.txt and retries included. */
  requests: number;
  retries: number;
  /** Pages answered 200. */
  fetched: number;
  /** Pages answered 304 Not Modified. */
  notModified: number;
  /** Courses read from pages answered 200. */
  coursesParsed: number;
  /** Courses kept from the state file after a 304. */
  coursesUnchanged: number;
  /** Courses of this crawl so far, handed to the import (or that would be, in a dry run). */
  collected: number;
  upserted: number;
  /** The sections of the courses handed to the import, by term. */
  schedule: ScheduleSync;
  skipped: SyncProblem[];
  errors: SyncProblem[];
  warnings: SyncProblem[];
  /** Distinct links left alone because they lead off the host or outside the chosen colleges' course pages. */
  notFollowed: number;
  /** Pages left in the queue. */
  remaining: number;
  /** Why the run stopped before the queue was empty. */
  stopped?: string;
};

export type SyncOptions = {
  /** Bulletin root; each college's courses are under {base}{college}/courses/. */
  base?: string;
  /** Bulletin path segments of the colleges (see resolveColleges). */
  colleges: string[];
  statePath?: string;
  /** Minimum time between the starts of two requests. */
  delayMs?: number;
  /** Pages to fetch at most in this run; the rest stay queued for the next. */
  maxPages?: number;
  /** Crawl and parse, but write neither the database nor the state file. */
  dryRun?: boolean;
  /** Contact for the User-Agent: a URL or "mailto:…". */
  contact: string;
  /** Sent as the From header when set. */
  fromEmail?: string;
  /** Attempts per page before it counts as failed. */
  maxAttempts?: number;
  timeoutMs?: number;
  /** Aborting stops the crawl after the current request; the run still upserts what it found. */
  signal?: AbortSignal;
  /** The network, the clock and sleeping, replaceable in tests. */
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

/** Reads the state file; undefined when there is none. */
async function readSyncState(path: string): Promise<SyncState | undefined> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw new SyncInputError(`Cannot read the state file ${path}: ${error instanceof Error ? error.message : error}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new SyncInputError(
      `The state file ${path} is not JSON; remove it to start afresh, or pass another with --state.`,
    );
  }
  const parsed = stateSchema.safeParse(json);
  if (!parsed.success) {
    throw new SyncInputError(
      `The state file ${path} is not a catalog:sync state file; remove it to start afresh, or pass another with --state.`,
    );
  }
  return parsed.data;
}

async function writeSyncState(path: string, state: SyncState): Promise<void> {
  await Deno.mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.tmp`;
  await Deno.writeTextFile(temporary, JSON.stringify(state));
  await Deno.rename(temporary, path);
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ` : "") + i.message).join("; ");
}

/** What a page answered 200 gives: a list page its links, a course page its course or why it has none. */
function readPage(
  url: string,
  isList: boolean,
  outcome: { body: string; etag?: string; lastModified?: string },
  report: SyncReport,
): CachedPage {
  const validators = { etag: outcome.etag, lastModified: outcome.lastModified };
  if (isList) {
    const { courses, pages } = parseCourseList(outcome.body, url);
    return { ...validators, links: [...pages, ...courses] };
  }
  const page = parseCoursePage(outcome.body);
  if (!page.ok) return { ...validators, skipped: page.reason };
  const checked = catalogCourseSchema.safeParse(page.course);
  if (!checked.success) return { ...validators, skipped: describeIssues(checked.error) };
  report.coursesParsed++;
  for (const name of page.unknownHubAreas) report.warnings.push({ url, reason: `unknown Hub area "${name}"` });
  for (const reason of page.scheduleProblems) report.warnings.push({ url, reason });
  return { ...validators, course: checked.data, sections: page.sections };
}

/** Reads robots.txt: 4xx means no rules; no answer or 5xx means stay away (RFC 9309). */
async function readRobots(client: PoliteClient, base: URL): Promise<RobotsRules | { stop: string }> {
  const outcome = await client.get(new URL("/robots.txt", base).href);
  if (outcome.kind === "ok") return parseRobots(outcome.body, PRODUCT_TOKEN);
  if (outcome.kind === "redirect" || (outcome.kind === "failed" && outcome.status && outcome.status < 500)) {
    return ALLOW_ALL;
  }
  return {
    stop: outcome.kind === "stop"
      ? outcome.reason
      : `robots.txt could not be read (${outcome.kind === "failed" ? outcome.reason : outcome.kind})`,
  };
}

/**
 * Stores the sections of the courses the crawl read, term by term, after their courses: a term the registrar's
 * download filled is left alone; in the others only these courses' sections can be marked gone, so a partial run
 * (--max-pages, --college, a stop) leaves every other course's sections as they are. A dry run only counts.
 */
async function syncSchedule(
  database: Database,
  pages: {
    url: string;
    course: { college: string; department: string; number: string };
    /** Undefined for a page kept by an earlier version of the crawler, which did not read schedules. */
    sections?: ScheduleSection[];
  }[],
  report: SyncReport,
): Promise<void> {
  const code = (c: { college: string; department: string; number: string }) =>
    `${c.college} ${c.department} ${c.number}`;
  const sources = new Map(
    (await database.db.select({ code: terms.code, source: terms.source }).from(terms)).map((t) => [
      t.code,
      t.source,
    ]),
  );
  const byTerm = new Map<number, ScheduleSection[]>();
  // Each section's record is its page's place in the list (from 1), so that a skipped one names its page.
  for (const section of pages.flatMap((page, i) => (page.sections ?? []).map((s) => ({ ...s, record: i + 1 })))) {
    if (!byTerm.has(section.term)) byTerm.set(section.term, []);
    byTerm.get(section.term)!.push(section);
  }
  const written: ScheduleSection[] = [];
  for (const [term, list] of [...byTerm].sort(([a], [b]) => a - b)) {
    const name = termName(term)!;
    if (sources.get(term) === "registrar") {
      report.schedule.registrarTerms.push({ code: term, name, sections: list.length });
      continue;
    }
    written.push(...list);
    const courses = new Set(list.map(code)).size;
    report.schedule.terms.push({ code: term, name, sections: list.length, courses, gone: null });
  }
  if (report.dryRun || !written.length) return;
  const result = await importSchedule(database, written, {
    source: "bulletin",
    onlyCourses: new Set(pages.filter((page) => page.sections).map((page) => code(page.course))),
  });
  for (const term of result.terms) {
    const entry = report.schedule.terms.find((t) => t.code === term.code);
    if (entry) entry.gone = term.gone;
  }
  for (const skipped of result.skipped) {
    report.skipped.push({ url: pages[skipped.record - 1]?.url ?? report.base, reason: skipped.reason });
  }
}

/**
 * Crawls the bulletin for the chosen colleges and upserts what it found. A run
 * continues the crawl its state file left unfinished (same base and colleges);
 * otherwise it starts a new crawl from each college's first list page, keeping
 * the validators of earlier crawls for conditional requests.
 */
export async function syncCatalog(database: Database, options: SyncOptions): Promise<SyncReport> {
  const base = new URL(options.base ?? DEFAULT_BASE);
  if (!base.pathname.endsWith("/")) base.pathname += "/";
  const statePath = options.statePath ?? DEFAULT_STATE_PATH;
  const colleges = [...new Set(options.colleges)].sort();
  const prefixes = colleges.map((college) => `${base.pathname}${college}/courses/`);
  const client = new PoliteClient({
    headers: {
      "User-Agent": userAgent(options.contact),
      Accept: "text/html",
      ...(options.fromEmail ? { From: options.fromEmail } : {}),
    },
    delayMs: options.delayMs ?? DEFAULT_DELAY_MS,
    maxAttempts: options.maxAttempts ?? 4,
    timeoutMs: options.timeoutMs ?? 30_000,
    signal: options.signal,
    fetch: options.fetch,
    now: options.now,
    sleep: options.sleep,
  });

  const saved = await readSyncState(statePath);
  const sameCrawl = saved !== undefined && saved.base === base.href && saved.colleges.join() === colleges.join();
  const resumed = sameCrawl && (saved.queue.length > 0 || Object.keys(saved.failed).length > 0);
  const state: SyncState = resumed ? { ...saved, queue: [...saved.queue, ...Object.keys(saved.failed)], failed: {} } : {
    version: 1,
    base: base.href,
    colleges,
    queue: prefixes.map((p) => new URL(p, base).href),
    done: [],
    failed: {},
    pages: saved?.pages ?? {},
  };

  const report: SyncReport = {
    base: base.href,
    colleges,
    resumed,
    dryRun: options.dryRun ?? false,
    requests: 0,
    retries: 0,
    fetched: 0,
    notModified: 0,
    coursesParsed: 0,
    coursesUnchanged: 0,
    collected: 0,
    upserted: 0,
    schedule: { terms: [], registrarTerms: [] },
    skipped: [],
    errors: [],
    warnings: [],
    notFollowed: 0,
    remaining: 0,
  };
  const seen = new Set([...state.queue, ...state.done]);
  const notFollowed = new Set<string>();
  const inScope = (url: URL) => url.origin === base.origin && prefixes.some((p) => url.pathname.startsWith(p));
  const enqueue = (links: string[], first = false) => {
    const fresh = links.filter((link) => {
      if (!inScope(new URL(link))) {
        notFollowed.add(link);
        return false;
      }
      if (seen.has(link)) return false;
      seen.add(link);
      return true;
    });
    if (first) state.queue.unshift(...fresh);
    else state.queue.push(...fresh);
  };
  const save = () => report.dryRun ? Promise.resolve() : writeSyncState(statePath, state);

  const robots = await readRobots(client, base);
  if ("stop" in robots) {
    report.stopped = robots.stop;
  } else {
    client.delayMs = Math.max(client.delayMs, robots.crawlDelayMs ?? 0);
    let pages = 0;
    while (state.queue.length) {
      const url = state.queue[0];
      if (options.signal?.aborted) {
        report.stopped = "interrupted";
        break;
      }
      if (!robots.allows(new URL(url).pathname)) {
        report.skipped.push({ url, reason: "disallowed by robots.txt" });
        state.queue.shift();
        state.done.push(url);
        continue;
      }
      if (options.maxPages !== undefined && pages >= options.maxPages) {
        report.stopped = `reached --max-pages ${options.maxPages}`;
        break;
      }
      const isList = isListPageUrl(url);
      const cached = state.pages[url];
      // A course page kept without its sections (by a crawler that did not read them) is fetched again in full.
      const usable = cached &&
        (isList
          ? cached.links !== undefined
          : cached.course !== undefined
          ? cached.sections !== undefined
          : cached.skipped !== undefined);
      const outcome = await client.get(url, usable ? cached : undefined);
      if (outcome.kind === "stop") {
        report.stopped = outcome.reason;
        break;
      }
      pages++;
      state.queue.shift();
      if (outcome.kind === "failed") {
        report.errors.push({ url, reason: outcome.reason });
        state.failed[url] = outcome.reason;
        if (outcome.status === 404 || outcome.status === 410) delete state.pages[url];
      } else if (outcome.kind === "redirect") {
        state.done.push(url);
        delete state.pages[url];
        const target = new URL(outcome.location);
        if (inScope(target)) enqueue([target.href], true);
        else report.skipped.push({ url, reason: `redirects to ${target.href}, outside the course pages` });
      } else {
        state.done.push(url);
        let entry: CachedPage;
        if (outcome.kind === "ok") {
          report.fetched++;
          entry = state.pages[url] = readPage(url, isList, outcome, report);
        } else {
          report.notModified++;
          entry = cached ?? {};
          if (entry.course) report.coursesUnchanged++;
        }
        if (entry.links) enqueue(entry.links);
        if (entry.skipped) report.skipped.push({ url, reason: entry.skipped });
      }
      await save();
    }
  }

  const finished = !report.stopped && state.queue.length === 0 && Object.keys(state.failed).length === 0;
  if (finished) {
    // Pages of these colleges that the finished crawl no longer reached are gone from the bulletin.
    const reached = new Set(state.done);
    for (const url of Object.keys(state.pages)) {
      if (!reached.has(url) && inScope(new URL(url))) delete state.pages[url];
    }
  }
  const found = state.done.flatMap((url) => {
    const page = state.pages[url];
    return page?.course ? [{ url, course: page.course, sections: page.sections }] : [];
  });
  report.collected = found.length;
  let imported = found;
  if (!report.dryRun && found.length) {
    const result = await importCourses(database, found.map((f) => f.course));
    report.upserted = result.loaded;
    report.skipped.push(...result.skipped.map((s) => ({ url: found[s.index].url, reason: s.reason })));
    const left = new Set(result.skipped.map((s) => s.index));
    imported = found.filter((_, index) => !left.has(index));
  }
  await syncSchedule(database, imported, report);
  await save();
  report.requests = client.requests;
  report.retries = client.retries;
  report.notFollowed = notFollowed.size;
  report.remaining = state.queue.length;
  return report;
}
