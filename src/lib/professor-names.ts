/**
 * Professor names as students type them ("Prof. Wayne Snyder", "wayne
 * snyder") grouped by a slug: case, spacing, accents, punctuation and the
 * titles 'Prof.', 'Dr.', 'Professor' do not make a second professor. The slug
 * is also the professor page's URL (/professor/{slug}).
 *
 * Where the class schedule names a course's instructors, the other ways of
 * typing one of them ("Snyder", "W. Snyder", "Snyder, Wayne") are theirs too:
 * `courseNameKeys` lists them for a course, leaving out what could be two of
 * its instructors.
 */

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

/** The slug that groups one professor's name variants: "Prof. José  Núñez" → "jose-nunez"; "unnamed" when nothing is left. */
export function professorSlug(raw: string): string {
  const slug = professorDisplayName(raw).normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()
    .replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 80);
  return slug || "unnamed";
}

/** A slug as a URL may carry it: lower-case letters, digits and single dashes. */
export const PROFESSOR_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

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

function slugWords(text: string): string[] {
  return text.normalize("NFKC").normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * The slugs a student's typing of an instructor's name reduces to, the full name first: "Elena Marchetti",
 * "Marchetti", "E. Marchetti", "Marchetti, Elena", "Marchetti, E."; with a second given name ("Ana Maria Reyes") also
 * the first alone ("Ana Reyes"), both initials ("A. M. Reyes") and the middle initial ("Ana M. Reyes"). A first name
 * alone is not among them: too many people share one.
 */
export function nameVariants(person: PersonName): string[] {
  let given = slugWords(person.firstName);
  let family = slugWords(person.lastName);
  if (family.length === 0) [given, family] = [[], given];
  if (family.length === 0) return [];
  const initials = given.map((word) => word[0]);
  const forms = [[...given, ...family], [...family, ...given], family];
  if (given.length > 0) {
    forms.push([initials[0], ...family], [...family, given[0]], [...family, initials[0]], [given[0], ...family]);
  }
  if (given.length > 1) forms.push(initials.concat(family), [given[0], ...initials.slice(1), ...family]);
  const full = instructorKey(person);
  return [...new Set([full, ...forms.map((words) => words.join("-").slice(0, 80))])];
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
    if (key === "unnamed") continue;
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
