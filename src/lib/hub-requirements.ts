/**
 * The BU Hub requirements a student follows, by their Hub rules (docs/product.md, Hub rules):
 * - first-year entrants: every Hub area, SI2 and SO2 as one requirement (a unit of either);
 * - transfer students: 10 requirements, several with alternatives (bu.edu/hub, "Hub requirements for transfer
 *   students"): PLM or AEX or HCO; SI1 or SI2; SO1 or SO2; QR2; IIC or GCI or ETR; WRI or WIN; CRT; RIL; TWC; CRI.
 *
 * A course gives at most one unit to a requirement, however many of its codes it carries. Cocurricular experiences
 * (HUB CC and HUB FY, 0 credits) fulfil at most 2 units for first-year entrants and 1 for transfer students
 * (bu.edu/academics/hub/policies/cocurricular-experiences): units past the cap do not count.
 */
import { HUB_AREAS, HUB_EITHER, hubName } from "./hub-areas.ts";

export const HUB_TRACKS = ["first-year", "transfer"] as const;
export type HubTrack = (typeof HUB_TRACKS)[number];

export const HUB_TRACK_LABELS: Record<HubTrack, string> = {
  "first-year": "First-year entrant",
  transfer: "Transfer student",
};

/** One requirement: met by `units` different courses, each carrying one of `codes`. */
export type HubRequirement = {
  /** "CRT", "SI2/SO2", "PLM/AEX/HCO". */
  key: string;
  codes: readonly string[];
  units: number;
  name: string;
  category: string;
};

/** Cocurricular units that count toward the Hub, by Hub rules. */
export const COCURRICULAR_CAP: Record<HubTrack, number> = { "first-year": 2, transfer: 1 };

const AREA_ORDER = HUB_AREAS.map((area) => area.code);
const nameOf = (codes: readonly string[]) => codes.map((code) => hubName(code) ?? code).join(" or ");
const categoryOf = (code: string) => HUB_AREAS.find((area) => area.code === code)!.category;

function requirement(codes: readonly string[], units = 1): HubRequirement {
  return { key: codes.join("/"), codes, units, name: nameOf(codes), category: categoryOf(codes[0]) };
}

const FIRST_YEAR: readonly HubRequirement[] = HUB_AREAS.flatMap((area) => {
  if (area.required !== null) return [requirement([area.code], area.required)];
  return area.code === HUB_EITHER.codes[0] ? [requirement(HUB_EITHER.codes, HUB_EITHER.required)] : [];
});

const TRANSFER: readonly HubRequirement[] = [
  requirement(["PLM", "AEX", "HCO"]),
  requirement(["SI1", "SI2"]),
  requirement(["SO1", "SO2"]),
  requirement(["QR2"]),
  requirement(["IIC", "GCI", "ETR"]),
  requirement(["WRI", "WIN"]),
  requirement(["CRT"]),
  requirement(["RIL"]),
  requirement(["TWC"]),
  requirement(["CRI"]),
];

/** The requirements of a student's Hub rules, in the order of the Hub list. */
export function hubRequirements(track: HubTrack): readonly HubRequirement[] {
  return track === "transfer" ? TRANSFER : FIRST_YEAR;
}

export function isHubTrack(value: unknown): value is HubTrack {
  return HUB_TRACKS.includes(value as HubTrack);
}

/** A cocurricular experience: BU's 0-credit HUB CC and HUB FY courses. */
export function isCocurricular(course: { college: string; department: string }): boolean {
  return course.college === "HUB" && (course.department === "CC" || course.department === "FY");
}

/** A course as Hub counting sees it: the codes it carries, and whether it is cocurricular. */
export type CountedCourse = { hubUnits: readonly string[]; cocurricular: boolean };

/**
 * The codes each course counts with, in order: a cocurricular course's codes count while the cap lasts (completed
 * courses come first in `courses`, so planned ones never push a completed one out), every other course's all count.
 */
export function countedUnits(courses: readonly CountedCourse[], track: HubTrack): string[][] {
  let left = COCURRICULAR_CAP[track];
  return courses.map((course) => {
    if (!course.cocurricular) return [...course.hubUnits];
    // In the Hub list's order, so every page spends the cap on the same codes.
    const codes = [...course.hubUnits].sort((a, b) => AREA_ORDER.indexOf(a) - AREA_ORDER.indexOf(b));
    const counted = codes.slice(0, Math.max(0, left));
    left -= counted.length;
    return counted;
  });
}

/** The cocurricular units still able to count after `courses` (see `countedUnits`). */
export function cocurricularLeft(courses: readonly CountedCourse[], track: HubTrack): number {
  const used = courses.filter((c) => c.cocurricular).reduce((sum, c) => sum + c.hubUnits.length, 0);
  return Math.max(0, COCURRICULAR_CAP[track] - used);
}

/** How many of `taken` (each the codes a course counts with) count toward a requirement: one per course. */
export function unitsToward(requirement: HubRequirement, taken: readonly (readonly string[])[]): number {
  return taken.filter((codes) => requirement.codes.some((code) => codes.includes(code))).length;
}
