/**
 * BU's term codes, as the registrar's class schedule writes them: "2" + the year's last two digits + the season digit
 * (1 spring, 5 summer, 8 fall), so 2268 is Fall 2026 and 2271 Spring 2027.
 */
import { plural } from "./text.ts";

const SEASON_NAMES: Record<number, string> = { 1: "Spring", 5: "Summer", 8: "Fall" };
const SEASON_DIGITS: Record<string, number> = { spring: 1, summer: 5, fall: 8 };

/** The term's name ("Fall 2026"), or null for a code that names no term. */
export function termName(code: number): string | null {
  if (!Number.isInteger(code) || code < 2000 || code > 2999) return null;
  const season = SEASON_NAMES[code % 10];
  return season ? `${season} ${2000 + Math.floor((code % 1000) / 10)}` : null;
}

/** The code of a term named like "Fall 2026" or "FALL 2025" (the bulletin's headings), or null. */
export function termCode(name: string): number | null {
  const match = /^\s*(spring|summer|fall)\s+(20\d\d)\s*$/i.exec(name);
  if (!match) return null;
  return 2000 + (Number(match[2]) - 2000) * 10 + SEASON_DIGITS[match[1].toLowerCase()];
}

/** The term a date falls in: January to May spring, June to August summer, September to December fall. */
export function termOf(date: Date): number {
  const year = date.getUTCFullYear() - 2000;
  const month = date.getUTCMonth() + 1;
  return 2000 + year * 10 + (month <= 5 ? 1 : month <= 8 ? 5 : 8);
}

/** The regular term after this one: fall follows spring (summer sessions are not the next term students plan). */
export function nextTerm(code: number): number {
  const season = code % 10;
  return season === 8 ? code + 10 - 7 : code - season + 8;
}

/** A course's sections in a term as result cards and tables show them: "Fall 2026 · 3 sections". */
export function offeringLabel(offering: { name: string; sections: number }): string {
  return `${offering.name} · ${plural(offering.sections, "section")}`;
}
