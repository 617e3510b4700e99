/**
 * The catalog in memory: every course's fixed fields (code, title,
 * prerequisite text, Hub units, prerequisite groups and what it is required
 * for) and the names of colleges, departments and Hub areas; not the
 * descriptions, which a course's own reads fetch with its figures. It changes a few times a year,
 * while reviews change every minute, so a process reads it once per catalog
 * version and keeps it (ARCHITECTURE.md, Mechanisms worth knowing).
 *
 * A request checks the version in the same round trip as its own reads:
 * `withCatalog` runs the request's work against the copy in memory and reads
 * the version beside it; only when an import or sync has raised the version
 * is the work done again, on a copy loaded afresh in one round trip.
 */
import { eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { appSettings } from "../../../db/schema.ts";
import { derivedIsCurrent, gunzip, gzip, readDerived, storeDerived } from "../platform/derived-data.ts";
import { currentUsage, type DbUsage, outsideRequests } from "../../../db/round-trips.ts";
import type { PrerequisiteRef, RequiredFor } from "../../lib/api-types.ts";
import { courseCode } from "../../lib/course-code.ts";
import type { ParsedPrerequisites } from "../../lib/prerequisite-parser.ts";
import { displayTitle } from "../../lib/text.ts";
import { slices } from "../platform/next-turn.ts";

export type HubRef = { code: string; name: string };

/** A course as the catalog gives it: everything but its reviews and averages. */
export type CatalogCourse = {
  id: number;
  college: string;
  department: string;
  number: string;
  numberValue: number;
  /** The title as stored; `displayTitle` is what pages show. */
  title: string;
  displayTitle: string;
  code: string;
  noPreReqs: boolean;
  current: boolean;
  departmentName: string;
  collegeName: string;
  /** The prerequisite text as the catalog states it. (Descriptions are read with a course's figures: 4 MB a page needs one of.) */
  prerequisites: string | null;
  hubs: HubRef[];
  prerequisiteGroups: PrerequisiteRef[][];
  prerequisiteNote: string | null;
  /** The groups as codes, and whether the text asks for something the site cannot check: what eligibility is worked out from. */
  parsed: Pick<ParsedPrerequisites, "groups" | "conditions">;
  requiredFor: RequiredFor[];
  /**
   * The terms of the class schedule the course has sections in, by term code, with how many: sections a student
   * registers for (not discussions or labs), neither cancelled nor gone from the latest file.
   */
  offerings: CourseOffering[];
  /** The courses its description says cannot count together with it ("Cannot be taken for credit in addition to …"). */
  exclusions: PrerequisiteRef[];
  /** The courses whose descriptions say so of it: the same rule read from the other side. */
  namedInExclusions: PrerequisiteRef[];
};

/** A course's sections in one term (see `CatalogCourse.offerings`). */
export type CourseOffering = { term: number; sections: number };

/** A term of the class schedule, by the registrar's code, with its name ("Fall 2026"). */
export type ScheduleTerm = { code: number; name: string };

export type CatalogNames = { departments: ReadonlyMap<string, string>; colleges: ReadonlyMap<string, string> };

export type Catalog = {
  version: number;
  courses: ReadonlyMap<number, CatalogCourse>;
  /** Course ids by code ("CAS CS 111"). */
  byCode: ReadonlyMap<string, number>;
  names: CatalogNames;
  /** The Hub areas in the order pages list them. */
  hubAreas: readonly { code: string; name: string; category: string; required: number | null }[];
  /** The codes of the colleges that have courses, sorted. */
  collegeCodes: readonly string[];
  /** The terms that have a class schedule, by code. */
  terms: readonly ScheduleTerm[];
  /** Things built from the catalog on first use (the search index), kept as long as this copy. */
  derived: Map<string, unknown>;
};

const VERSION_KEY = "catalog_version";

function readVersion(db: Db): Promise<number> {
  return db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, VERSION_KEY)).then((
    [row],
  ) => Number(row?.value ?? 0));
}

/** The version a request read, so one request asks for it once. */
const versionsRead = new WeakMap<DbUsage, Map<Db, Promise<number>>>();

/** The catalog's version: a number every import, sync or change of reference data raises. */
export function catalogVersion(db: Db): Promise<number> {
  const usage = currentUsage();
  const read = () => readVersion(db);
  if (!usage) return read();
  let perDb = versionsRead.get(usage);
  if (!perDb) versionsRead.set(usage, perDb = new Map());
  let version = perDb.get(db);
  if (!version) perDb.set(db, version = read());
  return version;
}

