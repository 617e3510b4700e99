/**
 * Course codes pasted by a student ("CS 111, cs112", one per line, "CAS MA
 * 123; EC 101"), matched to catalog courses: what matched, and what did not.
 */
import type { Db } from "../../../db/client.ts";
import { currentCatalog } from "../catalog/catalog-cache.ts";
import { courseCodes, exactCodeMatches } from "../search/search-index.ts";

/** At most this many codes in one paste. */
export const MAX_PASTED_CODES = 60;

export type CodeMatch = { text: string; id: number; code: string; title: string };
export type PastedCodes = { matched: CodeMatch[]; unmatched: string[] };

/** The pieces of a paste: lines, commas, semicolons, "and", "or", tabs, runs of spaces, or a code right after another. */
export function pastedPieces(text: string): string[] {
  return text
    .split(/[\n\r,;]+|\s+(?:and|or|&)\s+|\t+|\s{2,}/i)
    // "CS 111 CS 112", "CAS CS 111 CAS MA 123": a code right after another on one line.
    .flatMap((piece) => piece.replace(/(\d[a-z]?)\s+(?=(?:[a-z]{3}\s?)?[a-z]{2}\s?-?\s?\d)/gi, "$1\n").split("\n"))
    .map((piece) => piece.trim().replace(/^[-•*]\s*/, "").replace(/[.)]+$/, ""))
    .filter(Boolean);
}

/**
 * Each piece matched to one course: the code as written (`cs111`, `CAS CS 111`,
 * `econ 101`); without a college, the current CAS course first. The same
 * course twice is matched once.
 */
export async function matchPastedCodes(db: Db, text: string): Promise<PastedCodes> {
  // Codes need only the catalog, not the text index.
  const index = courseCodes(await currentCatalog(db));
  const matched: CodeMatch[] = [];
  const unmatched: string[] = [];
  const seen = new Set<number>();
  for (const piece of pastedPieces(text).slice(0, MAX_PASTED_CODES)) {
    const [best] = exactCodeMatches(index, piece);
    if (!best) {
      unmatched.push(piece);
      continue;
    }
    if (seen.has(best.id)) continue;
    seen.add(best.id);
    matched.push({ text: piece, id: best.id, code: best.code, title: best.title });
  }
  return { matched, unmatched };
}
