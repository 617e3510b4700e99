/**
 * Course codes pasted by a student, from a transcript, a degree audit or typed by hand, read line by line
 * (src/lib/transcript-lines.ts) and matched to catalog courses: what matched (with what its grade says when it was
 * not completed), what the student has completed already, the codes that name no course, and the lines not understood.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { completedCourses } from "../../../db/schema.ts";
import { type NotCompleted, readingTranscript, type TranscriptLine } from "../../lib/transcript-lines.ts";
import { nextTurn, slices } from "../platform/next-turn.ts";
import { currentCatalog } from "../catalog/catalog-cache.ts";
import { courseCodes, exactCodeMatches } from "../search/search-index.ts";

/** At most this many codes in one paste: a whole transcript. */
export const MAX_PASTED_CODES = 100;

export type CodeMatch = { text: string; id: number; code: string; title: string; notCompleted?: NotCompleted };
export type PastedCodes = {
  matched: CodeMatch[];
  completed: CodeMatch[];
  unmatched: string[];
  notUnderstood: string[];
  /** Codes past the first MAX_PASTED_CODES different ones, not read. */
  skipped: number;
};

/** Lines read between two turns of the event loop at most, however fast they are read. */
const LINES_PER_TURN = 100;

/**
 * The paste read a line at a time, with a turn of the event loop for other requests every 10 ms of reading or every
 * LINES_PER_TURN lines, whichever comes first.
 */
async function readInSlices(text: string, isCourse: (code: string) => boolean): Promise<TranscriptLine[]> {
  const reading = readingTranscript(text, isCourse);
  const slice = slices();
  for (let lines = 1;; lines++) {
    const step = reading.next();
    if (step.done) return step.value;
    await (lines % LINES_PER_TURN === 0 ? nextTurn() : slice());
  }
}

/**
 * Each code matched to one course as written (`cs111`, `CAS CS 111`, `econ 101`); without a college, the current CAS
 * course first. The same course twice is matched once (a course retaken: the line that completed it wins). For a
 * student, the courses already completed are set apart.
 */
export async function matchPastedCodes(db: Db, text: string, userId?: number): Promise<PastedCodes> {
  // Codes need only the catalog, not the text index.
  const index = courseCodes(await currentCatalog(db));
  const found = new Map<number, CodeMatch>();
  const unmatched: string[] = [];
  const notUnderstood: string[] = [];
  // Different codes read (an audit names a course under every requirement it counts for), and those past the limit.
  const read = new Set<string>();
  let skipped = 0;
  for (const line of await readInSlices(text, (code) => exactCodeMatches(index, code).length > 0)) {
    if (line.kind === "unknown") notUnderstood.push(line.line);
    if (line.kind !== "courses") continue;
    for (const { text: written, notCompleted } of line.codes) {
      const key = written.toUpperCase().replace(/[^A-Z0-9]/g, "");
      if (!read.has(key) && read.size >= MAX_PASTED_CODES) {
        skipped++;
        continue;
      }
      read.add(key);
      const [best] = exactCodeMatches(index, written);
      if (!best) {
        unmatched.push(written);
        continue;
      }
      const earlier = found.get(best.id);
      if (earlier && (!earlier.notCompleted || notCompleted)) continue;
      found.set(best.id, {
        text: written,
        id: best.id,
        code: best.code,
        title: best.title,
        ...(notCompleted ? { notCompleted } : {}),
      });
    }
  }
  const done = userId === undefined || !found.size ? new Set<number>() : new Set(
    (await db.select({ id: completedCourses.courseId }).from(completedCourses).where(
      and(eq(completedCourses.userId, userId), inArray(completedCourses.courseId, [...found.keys()])),
    )).map((row) => row.id),
  );
  const all = [...found.values()];
  return {
    matched: all.filter((m) => !done.has(m.id)),
    completed: all.filter((m) => done.has(m.id)),
    unmatched: [...new Set(unmatched)],
    notUnderstood,
    skipped,
  };
}
