/**
 * Prerequisites BU wrote in a course's description instead of its prerequisite field: "Prerequisites: CASCS 112 and
 * CASCS 131.", "Undergraduate Prerequisites: CAS AR 307.", "Prerequisite or corequisite: CASMA 123." The sentence after
 * the label is the prerequisite text, read then by src/lib/prerequisite-parser.ts like any other. Only a label ending
 * in a colon or followed by a course code counts: "Topics and pre-requisites vary" and "No prerequisite." name none.
 */

/**
 * "Prerequisites:", "Undergraduate Pre-requisite:", "Graduate Prerequisites:", "Prerequisite or co-requisite:", and
 * without the colon when a course code follows ("Undergraduate Prerequisites CASMA 121 or …").
 */
const LABEL =
  /\b(?:(undergraduate|graduate)\s+)?pre-?requisites?(?:\s+or\s+co-?requisites?)?(?:\s*:|\s+(?=\(?[a-z]{3}\s?[a-z]{2}\s?\d{3}))/gi;

/** What ends the text: another label (a corequisite, the other level's prerequisites). */
const NEXT_LABEL = /\b(?:co-?requisites?|(?:undergraduate|graduate)\s+pre-?requisites?|pre-?requisites?)\s*:/i;

/**
 * Or the sentence's end: a full stop or semicolon before a capital (not "e.g., WR 100"), a dash between spaces
 * ("BI 203 - Examines …"), a closing parenthesis before a new sentence ("(ENGEK307) Introductory cellular …"), a line
 * break, or the description's next sentence where BU left out the full stop ("… or consent of instructor This course
 * offers …").
 */
const SENTENCE_END =
  /[.;]\s*(?:[-–—]\s*)?(?=[A-Z"“(])|[.;]\s*$|\s[-–—]\s|\s[-–—](?=[A-Z])|(?<=\))\s(?=[A-Z][a-z]+\s[a-z])|\n|\s(?=The [A-Z])|\s(?=(?:This|These|Students|Topics|Course|Covers|Introduces|Introduction|Examines|Explores|Emphasizes|Focuses|Provides|Offers)\b)/;

/** A text this long is not a prerequisite sentence (a label in the middle of a syllabus, say). */
const LONGEST = 400;

/**
 * The prerequisite text a description states, or null when it states none: the undergraduate one when the description
 * gives both levels (HubRate's students are undergraduates), else the first.
 */
export function prerequisiteTextIn(description: string | null): string | null {
  if (!description) return null;
  const found: { level: string; text: string }[] = [];
  for (const match of description.matchAll(LABEL)) {
    const rest = description.slice(match.index + match[0].length);
    const ends = [NEXT_LABEL.exec(rest)?.index, SENTENCE_END.exec(rest)?.index].filter((i): i is number =>
      i !== undefined
    );
    const text = (ends.length ? rest.slice(0, Math.min(...ends)) : rest).replace(/\s+/g, " ").trim()
      .replace(/[.,;:]+$/, "");
    if (text && text.length <= LONGEST) found.push({ level: (match[1] ?? "").toLowerCase(), text });
  }
  if (found.length === 0) return null;
  return (found.find((f) => f.level === "undergraduate") ?? found.find((f) => f.level === "") ?? found[0]).text;
}
