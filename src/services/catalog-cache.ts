/**
 * The catalog in memory: every course's fixed fields (code, title, texts,
 * Hub units, prerequisite groups and what it is required for) and the names
 * of colleges, departments and Hub areas. It changes a few times a year,
 * while reviews change every minute, so a process reads it once per catalog
 * version and keeps it (ARCHITECTURE.md, Mechanisms worth knowing).
 *
 * A request checks the version in the same round trip as its own reads:
 * `withCatalog` runs the request's work against the copy in memory and reads
 * the version beside it; only when an import or sync has raised the version
 * is the work done again, on a copy loaded afresh in one round trip.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { appSettings, colleges, courseHubUnits, coursePrerequisites, courses, courseTexts, departments, hubAreas } from "../../db/schema.ts";
import { currentUsage, type DbUsage } from "../../db/round-trips.ts";
import type { PrerequisiteRef, RequiredFor } from "../lib/api-types.ts";
import { courseCode } from "../lib/course-code.ts";
import type { ParsedPrerequisites } from "../lib/prerequisite-parser.ts";
import { displayTitle } from "../lib/text.ts";

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
  description: string | null;
  prerequisites: string | null;
  hubs: HubRef[];
  prerequisiteGroups: PrerequisiteRef[][];
  prerequisiteNote: string | null;
  /** The groups as codes, and whether the text asks for something the site cannot check: what eligibility is worked out from. */
  parsed: Pick<ParsedPrerequisites, "groups" | "conditions">;
  requiredFor: RequiredFor[];
};

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
  /** Things built from the catalog on first use (the search index), kept as long as this copy. */
  derived: Map<string, unknown>;
};

const VERSION_KEY = "catalog_version";

function readVersion(db: Db): Promise<number> {
  return db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, VERSION_KEY)).then(([row]) => Number(row?.value ?? 0));
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

/** Raises the catalog's version: every process reads the catalog again at its next request. A statement that can join a batch. */
export function raiseCatalogVersion(tx: Db) {
  return tx.run(sql`INSERT INTO app_settings (key, value) VALUES (${VERSION_KEY}, '1')
    ON CONFLICT (key) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT)`);
}

/** Reads the whole catalog: its statements are sent side by side, one round trip on a libSQL server. */
async function loadCatalog(db: Db): Promise<Catalog> {
  const [version, courseRows, textRows, unitRows, areaRows, departmentRows, collegeRows, prerequisiteRows] = await Promise.all([
    readVersion(db),
    db.select({
      id: courses.id,
      college: courses.college,
      department: courses.department,
      number: courses.number,
      numberValue: courses.numberValue,
      title: courses.title,
      noPreReqs: courses.noPreReqs,
      current: courses.current,
    }).from(courses),
    db.select().from(courseTexts),
    db.select().from(courseHubUnits),
    db.select().from(hubAreas).orderBy(asc(hubAreas.position)),
    db.select().from(departments),
    db.select().from(colleges),
    db.select().from(coursePrerequisites).orderBy(asc(coursePrerequisites.courseId), asc(coursePrerequisites.groupIndex), asc(coursePrerequisites.position)),
  ]);
  const names: CatalogNames = {
    departments: new Map(departmentRows.map((d) => [`${d.college} ${d.code}`, d.name])),
    colleges: new Map(collegeRows.map((c) => [c.code, c.name])),
  };
  const areaOrder = new Map(areaRows.map((a, i) => [a.code, i]));
  const areaName = new Map(areaRows.map((a) => [a.code, a.name]));
  const texts = new Map(textRows.map((t) => [t.courseId, t]));
  const units = new Map<number, HubRef[]>();
  for (const unit of unitRows) {
    const name = areaName.get(unit.hubCode);
    if (name === undefined) continue;
    const list = units.get(unit.courseId);
    const hub = { code: unit.hubCode, name };
    if (list) list.push(hub);
    else units.set(unit.courseId, [hub]);
  }
  for (const list of units.values()) list.sort((a, b) => areaOrder.get(a.code)! - areaOrder.get(b.code)!);

  const byId = new Map<number, CatalogCourse>();
  const byCode = new Map<string, number>();
  const collegeCodes = new Set<string>();
  for (const row of courseRows) {
    const text = texts.get(row.id);
    const code = courseCode(row);
    byCode.set(code, row.id);
    collegeCodes.add(row.college);
    byId.set(row.id, {
      ...row,
      displayTitle: displayTitle(row.title),
      code,
      departmentName: names.departments.get(`${row.college} ${row.department}`) ?? row.department,
      collegeName: names.colleges.get(row.college) ?? row.college,
      description: text?.description ?? null,
      prerequisites: text?.prerequisites ?? null,
      hubs: units.get(row.id) ?? [],
      prerequisiteGroups: [],
      prerequisiteNote: text?.prerequisiteNote ?? null,
      parsed: { groups: [], conditions: text?.prerequisiteConditions ?? false },
      requiredFor: [],
    });
  }
  // Rows come ordered by course, group and position.
  const requiredBy = new Map<number, Set<number>>();
  for (const row of prerequisiteRows) {
    const course = byId.get(row.courseId);
    if (!course) continue;
    const groups = course.prerequisiteGroups;
    const parsedGroups = course.parsed.groups;
    if (!groups[row.groupIndex]) {
      groups[row.groupIndex] = [];
      parsedGroups[row.groupIndex] = { codes: [], alternative: row.alternative };
    }
    groups[row.groupIndex].push({ id: row.requiredId, code: row.code });
    parsedGroups[row.groupIndex].codes.push(row.code);
    if (row.requiredId !== null) {
      const needing = requiredBy.get(row.requiredId);
      if (needing) needing.add(row.courseId);
      else requiredBy.set(row.requiredId, new Set([row.courseId]));
    }
  }
  for (const course of byId.values()) {
    // Group indexes may skip (a group of only unknown courses is still a group): keep them dense.
    course.prerequisiteGroups = course.prerequisiteGroups.filter(Boolean);
    course.parsed.groups = course.parsed.groups.filter(Boolean);
  }
  for (const [requiredId, needing] of requiredBy) {
    const course = byId.get(requiredId);
    if (!course) continue;
    course.requiredFor = [...needing].map((id) => byId.get(id)!).sort((a, b) =>
      binary(a.college, b.college) || binary(a.department, b.department) || a.numberValue - b.numberValue || binary(a.number, b.number)
    ).map((c) => ({ id: c.id, code: c.code, title: c.displayTitle }));
  }
  return {
    version,
    courses: byId,
    byCode,
    names,
    hubAreas: areaRows.map(({ code, name, category, required }) => ({ code, name, category, required })),
    collegeCodes: [...collegeCodes].sort(),
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
