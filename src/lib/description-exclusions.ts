/**
 * The courses a description says cannot count together with this one: "Cannot be taken for credit in addition to CAS
 * MA 442 or ENG EK 103.", "Students cannot receive credit for both CAS IR 374 and CAS IR 385.", "… previously numbered
 * CAS HI 215." The sentences that say so are found here; the courses in them are read by the prerequisite parser's
 * reading of codes (src/lib/prerequisite-parser.ts), so "BI 206/216" and "CASCC 318" name what they name there.
 */
import { parsePrerequisites } from "./prerequisite-parser.ts";

/** The ways BU's descriptions say two courses do not both count. */
const EXCLUSION =
  /\b(?:cannot|can not|may not|will not)\s+(?:also\s+)?(?:be\s+taken\s+for|receive|be\s+given|earn)\s+credit\b|\bnot\s+(?:be\s+)?(?:given|receive)\s+credit\s+for\s+both\b|\bcredit\s+(?:will|may)\s+not\s+be\s+(?:given|granted|earned)\b|\bno\s+credit\s+(?:will\s+be\s+given\s+)?for\s+both\b/i;

/** The description's sentences, ended by a full stop, a question or exclamation mark (a dash may follow), or a line break. */
function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?:[-–—]\s+)?(?=[A-Z("“])|\n+/).map((s) => s.trim()).filter(Boolean);
}

/**
 * The codes ("CAS MA 442") of the courses the description says cannot both count with the course `ownCode`, in the
 * order named, without the course itself; [] when it says none. `college`, `colleges` and `catalog` are the parser's:
 * the course's own college for codes written without one, the catalog's colleges and course codes.
 */
export function exclusionsIn(
  description: string | null,
  ownCode: string,
  college: string,
  colleges: ReadonlySet<string>,
  catalog: ReadonlySet<string>,
): string[] {
  if (!description) return [];
  const codes: string[] = [];
  for (const sentence of sentences(description)) {
    if (!EXCLUSION.test(sentence)) continue;
    const parsed = parsePrerequisites(sentence, college, colleges, catalog);
    for (const group of parsed.groups) {
      for (const code of group.codes) if (code !== ownCode && !codes.includes(code)) codes.push(code);
    }
  }
  return codes;
}
