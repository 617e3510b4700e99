/**
 * Professor names as students type them ("Prof. Wayne Snyder", "wayne
 * snyder", "Dr Snyder, Wayne" is another story) grouped by a slug: case,
 * spacing, accents, punctuation and the titles 'Prof.', 'Dr.', 'Professor'
 * do not make a second professor. The slug is also the professor page's URL
 * (/professor/{slug}).
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
