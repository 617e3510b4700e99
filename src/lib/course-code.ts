/** Course codes: "CAS CS 111". Numbers are strings because some carry a suffix ("120S"). */

export function courseCode(c: { college: string; department: string; number: string }): string {
  return `${c.college} ${c.department} ${c.number}`;
}

/** The numeric part of a course number, for sorting: "120S" → 120. */
export function numberValue(number: string): number {
  const match = /^\d+/.exec(number);
  return match ? Number(match[0]) : 0;
}

/**
 * The level a course number belongs to (docs/product.md, Courses): its
 * hundreds, "100-level"; graduate numbers (500 and up) say so; a number
 * below 100 has no hundreds to name.
 */
export function courseLevel(number: string): string {
  const value = numberValue(number);
  if (value < 100) return "Below 100-level";
  const hundreds = Math.floor(value / 100) * 100;
  return hundreds >= 500 ? `${hundreds}-level (graduate)` : `${hundreds}-level`;
}
