/** Text helpers shared by the server and the browser. */

const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * Length as a reader counts it: one per user-perceived character, so a family
 * emoji joined by ZWJs or a letter with combining marks counts once.
 */
export function textLength(text: string): number {
  let n = 0;
  for (const _ of segmenter.segment(text)) n++;
  return n;
}

/** Long US date, as on review cards: "August 20, 2025". */
export function longDate(date: Date | number): string {
  return new Date(date).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

/**
 * C0 control characters other than tab, line feed and carriage return, and
 * DEL: characters no reader sees, which can hide what follows them.
 */
// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

export function hasLineBreaks(text: string): boolean {
  return /[\r\n\u2028\u2029]/.test(text);
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
