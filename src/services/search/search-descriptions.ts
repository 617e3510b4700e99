/**
 * Course descriptions as search matches them, without holding their text: a
 * compact index of every description's words (each word, the courses whose
 * description uses it and how often, and each description's length), scored
 * exactly as MiniSearch scores a field (BM25+ with its parameters, prefix
 * weights and field lengths), so that the names index of
 * src/services/search/search-index.ts and this one rank together as one MiniSearch
 * over all five fields did.
 *
 * Why not in memory from the text, as before: 4.3 MB of descriptions to read
 * and 2 s of indexing on the event loop made a cold instance on Deno Deploy
 * answer its first search after 3-4 s. The index is built when descriptions
 * change (an import or a sync; a process that finds it stale builds it too)
 * and stored in `derived_data` (src/services/platform/derived-data.ts), gzipped: about
 * 500 KB that a starting process reads in one round trip and decodes in
 * slices.
 */
import { eq } from "drizzle-orm";
import MiniSearch from "minisearch";
import type { Database, Db } from "../../../db/client.ts";
import { appSettings, courseTexts } from "../../../db/schema.ts";
import { derivedIsCurrent, gunzip, gzip, readDerived, storeDerived } from "../platform/derived-data.ts";
import { slices } from "../platform/next-turn.ts";

/** Raised whenever the words a description gives, or the stored layout, change: a stored index of another format is built again. */
export const POSTINGS_FORMAT = "1";
/** The app_settings key the triggers on course_texts raise whenever a description changes (migration 0012). */
export const DESCRIPTIONS_VERSION_KEY = "descriptions_version";

/** Words too common in descriptions to tell courses apart: left out of their index (titles keep them). */
export const DESCRIPTION_STOP_WORDS = new Set(
  "a an and are as at be by for from has have in into is it its of on or that the their this to with will students course courses"
    .split(" "),
);

/**
 * Words as the indexes keep them: plurals folded by Harman's S-stemmer
 * (ies → y, es → e, s → nothing, with its exceptions), so "macroeconomics"
 * finds "Macroeconomic". A stronger stemmer (Porter) would also fold
 * "organization" into "organ", and typos would drift further from the words
 * they mean. Takes a lower-case word.
 */
export function stem(word: string): string {
  if (word.length <= 3 || !word.endsWith("s")) return word;
  if (word.endsWith("ies") && !/[ae]ies$/.test(word)) return word.slice(0, -3) + "y";
  if (word.endsWith("es") && !/[aeo]es$/.test(word)) return word.slice(0, -1);
  if (/[us]s$/.test(word)) return word;
  return word.slice(0, -1);
}

/** MiniSearch's own tokenizer: splitting the text the same way keeps lengths and words what the names index counts. */
export const tokenize: (text: string) => string[] = MiniSearch.getDefault("tokenize");

/** A description word as indexed, or null for a stop word (and for the empty strings the tokenizer leaves). */
export function descriptionTerm(token: string): string | null {
  const word = token.toLowerCase();
  if (!word || DESCRIPTION_STOP_WORDS.has(word)) return null;
  return stem(word) || null;
}

/**
 * The words of every description. Each word's courses are in ascending id
 * order between `offsets[i]` and `offsets[i + 1]` of `courses` and `counts`.
 */
export type DescriptionPostings = {
  /** Sorted by code unit, so the words a prefix starts are one run. */
  terms: string[];
  offsets: Uint32Array;
  courses: Uint32Array;
  counts: Uint16Array;
  /** A description's length as MiniSearch counts a field's: its distinct tokens as split (an empty one counts 1). */
  lengths: Map<number, number>;
};

