/**
 * Professor names as students type them ("Prof. Wayne Snyder", "wayne
 * snyder", "Иван Петров", "王伟") grouped by a slug: case, spacing, accents,
 * punctuation, Unicode forms and the titles 'Prof.', 'Dr.', 'Professor' do
 * not make a second professor, and a name in any script keeps its letters,
 * so two people are two professors. The slug is also the professor page's
 * URL (/professor/{slug}, percent-encoded).
 *
 * Where the class schedule names a course's instructors, the other ways of
 * typing one of them ("Snyder", "W. Snyder", "Snyder, Wayne") are theirs too:
 * `courseNameKeys` lists them for a course, leaving out what could be two of
 * its instructors.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";

const TITLES = /^(?:prof(?:essor)?|dr|doctor|mr|mrs|ms|mx|instructor|lecturer)\.?\s+/i;
const SUFFIXES = /,?\s+(?:ph\.?\s?d\.?|phd|m\.?d\.?|jr\.?|sr\.?)$/i;

/** The name without titles, degrees and extra spaces: "Prof.  Jane Doe, PhD" → "Jane Doe". */
export function professorDisplayName(raw: string): string {
  let name = raw.normalize("NFKC").replace(/\s+/g, " ").trim();
  for (let before = ""; before !== name;) {
    before = name;
    name = name.replace(TITLES, "").replace(SUFFIXES, "").trim();
  }
  return name || raw.trim();
}

/** What a name with nothing in it gives: a schedule's instructor without a name, who is no one's professor. */
export const NO_NAME = "unnamed";

/** The longest slug, in UTF-16 units (what `string.length` counts). */
export const SLUG_MAX = 80;

/**
 * Letters whose accents a student may leave out: Latin (as before), Greek (names in capitals carry none), Arabic and
 * Hebrew (vowel marks are optional). Cyrillic keeps its letters (й is not и) but loses stress marks, and ё is written е.
 * Indic vowel signs, Japanese voicing marks and the like are letters' parts and stay.
 */
const OPTIONAL_MARKS = /([\p{sc=Latin}\p{sc=Greek}\p{sc=Arabic}\p{sc=Hebrew}0-9])\p{M}+/gu;
const CYRILLIC_STRESS = /(\p{sc=Cyrillic})[\u0300\u0301]+/gu;
/** Latin letters with no decomposition, as they are typed without them; and the other scripts' spelling variants. */
const FOLDED: Record<string, string> = {
  "ø": "o",
  "ł": "l",
  "đ": "d",
  "ð": "d",
  "þ": "th",
  "æ": "ae",
  "œ": "oe",
  "ß": "ss",
  "ı": "i",
  "ħ": "h",
  "ŧ": "t",
  "ŀ": "l",
  "ё": "е",
  "ς": "σ",
  "\u0640": "", // Arabic tatweel, a stretch of the line
};
const FOLDABLE = new RegExp(`[${Object.keys(FOLDED).join("")}]`, "gu");
/** Scripts written without spaces between a name's parts: "王 伟" and "王伟" are one name. */
const UNSPACED = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Bopomofo}]/u;
const UNSPACED_START = new RegExp(`^${UNSPACED.source}`, "u");
const UNSPACED_END = new RegExp(`${UNSPACED.source}$`, "u");

/**
 * The words of a text as slugs hold them. A text whose letters and digits are all Latin gives the words HubRate has
 * always given (accents off, lower case, ASCII letters and digits), so those slugs never change; any other keeps its
 * letters in their script: NFKC, lower case, optional accents off (see above), NFC.
 */
function textWords(text: string): string[] {
  // Spacing modifier letters ("OʼNeil"'s apostrophe, a stress mark) part words, as they always did in Latin names.
  const nfkc = text.normalize("NFKC").replace(/[\u02B0-\u02FF]/gu, " ");
  const latin = nfkc.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  if (!/(?![a-z0-9])[\p{L}\p{N}]/u.test(latin)) return latin.split(/[^a-z0-9]+/).filter(Boolean);
  const folded = nfkc.toLowerCase().normalize("NFD").replace(OPTIONAL_MARKS, "$1")
    .replace(CYRILLIC_STRESS, "$1").normalize("NFC").replace(FOLDABLE, (ch) => FOLDED[ch]).replace(/\p{Cf}/gu, "");
  return folded.match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? [];
}

/** Words joined as a slug: by a dash, but with none between two of a script written without spaces. */
function joinWords(words: readonly string[]): string {
  return words.reduce(
    (slug, word) =>
      !slug ? word : UNSPACED_END.test(slug) && UNSPACED_START.test(word) ? slug + word : `${slug}-${word}`,
    "",
  );
}

/** A slug cut to `SLUG_MAX`: as before for a Latin one; between characters, without a dash at the end, for others. */
function cut(slug: string): string {
  if (/^[a-z0-9-]*$/.test(slug)) return slug.slice(0, SLUG_MAX);
  let out = "";
  for (const ch of slug) {
    if (out.length + ch.length > SLUG_MAX) break;
    out += ch;
  }
  return out.replace(/-+$/, "");
}

/** The words of a name as its slug has them ("Prof. 王 伟" → ["王伟"]); none for a name without a letter or digit. */
export function professorWords(raw: string): string[] {
  return joinWords(textWords(professorDisplayName(raw))).split("-").filter(Boolean);
}

