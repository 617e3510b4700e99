/**
 * Notes and bulletin pages turned to text, timed: a registrar note as the download writes them (a link to the Writing
 * Program), and cells and pages of tens of thousands of tags that never close, at two sizes, so that a change that
 * makes the time grow with the square of the input shows as a ratio near 4 instead of 2. Figures, not assertions:
 * the unit tests count the characters read instead (tests/unit/registrar-csv.test.ts, bulletin-markup.test.ts).
 */
import { parseCoursePage } from "../../src/services/catalog/bulletin-pages.ts";
import { plainNotes } from "../../src/services/schedule/registrar-csv.ts";

const NOTE = "The last day to add a WR class is 9/9. Please visit the Writing Program website to view a " +
  '<a href="https://www.bu.edu/writingprogram/schedule/">longer topic description</a>.';
/** A time no input below should come near on any machine: above it, the run says so. */
const GENEROUS_MS = 2_000;

const page = (tail: string) =>
  `<html><head><title>Intro | Boston University</title></head><body><h1>Intro</h1><h2>CAS CS 111</h2>` +
  `<div id="course-content"><p>Programs.</p><p>${tail}`;

function timed(work: () => void): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

/** The figures as lines to print. */
export function benchHtmlText(): string[] {
  const lines: string[] = [];
  const normal = timed(() => {
    for (let i = 0; i < 10_000; i++) plainNotes(NOTE);
  });
  lines.push(`A Writing Program note to text: ${(normal / 10).toFixed(1)} µs each (10,000 notes).`);
  const cases: [string, (n: number) => void][] = [
    ["note of unclosed <a href", (n) => plainNotes("<a href".repeat(n))],
    ["bulletin page cut after unclosed <a href", (n) => parseCoursePage(page("<a href".repeat(n)))],
    ["bulletin page cut after unclosed <script>", (n) => parseCoursePage(page("<script>".repeat(n)))],
  ];
  for (const [what, work] of cases) {
    const [once, twice] = [timed(() => work(40_000)), timed(() => work(80_000))];
    const over = Math.max(once, twice) > GENEROUS_MS ? `  OVER ${GENEROUS_MS} ms` : "";
    lines.push(
      `A ${what}: 40,000 in ${once.toFixed(0)} ms, 80,000 in ${twice.toFixed(0)} ms (x${
        (twice / once).toFixed(1)
      })${over}`,
    );
  }
  return lines;
}

if (import.meta.main) { for (const line of benchHtmlText()) console.log(line); }
