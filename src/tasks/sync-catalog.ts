/**
 * deno task catalog:sync [--college cas,eng] [--state FILE] [--base URL] [--delay-ms N] [--max-pages N] [--dry-run]
 * Crawls BU's public course bulletin politely and upserts its courses into the
 * database named by DATABASE_URL the way catalog:import does, so reviews are
 * kept, and the sections of their schedule tables into the class schedule. A
 * run stopped by Ctrl-C, --max-pages or a server asking to wait continues
 * where it stopped the next time. Exits non-zero when nothing could
 * be fetched. See src/services/catalog/bulletin-sync.ts.
 */
import { parseArgs } from "node:util";
import { migrateDatabase } from "../../db/client.ts";
import { referenceData as reference } from "../../db/seeds/reference.ts";
import { type Config, loadConfigOrExit } from "../config.ts";
import { openConfiguredDatabase } from "../startup.ts";
import { plural } from "../lib/text.ts";
import { catalogSource, collegeCodes, ensureReferenceData } from "../services/catalog/catalog.ts";
import {
  DEFAULT_BASE,
  DEFAULT_DELAY_MS,
  DEFAULT_STATE_PATH,
  resolveColleges,
  syncCatalog,
  SyncInputError,
  type SyncProblem,
  type SyncReport,
} from "../services/catalog/bulletin-sync.ts";

const USAGE =
  "Usage: deno task catalog:sync [--college cas,eng] [--state FILE] [--base URL] [--delay-ms N] [--max-pages N] [--dry-run]";

type Arguments = {
  colleges: string[];
  statePath: string;
  base: URL;
  delayMs: number;
  maxPages?: number;
  dryRun: boolean;
};

const isLoopback = (url: URL) =>
  url.hostname === "localhost" || url.hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(url.hostname);

function readArguments(): Arguments {
  let values;
  try {
    values = parseArgs({
      args: Deno.args,
      options: {
        college: { type: "string" },
        state: { type: "string" },
        base: { type: "string" },
        "delay-ms": { type: "string" },
        "max-pages": { type: "string" },
        "dry-run": { type: "boolean" },
      },
    }).values;
  } catch (error) {
    throw new SyncInputError(`${error instanceof Error ? error.message : error}. ${USAGE}`);
  }
  let base: URL;
  try {
    base = new URL(values.base ?? DEFAULT_BASE);
  } catch {
    throw new SyncInputError(`--base ${values.base} is not a URL (for example ${DEFAULT_BASE}).`);
  }
  if (base.protocol !== "https:" && base.protocol !== "http:") {
    throw new SyncInputError(`--base must be an http(s) URL, not ${base.href}.`);
  }
  const delayMs = values["delay-ms"] === undefined ? DEFAULT_DELAY_MS : Number(values["delay-ms"]);
  if (!Number.isInteger(delayMs) || delayMs < 0) {
    throw new SyncInputError(`--delay-ms must be a whole number of milliseconds, not ${values["delay-ms"]}.`);
  }
  if (delayMs < DEFAULT_DELAY_MS && !isLoopback(base)) {
    throw new SyncInputError(
      `--delay-ms below ${DEFAULT_DELAY_MS} is only for a local test server; ${base.host} gets at most one request per second.`,
    );
  }
  const maxPages = values["max-pages"] === undefined ? undefined : Number(values["max-pages"]);
  if (maxPages !== undefined && (!Number.isInteger(maxPages) || maxPages < 1)) {
    throw new SyncInputError(`--max-pages must be a whole number of pages, at least 1, not ${values["max-pages"]}.`);
  }
  return {
    colleges: (values.college ?? "").split(",").map((c) => c.trim()).filter(Boolean),
    statePath: values.state ?? DEFAULT_STATE_PATH,
    base,
    delayMs,
    maxPages,
    dryRun: values["dry-run"] ?? false,
  };
}

/** The site's contact page when it has a public origin, otherwise the maintainer's address. */
function contactOf(config: Config): string {
  const origin = new URL(config.origin);
  return isLoopback(origin) ? `mailto:${config.contactTo}` : `${config.origin}/contact`;
}

function printProblems(label: string, problems: SyncProblem[]): void {
  for (const problem of problems.slice(0, 50)) console.log(`  ${label} ${problem.url}: ${problem.reason}`);
  if (problems.length > 50) console.log(`  … and ${problems.length - 50} more`);
}