/** A description's length and how often each word occurs in it. */
export function describe(description: string | null): { length: number; counts: Map<string, number> } {
  const tokens = tokenize(description ?? "");
  const counts = new Map<string, number>();
  for (const token of tokens) {
    const term = descriptionTerm(token);
    if (term) counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  return { length: new Set(tokens).size, counts };
}

/** The index of these descriptions, built in slices. */
export async function buildPostings(
  rows: readonly { id: number; description: string | null }[],
): Promise<DescriptionPostings> {
  const byTerm = new Map<string, number[]>();
  const lengths = new Map<number, number>();
  const sorted = [...rows].sort((a, b) => a.id - b.id);
  const slice = slices();
  let pairs = 0;
  for (const row of sorted) {
    await slice();
    const { length, counts } = describe(row.description);
    lengths.set(row.id, length);
    for (const [term, count] of counts) {
      const list = byTerm.get(term);
      if (list) list.push(row.id, count);
      else byTerm.set(term, [row.id, count]);
      pairs++;
    }
  }
  await slice();
  const terms = [...byTerm.keys()].sort(byCodeUnit);
  await slice();
  const offsets = new Uint32Array(terms.length + 1);
  const courses = new Uint32Array(pairs);
  const counts = new Uint16Array(pairs);
  let at = 0;
  terms.forEach((term, i) => {
    offsets[i] = at;
    const list = byTerm.get(term)!;
    for (let k = 0; k < list.length; k += 2) {
      courses[at] = list[k];
      counts[at] = Math.min(list[k + 1], 65_535);
      at++;
    }
  });
  offsets[terms.length] = at;
  return { terms, offsets, courses, counts, lengths };
}

function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

class Writer {
  private bytes = new Uint8Array(1 << 16);
  length = 0;
  private room(n: number) {
    if (this.length + n <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + n));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }
  varint(value: number) {
    this.room(5);
    let v = value >>> 0;
    while (v >= 0x80) {
      this.bytes[this.length++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.bytes[this.length++] = v;
  }
  raw(data: Uint8Array) {
    this.room(data.length);
    this.bytes.set(data, this.length);
    this.length += data.length;
  }
  done(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

class Reader {
  at = 0;
  constructor(private readonly bytes: Uint8Array) {}
  varint(): number {
    let value = 0;
    let shift = 0;
    for (;;) {
      const byte = this.bytes[this.at++];
      if (byte === undefined) throw new Error("the stored search index is cut short");
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
      shift += 7;
    }
  }
  take(n: number): Uint8Array {
    const slice = this.bytes.subarray(this.at, this.at + n);
    if (slice.length !== n) throw new Error("the stored search index is cut short");
    this.at += n;
    return slice;
  }
}

/**
 * The stored form: the words joined by line feeds (the tokenizer splits on
 * them, so no word holds one), then per word its courses as gaps between
 * ids with their counts, then every description's length; varints, gzipped.
 */
export async function encodePostings(postings: DescriptionPostings): Promise<Uint8Array> {
  const writer = new Writer();
  const words = new TextEncoder().encode(postings.terms.join("\n"));
  writer.varint(postings.terms.length);
  writer.varint(postings.courses.length);
  writer.varint(words.length);
  writer.raw(words);
  for (let i = 0; i < postings.terms.length; i++) {
    let previous = 0;
    writer.varint(postings.offsets[i + 1] - postings.offsets[i]);
    for (let k = postings.offsets[i]; k < postings.offsets[i + 1]; k++) {
      writer.varint(postings.courses[k] - previous);
      writer.varint(postings.counts[k]);
      previous = postings.courses[k];
    }
  }
  const lengths = [...postings.lengths].sort((a, b) => a[0] - b[0]);
  writer.varint(lengths.length);
  let previous = 0;
  for (const [id, length] of lengths) {
    writer.varint(id - previous);
    writer.varint(length);
    previous = id;
  }
  return await gzip(writer.done());
}

/** The index from its stored form, decoded in slices. */
export async function decodePostings(stored: Uint8Array): Promise<DescriptionPostings> {
  const reader = new Reader(await gunzip(stored));
  const termCount = reader.varint();
  const pairCount = reader.varint();
  const terms = termCount ? new TextDecoder().decode(reader.take(reader.varint())).split("\n") : (reader.varint(), []);
  if (terms.length !== termCount) throw new Error("the stored search index does not hold the words it says");
  const offsets = new Uint32Array(termCount + 1);
  const courses = new Uint32Array(pairCount);
  const counts = new Uint16Array(pairCount);
  let at = 0;
  const slice = slices();
  for (let i = 0; i < termCount; i++) {
    await slice();
    offsets[i] = at;
    const n = reader.varint();
    let id = 0;
    for (let k = 0; k < n; k++) {
      id += reader.varint();
      courses[at] = id;
      counts[at] = reader.varint();
      at++;
    }
  }
  offsets[termCount] = at;
  if (at !== pairCount) throw new Error("the stored search index does not hold the courses it says");
  const lengths = new Map<number, number>();
  const lengthCount = reader.varint();
  let id = 0;
  for (let k = 0; k < lengthCount; k++) {
    id += reader.varint();
    lengths.set(id, reader.varint());
  }
  return { terms, offsets, courses, counts, lengths };
}

/** MiniSearch's BM25+ parameters and its weight for a prefix match, which this index scores with. */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const PREFIX_WEIGHT = 0.375;

/** What every description is measured against: how many courses the index ranks, and their mean description length. */
export type DescriptionField = { documentCount: number; averageLength: number; lengthOf(id: number): number };

/**
 * The field's statistics over the catalog's courses, in the catalog's order:
 * MiniSearch averages the length as documents are added, and the same steps
 * in the same order give the same number to the last bit.
 */
export function descriptionField(postings: DescriptionPostings, courseIds: Iterable<number>): DescriptionField {
  let count = 0;
  let average = 0;
  // A course without a stored text was indexed with an empty description: one (empty) token.
  const lengthOf = (id: number) => postings.lengths.get(id) ?? 1;
  for (const id of courseIds) {
    average = (average * count + lengthOf(id)) / (count + 1);
    count++;
  }
  return { documentCount: count, averageLength: average, lengthOf };
}

/** Per course: its score so far and the query's words it matched (MiniSearch's raw result). */
export type RawResults = Map<number, { score: number; terms: string[] }>;

/** The run of words that start with `prefix`, as [first, end). */
function prefixRun(terms: readonly string[], prefix: string): [number, number] {
  let lo = 0;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (terms[mid] < prefix) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  while (end < terms.length && terms[end].startsWith(prefix)) end++;
  return [lo, end];
}

/**
 * The courses whose description holds `term` (or, with `prefix`, a word it
 * starts), scored as MiniSearch's `termResults` scores one field: weight ×
 * field boost × the course's boost × BM25+, a word longer than the prefix
 * weighed down by how much longer. Courses `boostOf` does not know are not
 * in the catalog being searched and are left out.
 */
export function descriptionMatches(
  postings: DescriptionPostings,
  field: DescriptionField,
  term: string,
  options: { prefix: boolean; boost: number; boostOf: (id: number) => number | undefined },
  results: RawResults = new Map(),
): RawResults {
  const add = (index: number, weight: number) => {
    const from = postings.offsets[index];
    const to = postings.offsets[index + 1];
    const matching = to - from;
    const idf = Math.log(1 + (field.documentCount - matching + 0.5) / (matching + 0.5));
    for (let k = from; k < to; k++) {
      const id = postings.courses[k];
      const docBoost = options.boostOf(id);
      if (!docBoost) continue;
      const frequency = postings.counts[k];
      const length = field.lengthOf(id);
      const bm25 = idf *
        (BM25.d +
          frequency * (BM25.k + 1) / (frequency + BM25.k * (1 - BM25.b + BM25.b * length / field.averageLength)));
      const score = weight * 1 * options.boost * docBoost * bm25;
      const result = results.get(id);
      if (result) {
        result.score += score;
        if (!result.terms.includes(term)) result.terms.push(term);
      } else {
        results.set(id, { score, terms: [term] });
      }
    }
  };
  const [first, end] = prefixRun(postings.terms, term);
  if (first < end && postings.terms[first] === term) add(first, 1);
  if (options.prefix) {
    for (let i = first; i < end; i++) {
      const word = postings.terms[i];
      const distance = word.length - term.length;
      if (distance) add(i, PREFIX_WEIGHT * word.length / (word.length + 0.3 * distance));
    }
  }
  return results;
}

const KEY = "description_postings";

/** Builds the index from every description and stores it, for this process and every other one. */
export async function rebuildSearchPostings(db: Db): Promise<DescriptionPostings> {
  const [version, rows] = await Promise.all([
    descriptionsVersion(db),
    db.select({ id: courseTexts.courseId, description: courseTexts.description }).from(courseTexts),
  ]);
  const postings = await buildPostings(rows);
  await storeDerived(db, KEY, POSTINGS_FORMAT, version, await encodePostings(postings));
  return postings;
}

async function descriptionsVersion(db: Db): Promise<number> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(
    eq(appSettings.key, DESCRIPTIONS_VERSION_KEY),
  );
  return Number(row?.value ?? 0);
}

/** Whether the stored index was built, in this format, from the descriptions as they are. */
export function searchPostingsCurrent(db: Db): Promise<boolean> {
  return derivedIsCurrent(db, KEY, POSTINGS_FORMAT, descriptionsVersion(db));
}

/**
 * The stored index when it is current (one round trip), or one built from
 * the descriptions now and stored for the others (a process that finds the
 * descriptions changed by hand, or an index of an older format).
 */
export async function loadSearchPostings(db: Db): Promise<DescriptionPostings> {
  const [stored, version] = await Promise.all([readDerived(db, KEY), descriptionsVersion(db)]);
  if (stored?.format === POSTINGS_FORMAT && stored.builtFor === version) {
    try {
      return await decodePostings(stored.data);
    } catch (error) {
      console.error("[search] the stored description index could not be read; building it again:", error);
    }
  }
  return await rebuildSearchPostings(db);
}

/** For starts and imports: makes sure the stored index is current, building it when not. */
export async function ensureSearchPostings(database: Database): Promise<boolean> {
  if (await searchPostingsCurrent(database.db)) return false;
  await rebuildSearchPostings(database.db);
  return true;
}
