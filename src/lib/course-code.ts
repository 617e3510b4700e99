/** Course codes: "CAS CS 111". Numbers are strings because some carry a suffix ("120S"). */

export function courseCode(c: { college: string; department: string; number: string }): string {
  return `${c.college} ${c.department} ${c.number}`;
}

/** The numeric part of a course number, for sorting: "120S" → 120. */
export function numberValue(number: string): number {
  const match = /^\d+/.exec(number);
  return match ? Number(match[0]) : 0;
}