/** "Sections stored: Fall 2025 12 of 4 courses (1 gone), Spring 2026 5 of 2 courses; Fall 2026 left alone: …". */
function printSchedule(report: SyncReport): void {
  const { terms, registrarTerms } = report.schedule;
  if (!terms.length && !registrarTerms.length) return;
  const parts: string[] = [];
  if (terms.length) {
    const counts = terms.map((t) =>
      `${t.name} ${t.sections} of ${plural(t.courses, "course")}${t.gone ? ` (${t.gone} gone)` : ""}`
    );
    parts.push(`${report.dryRun ? "would be stored" : "stored"}: ${counts.join(", ")}`);
  }
  if (registrarTerms.length) {
    parts.push(
      `${terms.length ? "" : "of "}${
        registrarTerms.map((t) => `${t.name} (${plural(t.sections, "section")} read)`).join(", ")
      } left alone: the registrar's schedule is loaded`,
    );
  }
  console.log(`Sections ${parts.join("; ")}.`);
}

function printReport(report: SyncReport, statePath: string): void {
  printProblems("skipped", report.skipped);
  printProblems("error", report.errors);
  printProblems("warning", report.warnings);
  console.log(
    `${plural(report.requests, "request")} (${report.retries} retried): ${plural(report.fetched, "page")} fetched, ` +
      `${report.notModified} not modified (304).`,
  );
  const written = report.dryRun
    ? `${report.collected} would be upserted (dry run: database and state file untouched)`
    : `${report.upserted} upserted`;
  console.log(
    `${
      plural(report.coursesParsed, "course")
    } parsed, ${report.coursesUnchanged} unchanged; ${written}, ${report.skipped.length} skipped, ` +
      `${plural(report.errors.length, "error")}; ${
        plural(report.notFollowed, "link")
      } outside the course pages not followed.`,
  );
  printSchedule(report);
  if (report.stopped) {
    console.log(
      `Stopped: ${report.stopped}. ${
        plural(report.remaining, "page")
      } left: run again to continue (state in ${statePath}).`,
    );
  } else if (report.errors.length) {
    console.log(
      `Crawl done but for ${
        plural(report.errors.length, "failed page")
      }: the next run tries them again (state in ${statePath}).`,
    );
  } else {
    console.log(`Crawl complete${report.resumed ? ", continuing the last run" : ""}.`);
  }
}

async function main(): Promise<number> {
  let args: Arguments;
  try {
    args = readArguments();
  } catch (error) {
    if (!(error instanceof SyncInputError)) throw error;
    console.error(error.message);
    return 2;
  }
  const config = loadConfigOrExit();
  const database = await openConfiguredDatabase(config);
  const controller = new AbortController();
  const onInterrupt = () => {
    console.error("Stopping after the current request; press Ctrl-C again to quit at once.");
    controller.abort();
    Deno.removeSignalListener("SIGINT", onInterrupt);
  };
  try {
    await migrateDatabase(database);
    await ensureReferenceData(database, reference);
    const colleges = resolveColleges(args.colleges, await collegeCodes(database.db));
    console.log(
      `Crawling ${args.base.href} for ${colleges.join(", ")}, one request per ${args.delayMs} ms${
        args.dryRun ? ", dry run" : ""
      } (state in ${args.statePath}).`,
    );
    const before = await catalogSource(database.db);
    Deno.addSignalListener("SIGINT", onInterrupt);
    const report = await syncCatalog(database, {
      base: args.base.href,
      colleges,
      statePath: args.statePath,
      delayMs: args.delayMs,
      maxPages: args.maxPages,
      dryRun: args.dryRun,
      contact: contactOf(config),
      fromEmail: config.contactTo,
      signal: controller.signal,
    });
    printReport(report, args.statePath);
    if (before === "demo" && report.upserted) {
      console.log(
        "Note: this database held the demo catalog; its courses stay alongside the synced ones. Start from an empty database with DEMO_CATALOG=off to have the bulletin's courses only.",
      );
    }
    if (report.fetched + report.notModified === 0) return 1;
    return controller.signal.aborted ? 130 : 0;
  } catch (error) {
    if (!(error instanceof SyncInputError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    if (!controller.signal.aborted) Deno.removeSignalListener("SIGINT", onInterrupt);
    database.close();
  }
}

Deno.exit(await main());