/** Text order as SQLite's default collation has it: by code unit. */
function binary(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Raises the catalog's version: every process reads the catalog again at its next request. A statement that can join a
 * batch; with `unless`, a condition read when it runs, it raises nothing while the condition holds (the catalog did
 * not change), so no process reloads for nothing.
 */
export function raiseCatalogVersion(tx: Db, unless: SQL = sql`0`) {
  return tx.run(sql`INSERT INTO app_settings (key, value) SELECT ${VERSION_KEY}, '1' WHERE NOT (${unless})
    ON CONFLICT (key) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT)`);
}

/**
 * Rows of a table as one JSON array, built by the database: the native
 * client makes a JavaScript object per row and column, about 100 ms for the
 * 9,789 courses, all of it holding the event loop; one string of arrays is
 * read and parsed in under 10.
 */
async function jsonRows<T extends unknown[]>(db: Db, query: SQL): Promise<T[]> {
  const [row] = await db.all<{ rows: string | null }>(query);
  return JSON.parse(row?.rows ?? "[]") as T[];
}

/** Every row the catalog in memory is made from, as arrays: what the stored snapshot holds. */
type CatalogRows = {
  courses: [
    id: number,
    college: string,
    department: string,
    number: string,
    numberValue: number,
    title: string,
    noPreReqs: number,
    current: number,
  ][];
  texts: [courseId: number, prerequisites: string | null, prerequisiteNote: string | null, conditions: number][];
  units: [courseId: number, hubCode: string][];
  hubAreas: [code: string, name: string, category: string, required: number | null, position: number][];
  departments: [college: string, code: string, name: string][];
  colleges: [code: string, name: string][];
  prerequisites: [
    courseId: number,
    groupIndex: number,
    position: number,
    code: string,
    requiredId: number | null,
    alternative: number,
  ][];
  terms: [code: number, name: string][];
  offerings: [courseId: number, term: number, sections: number][];
  exclusions: [courseId: number, position: number, code: string, excludedId: number | null][];
};

/** Raised when CatalogRows changes shape: a snapshot of another format is made again. */
const SNAPSHOT_FORMAT = "3";
const SNAPSHOT = "catalog";

/** Reads the rows themselves: side by side, one round trip on a libSQL server. */
async function readRows(db: Db): Promise<{ version: number; rows: CatalogRows }> {
  const [version, courses, texts, units, hubAreas, departments, colleges, prerequisites, terms, offerings, exclusions] =
    await Promise
      .all([
        readVersion(db),
        jsonRows<CatalogRows["courses"][number]>(
          db,
          sql`SELECT json_group_array(json_array(id, college, department, number, number_value, title, no_prereqs, current)) AS rows FROM courses`,
        ),
        jsonRows<CatalogRows["texts"][number]>(
          db,
          sql`SELECT json_group_array(json_array(course_id, prerequisites, prerequisite_note, prerequisite_conditions)) AS rows FROM course_texts`,
        ),
        jsonRows<CatalogRows["units"][number]>(
          db,
          sql`SELECT json_group_array(json_array(course_id, hub_code)) AS rows FROM course_hub_units`,
        ),
        jsonRows<CatalogRows["hubAreas"][number]>(
          db,
          sql`SELECT json_group_array(json_array(code, name, category, required, position)) AS rows FROM hub_areas`,
        ),
        jsonRows<CatalogRows["departments"][number]>(
          db,
          sql`SELECT json_group_array(json_array(college, code, name)) AS rows FROM departments`,
        ),
        jsonRows<CatalogRows["colleges"][number]>(
          db,
          sql`SELECT json_group_array(json_array(code, name)) AS rows FROM colleges`,
        ),
        jsonRows<CatalogRows["prerequisites"][number]>(
          db,
          sql`SELECT json_group_array(json_array(course_id, group_index, position, code, required_id, alternative)) AS rows FROM course_prerequisites`,
        ),
        jsonRows<CatalogRows["terms"][number]>(
          db,
          sql`SELECT json_group_array(json_array(code, name)) AS rows FROM terms`,
        ),
        // What `CatalogCourse.offerings` counts; the schedule's import raises the version when these counts change.
        jsonRows<CatalogRows["offerings"][number]>(
          db,
          sql`SELECT json_group_array(json_array(course_id, term_code, n)) AS rows FROM (
        SELECT course_id, term_code, count(*) AS n FROM sections
        WHERE enrollment = 1 AND status <> 'cancelled' AND gone = 0 GROUP BY course_id, term_code)`,
        ),
        jsonRows<CatalogRows["exclusions"][number]>(
          db,
          sql`SELECT json_group_array(json_array(course_id, position, code, excluded_id)) AS rows FROM (
        SELECT * FROM course_exclusions ORDER BY course_id, position)`,
        ),
      ]);
  return {
    version,
    rows: { courses, texts, units, hubAreas, departments, colleges, prerequisites, terms, offerings, exclusions },
  };
}

async function storeSnapshot(db: Db, version: number, rows: CatalogRows): Promise<void> {
  const data = await gzip(new TextEncoder().encode(JSON.stringify(rows)));
  // Left outside any request once more after the compression: the stream's continuation can come back in the context
  // of the request that made the copy, and the write would then count (and travel) as one of its round trips.
  await outsideRequests(() => storeDerived(db, SNAPSHOT, SNAPSHOT_FORMAT, version, data));
}

/**
 * Reads the whole catalog: from its stored snapshot when it was made at the
 * current version (about 300 KB, one round trip with the version), else from
 * the rows (1.4 MB, one round trip more), storing a new snapshot for the
 * processes that start next. The copy is made in slices of the event loop.
 */
async function loadCatalog(db: Db): Promise<Catalog> {
  const [version, stored] = await Promise.all([readVersion(db), readDerived(db, SNAPSHOT)]);
  if (stored?.format === SNAPSHOT_FORMAT && stored.builtFor === version) {
    try {
      return await catalogOf(version, JSON.parse(new TextDecoder().decode(await gunzip(stored.data))));
    } catch (error) {
      console.error("[catalog] the stored snapshot could not be read; reading the rows:", error);
    }
  }
  const fresh = await readRows(db);
  // For the processes that start next; this one does not wait, and a failure only costs them the rows' read.
  outsideRequests(() => storeSnapshot(db, fresh.version, fresh.rows)).catch((error) =>
    console.error("[catalog] could not store the catalog's snapshot:", error)
  );
  return await catalogOf(fresh.version, fresh.rows);
}

/** For starts and imports: makes sure the stored snapshot is the current catalog's, making it when not. */
export async function ensureCatalogSnapshot(db: Db): Promise<boolean> {
  if (await catalogSnapshotCurrent(db)) return false;
  const fresh = await readRows(db);
  await storeSnapshot(db, fresh.version, fresh.rows);
  return true;
}

/** Whether the stored snapshot was made, in this format, at the catalog's current version. */
export function catalogSnapshotCurrent(db: Db): Promise<boolean> {
  return derivedIsCurrent(db, SNAPSHOT, SNAPSHOT_FORMAT, readVersion(db));
}

/** The catalog in memory from its rows, made in slices. */
async function catalogOf(version: number, rows: CatalogRows): Promise<Catalog> {
  const { courses: courseRows, texts: textRows, units: unitRows, prerequisites: prerequisiteRows } = rows;
  const areaRows = rows.hubAreas.map(([code, name, category, required, position]) => ({
    code,
    name,
    category,
    required,
    position,
  }))
    .sort((a, b) => a.position - b.position);
  const departmentRows = rows.departments.map(([college, code, name]) => ({ college, code, name }));
  const collegeRows = rows.colleges.map(([code, name]) => ({ code, name }));
  const slice = slices();
  await slice();
  // An aggregate's order is not the table's (and a libSQL server parses no ORDER BY inside one): the order is made here.
  courseRows.sort((a, b) => a[0] - b[0]);
  await slice();
  prerequisiteRows.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  await slice();
  const names: CatalogNames = {
    departments: new Map(departmentRows.map((d) => [`${d.college} ${d.code}`, d.name])),
    colleges: new Map(collegeRows.map((c) => [c.code, c.name])),
  };
  const areaOrder = new Map(areaRows.map((a, i) => [a.code, i]));
  const areaName = new Map(areaRows.map((a) => [a.code, a.name]));
  const texts = new Map(
    textRows.map((
      [courseId, prerequisites, prerequisiteNote, conditions],
    ) => [courseId, { prerequisites, prerequisiteNote, conditions }]),
  );
  const units = new Map<number, HubRef[]>();
  for (const [courseId, hubCode] of unitRows) {
    const name = areaName.get(hubCode);
    if (name === undefined) continue;
    const list = units.get(courseId);
    const hub = { code: hubCode, name };
    if (list) list.push(hub);
    else units.set(courseId, [hub]);
  }
  for (const list of units.values()) list.sort((a, b) => areaOrder.get(a.code)! - areaOrder.get(b.code)!);

  const byId = new Map<number, CatalogCourse>();
  const byCode = new Map<string, number>();
  const collegeCodes = new Set<string>();
  for (const [id, college, department, number, numberValue, title, noPreReqs, current] of courseRows) {
    await slice();
    const row = {
      id,
      college,
      department,
      number,
      numberValue,
      title,
      noPreReqs: noPreReqs === 1,
      current: current === 1,
    };
    const text = texts.get(id);
    const code = courseCode(row);
    byCode.set(code, id);
    collegeCodes.add(college);
    byId.set(id, {
      ...row,
      displayTitle: displayTitle(title),
      code,
      departmentName: names.departments.get(`${college} ${department}`) ?? department,
      collegeName: names.colleges.get(college) ?? college,
      prerequisites: text?.prerequisites ?? null,
      hubs: units.get(id) ?? [],
      prerequisiteGroups: [],
      prerequisiteNote: text?.prerequisiteNote ?? null,
      parsed: { groups: [], conditions: text?.conditions === 1 },
      requiredFor: [],
      offerings: [],
      exclusions: [],
      namedInExclusions: [],
    });
  }
  for (const [courseId, , code, excludedId] of rows.exclusions ?? []) {
    await slice();
    byId.get(courseId)?.exclusions.push({ id: excludedId, code });
    const by = byId.get(courseId);
    if (by && excludedId !== null && excludedId !== courseId) {
      byId.get(excludedId)?.namedInExclusions.push({ id: courseId, code: by.code });
    }
  }
  for (const [courseId, term, sections] of rows.offerings) {
    await slice();
    byId.get(courseId)?.offerings.push({ term, sections });
  }
  for (const course of byId.values()) if (course.offerings.length > 1) course.offerings.sort((a, b) => a.term - b.term);
  // Rows come ordered by course, group and position.
  const requiredBy = new Map<number, Set<number>>();
  for (const [courseId, groupIndex, , code, requiredId, alternative] of prerequisiteRows) {
    await slice();
    const course = byId.get(courseId);
    if (!course) continue;
    const groups = course.prerequisiteGroups;
    const parsedGroups = course.parsed.groups;
    if (!groups[groupIndex]) {
      groups[groupIndex] = [];
      parsedGroups[groupIndex] = { codes: [], alternative: alternative === 1 };
    }
    groups[groupIndex].push({ id: requiredId, code });
    parsedGroups[groupIndex].codes.push(code);
    if (requiredId !== null) {
      const needing = requiredBy.get(requiredId);
      if (needing) needing.add(courseId);
      else requiredBy.set(requiredId, new Set([courseId]));
    }
  }
  for (const course of byId.values()) {
    // Group indexes may skip (a group of only unknown courses is still a group): keep them dense.
    course.prerequisiteGroups = course.prerequisiteGroups.filter(Boolean);
    course.parsed.groups = course.parsed.groups.filter(Boolean);
  }
  for (const [requiredId, needing] of requiredBy) {
    await slice();
    const course = byId.get(requiredId);
    if (!course) continue;
    course.requiredFor = [...needing].map((id) => byId.get(id)!).sort((a, b) =>
      binary(a.college, b.college) || binary(a.department, b.department) || a.numberValue - b.numberValue ||
      binary(a.number, b.number)
    ).map((c) => ({ id: c.id, code: c.code, title: c.displayTitle }));
  }
  return {
    version,
    courses: byId,
    byCode,
    names,
    hubAreas: areaRows.map(({ code, name, category, required }) => ({ code, name, category, required })),
    collegeCodes: [...collegeCodes].sort(),
    terms: rows.terms.map(([code, name]) => ({ code, name })).sort((a, b) => a.code - b.code),
    derived: new Map(),
  };
}

/** The copy each database's catalog has in this process, and a load under way. */
const copies = new WeakMap<Db, Catalog>();
const loading = new WeakMap<Db, Promise<Catalog>>();

function load(db: Db): Promise<Catalog> {
  let pending = loading.get(db);
  if (!pending) {
    pending = loadCatalog(db).then((catalog) => {
      const known = copies.get(db);
      // Two loads may cross: keep the newer copy.
      if (!known || known.version <= catalog.version) copies.set(db, catalog);
      return catalog;
    }).finally(() => loading.delete(db));
    loading.set(db, pending);
  }
  return pending;
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Runs `work` with the current catalog. With a copy in memory, the work's
 * first reads and the version check leave together; when the version has
 * moved on, the catalog is read again (one round trip) and the work redone.
 */
export async function withCatalog<T>(db: Db, work: (catalog: Catalog) => Promise<T>): Promise<T> {
  const known = copies.get(db);
  if (known) {
    const [version, outcome] = await Promise.all([
      catalogVersion(db),
      work(known).then((value): Outcome<T> => ({ ok: true, value }), (error): Outcome<T> => ({ ok: false, error })),
    ]);
    if (version === known.version) {
      if (outcome.ok) return outcome.value;
      throw outcome.error;
    }
  }
  return await work(await load(db));
}

/** The current catalog, for work that has no reads of its own. */
export function currentCatalog(db: Db): Promise<Catalog> {
  return withCatalog(db, (catalog) => Promise.resolve(catalog));
}

/** Something built from a catalog copy once (the search index), kept with it. */
export function derivedFrom<T>(catalog: Catalog, key: string, build: (catalog: Catalog) => T): T {
  if (!catalog.derived.has(key)) catalog.derived.set(key, build(catalog));
  return catalog.derived.get(key) as T;
}