/**
 * The slug that groups one professor's name variants: "Prof. José  Núñez" → "jose-nunez", "Иван Петров" →
 * "иван-петров", "王伟" → "王伟". A name with no letter or digit at all ("🙂") gets "unnamed-" and a hash of the name
 * as written (lower case, NFKC, spaces and invisible characters off), so two such names stay two professors;
 * `NO_NAME` only for an empty name.
 */
export function professorSlug(raw: string): string {
  const name = professorDisplayName(raw);
  const slug = cut(joinWords(textWords(name)));
  if (slug) return slug;
  const plain = name.normalize("NFKC").toLowerCase().replace(/[\s\p{Cf}\uFE00-\uFE0F]/gu, "");
  return plain ? `${NO_NAME}-${bytesToHex(sha256(new TextEncoder().encode(plain))).slice(0, 10)}` : NO_NAME;
}

/**
 * A slug as a URL may carry it: words of letters (any script, with their marks) and digits, joined by single dashes;
 * at most `SLUG_MAX` long. In a URL it is percent-encoded (`professorHref`, src/lib/urls.ts).
 */
export const PROFESSOR_SLUG = /^[\p{L}\p{N}][\p{L}\p{N}\p{M}]*(?:-[\p{L}\p{N}][\p{L}\p{N}\p{M}]*)*$/u;

/** Whether a URL's slug could be a professor's. */
export function isProfessorSlug(slug: string): boolean {
  return slug.length <= SLUG_MAX && PROFESSOR_SLUG.test(slug);
}

/**
 * The name a group of variants is shown under: the most used spelling; on a
 * tie the one with capitals ("Wayne Snyder" over "wayne snyder"). An
 * all-lower-case or all-upper-case name is shown with capitals.
 */
export function preferredName(variants: Iterable<[name: string, uses: number]>): string {
  const counts = new Map<string, number>();
  for (const [raw, uses] of variants) {
    const name = professorDisplayName(raw);
    counts.set(name, (counts.get(name) ?? 0) + uses);
  }
  let best = "";
  let bestScore = -1;
  for (const [name, uses] of counts) {
    const cased = name !== name.toLowerCase() && name !== name.toUpperCase() ? 1 : 0;
    const score = uses * 2 + cased;
    if (score > bestScore || (score === bestScore && name < best)) [best, bestScore] = [name, score];
  }
  // Only what looks like a name gets capitals: letters, spaces, dots, hyphens and apostrophes.
  const nameLike = /^[\p{L}\s.'’-]+$/u.test(best);
  return nameLike && (best === best.toLowerCase() || best === best.toUpperCase()) ? titleCase(best) : best;
}

function titleCase(name: string): string {
  return name.toLowerCase().replace(/(^|[\s\-'’])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());
}

/** An instructor as the class schedule names them. */
export type PersonName = { firstName: string; lastName: string };

/** The professor key of an instructor: the slug of "First Last", as a review spelling it out gets. */
export function instructorKey(person: PersonName): string {
  return professorSlug(`${person.firstName} ${person.lastName}`);
}

/**
 * The slugs a student's typing of an instructor's name reduces to, the full name first: "Elena Marchetti",
 * "Marchetti", "E. Marchetti", "Marchetti, Elena", "Marchetti, E."; with a second given name ("Ana Maria Reyes") also
 * the first alone ("Ana Reyes"), both initials ("A. M. Reyes") and the middle initial ("Ana M. Reyes"). A first name
 * alone is not among them: too many people share one.
 */
export function nameVariants(person: PersonName): string[] {
  const full = instructorKey(person);
  let given = textWords(person.firstName);
  let family = textWords(person.lastName);
  if (family.length === 0) [given, family] = [[], given];
  if (family.length === 0) return full === NO_NAME ? [] : [full];
  const initials = given.map((word) => [...word][0]);
  const forms = [[...given, ...family], [...family, ...given], family];
  if (given.length > 0) {
    forms.push([initials[0], ...family], [...family, given[0]], [...family, initials[0]], [given[0], ...family]);
  }
  if (given.length > 1) forms.push(initials.concat(family), [given[0], ...initials.slice(1), ...family]);
  return [...new Set([full, ...forms.map((words) => cut(joinWords(words)))])];
}

/**
 * The name slugs of a course's instructors, each with the professor key it stands for. An instructor's full name is
 * always theirs; a shorter form ("Smith") that two instructors share is no one's, so a review naming it keeps its own
 * grouping rather than landing on the wrong page.
 */
export function courseNameKeys(people: Iterable<PersonName>): Map<string, string> {
  const claims = new Map<string, { key: string | null; full: boolean }>();
  for (const person of people) {
    const key = instructorKey(person);
    if (key === NO_NAME) continue;
    nameVariants(person).forEach((variant, i) => {
      const full = i === 0;
      const claim = claims.get(variant);
      if (!claim || (full && !claim.full)) claims.set(variant, { key, full });
      else if (claim.key !== key && claim.full === full) claim.key = null;
    });
  }
  const keys = new Map<string, string>();
  for (const [variant, claim] of claims) if (claim.key !== null) keys.set(variant, claim.key);
  return keys;
}
