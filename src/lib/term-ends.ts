/**
 * When terms end, for the end-of-term review reminders (docs/product.md,
 * Review reminders): the configured end dates (REVIEW_REMINDER_DATES, month
 * and day), the term that ended most recently as a Boston calendar day sees
 * it, and whether that was recent enough to remind anyone about it.
 */

export type Season = "spring" | "summer" | "fall";
export type TermEnd = { month: number; day: number; season: Season };

/** A term that ended within the reminder window. */
export type EndedTerm = {
  /** What review_reminders_sent records, e.g. "2026-fall". */
  key: string;
  /** As a mail says it, e.g. "Fall 2026". */
  label: string;
  /** The end date, YYYY-MM-DD. */
  endDate: string;
  /** 0 on the end date itself. */
  daysSince: number;
};

/** 20 December ends the fall term, 15 May the spring term. */
export const DEFAULT_TERM_ENDS = "12-20,05-15";
/**
 * Reminders for a term go out on its end date and the 13 days after it, so a
 * student who opts in later in the year is not sent a term long past.
 */
export const REMINDER_WINDOW_DAYS = 14;
/** BU's time zone: a term ends at midnight in Boston, not in UTC. */
export const BOSTON_TIME_ZONE = "America/New_York";

const VARIABLE = "REVIEW_REMINDER_DATES";
const DAY_MS = 86_400_000;
/** Any year that is not a leap year, to place a month and day in the year. */
const PLAIN_YEAR = 2025;

export class TermEndsError extends Error {}

/** January–May ends a spring term, June–August a summer term, September–December a fall term. */
export function seasonOf(month: number): Season {
  return month <= 5 ? "spring" : month <= 8 ? "summer" : "fall";
}

const pad = (n: number) => String(n).padStart(2, "0");
const monthDay = (end: { month: number; day: number }) => `${pad(end.month)}-${pad(end.day)}`;
const dayOfPlainYear = (end: { month: number; day: number }) =>
  (Date.UTC(PLAIN_YEAR, end.month - 1, end.day) - Date.UTC(PLAIN_YEAR, 0, 1)) / DAY_MS;

/**
 * Reads "12-20,05-15": one MM-DD date per term, at most one per season, at
 * least the reminder window apart (so two terms' windows never overlap).
 * Throws a TermEndsError whose message is one line naming the variable.
 */
export function parseTermEnds(text: string): TermEnd[] {
  const fail = (why: string): never => {
    throw new TermEndsError(`Invalid ${VARIABLE}=${JSON.stringify(text)}: ${why}`);
  };
  const parts = text.split(",").map((part) => part.trim());
  if (parts.every((part) => part === "")) {
    fail(`give at least one end-of-term date as MM-DD, e.g. ${DEFAULT_TERM_ENDS}`);
  }
  const ends: TermEnd[] = [];
  for (const part of parts) {
    const match = /^(\d{2})-(\d{2})$/.exec(part);
    if (!match) return fail(`"${part}" is not a MM-DD date (write 20 December as 12-20; separate dates with commas)`);
    const month = Number(match[1]);
    const day = Number(match[2]);
    if (month === 2 && day === 29) fail(`02-29 is not in every year; use 02-28 or 03-01`);
    const date = new Date(Date.UTC(PLAIN_YEAR, month - 1, day));
    if (month < 1 || month > 12 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
      fail(`"${part}" is not a day of the year`);
    }
    const end = { month, day, season: seasonOf(month) };
    const sameSeason = ends.find((other) => other.season === end.season);
    if (sameSeason) {
      fail(
        `${monthDay(sameSeason)} and ${part} both end a ${end.season} term; give one date per term ` +
          "(January–May ends spring, June–August summer, September–December fall)",
      );
    }
    for (const other of ends) {
      const apart = Math.abs(dayOfPlainYear(other) - dayOfPlainYear(end));
      const days = Math.min(apart, 365 - apart);
      if (days < REMINDER_WINDOW_DAYS) {
        fail(
          `${
            monthDay(other)
          } and ${part} are ${days} days apart; term ends must be at least ${REMINDER_WINDOW_DAYS} days apart`,
        );
      }
    }
    ends.push(end);
  }
  return ends;
}

/** Whether `text` is a real calendar day written YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Made once: a formatter costs far more to make than to use. */
let bostonDays: Intl.DateTimeFormat | undefined;

/** The calendar day in Boston at `instant`, YYYY-MM-DD. */
export function bostonDate(instant: Date): string {
  bostonDays ??= new Intl.DateTimeFormat("en-US", {
    timeZone: BOSTON_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  const parts = bostonDays.formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/**
 * The term whose end date is `today` or one of the window's days before it,
 * the most recent one if several; null when no term ended that recently.
 * `today` is a Boston calendar day (see `bostonDate`).
 */
export function endedTerm(today: string, ends: TermEnd[], windowDays = REMINDER_WINDOW_DAYS): EndedTerm | null {
  if (!isCalendarDate(today)) throw new TermEndsError(`"${today}" is not a date written YYYY-MM-DD`);
  const [year, month, day] = today.split("-").map(Number);
  const todayMs = Date.UTC(year, month - 1, day);
  let found: EndedTerm | null = null;
  for (const end of ends) {
    // The end date this year, or last year's when today is early in January, say.
    for (const endYear of [year, year - 1]) {
      const daysSince = (todayMs - Date.UTC(endYear, end.month - 1, end.day)) / DAY_MS;
      if (daysSince < 0 || daysSince >= windowDays || (found && found.daysSince <= daysSince)) continue;
      found = {
        key: `${endYear}-${end.season}`,
        label: `${end.season[0].toUpperCase()}${end.season.slice(1)} ${endYear}`,
        endDate: `${endYear}-${monthDay(end)}`,
        daysSince,
      };
    }
  }
  return found;
}
