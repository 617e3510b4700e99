/**
 * What students type into the search box, turned into what the catalog says:
 * the abbreviations and aliases of course search (one table), course codes in
 * every common form, the words of a query with their variants, and the phrases
 * that mean a Hub area or a sort (a second table, SEARCH_MEANINGS).
 */
import { HUB_AREAS } from "./hub-areas.ts";

/** Words that join others in what students type and add nothing to find (see QUERY_STOP_WORDS). */
const QUERY_STOP_WORDS_LIST = ["a", "an", "and", "the", "of", "to", "in", "for", "on", "with", "at", "by", "from"];

/** A word or phrase students type → what it stands for in titles, descriptions and department names. */
export const ALIASES: ReadonlyMap<string, readonly string[]> = new Map([
  ["intro", ["introduction", "introductory"]],
  ["econ", ["economics", "economic", "microeconomic", "macroeconomic"]],
  ["micro", ["microeconomics", "microeconomic", "microbiology"]],
  ["macro", ["macroeconomics", "macroeconomic"]],
  ["psych", ["psychology", "psychological"]],
  ["calc", ["calculus"]],
  ["stats", ["statistics", "statistical"]],
  ["stat", ["statistics", "statistical"]],
  ["chem", ["chemistry", "chemical"]],
  ["orgo", ["organic chemistry"]],
  ["ochem", ["organic chemistry"]],
  ["bio", ["biology", "biological"]],
  ["biochem", ["biochemistry"]],
  ["compsci", ["computer science"]],
  ["comp sci", ["computer science"]],
  ["cs", ["computer science"]],
  ["poli sci", ["political science"]],
  ["polisci", ["political science"]],
  ["gov", ["government", "political"]],
  ["ir", ["international relations"]],
  ["phil", ["philosophy"]],
  ["philo", ["philosophy"]],
  ["soc", ["sociology"]],
  ["anthro", ["anthropology"]],
  ["astro", ["astronomy", "astrophysics"]],
  ["phys", ["physics"]],
  ["neuro", ["neuroscience", "neurobiology"]],
  ["math", ["mathematics", "mathematical"]],
  ["maths", ["mathematics"]],
  ["lit", ["literature"]],
  ["hist", ["history"]],
  ["ling", ["linguistics"]],
  ["enviro", ["environment", "environmental"]],
  ["env", ["environment", "environmental"]],
  ["comm", ["communication"]],
  ["journ", ["journalism"]],
  ["ds", ["data science"]],
  ["data sci", ["data science"]],
  ["ml", ["machine learning"]],
  ["ai", ["artificial intelligence"]],
  ["algo", ["algorithms"]],
  ["algos", ["algorithms"]],
  ["linalg", ["linear algebra"]],
  ["lin alg", ["linear algebra"]],
  ["diffeq", ["differential equations"]],
  ["diff eq", ["differential equations"]],
  ["bme", ["biomedical engineering"]],
  ["ece", ["electrical and computer engineering"]],
  ["mech e", ["mechanical engineering"]],
  ["pt", ["physical therapy"]],
  ["ot", ["occupational therapy"]],
  ["writ", ["writing"]],
  ["sem", ["seminar"]],
  ["lab", ["laboratory"]],
  ["gen", ["general"]],
  ["i", ["1"]],
  ["ii", ["2"]],
  ["iii", ["3"]],
  ["iv", ["4"]],
  ["1", ["i"]],
  ["2", ["ii"]],
  ["3", ["iii"]],
  ["4", ["iv"]],
]);

/** A department word students put before a course number ("econ 101") → the department codes it may mean. */
export const DEPARTMENT_ALIASES: ReadonlyMap<string, readonly string[]> = new Map([
  ["econ", ["EC"]],
  ["economics", ["EC"]],
  ["psych", ["PS"]],
  ["psychology", ["PS"]],
  ["chem", ["CH"]],
  ["chemistry", ["CH"]],
  ["bio", ["BI"]],
  ["biology", ["BI"]],
  ["math", ["MA"]],
  ["calc", ["MA"]],
  ["stats", ["MA"]],
  ["compsci", ["CS"]],
  ["phil", ["PH"]],
  ["philosophy", ["PH"]],
  ["phys", ["PY"]],
  ["physics", ["PY"]],
  ["polisci", ["PO"]],
  ["soc", ["SO"]],
  ["sociology", ["SO"]],
  ["anthro", ["AN"]],
  ["astro", ["AS"]],
  ["writing", ["WR"]],
  ["writ", ["WR"]],
  ["hist", ["HI"]],
  ["history", ["HI"]],
  ["ling", ["LX"]],
  ["neuro", ["NE"]],
  ["ir", ["IR"]],
  ["ds", ["DS"]],
]);

/** The query, lower-cased, with punctuation as spaces and multi-word aliases joined ("comp sci" → "compsci"). */
export function normalizeQuery(q: string): string {
  let text = ` ${
    q.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/[^a-z0-9]+/g, " ").trim()
  } `;
  for (const alias of ALIASES.keys()) {
    if (alias.includes(" ")) text = text.replaceAll(` ${alias} `, ` ${alias.replace(/ /g, "")} `);
  }
  return text.trim().replace(/\s+/g, " ");
}

export type CodeQuery = { college?: string; departments: string[]; number: string };

/**
 * A query that names one course by its code, in any form students type it:
 * `cs111`, `CS 111`, `CS-111`, `cas cs 111`, `CASCS111`, `ma123`, `econ 101`.
 */
export function courseCodeQuery(q: string): CodeQuery | null {
  const text = normalizeQuery(q).replace(/\s+/g, " ");
  const match = /^(?:([a-z]{3})\s?)?([a-z]{2,8})\s?(\d{2,3}[a-z]?)$/.exec(text) ??
    /^([a-z]{3})([a-z]{2})(\d{2,3}[a-z]?)$/.exec(text.replace(/ /g, ""));
  if (!match) return null;
  const [, college, department, number] = match;
  const departments = department.length <= 4 && !DEPARTMENT_ALIASES.has(department)
    ? [department.toUpperCase()]
    : [...(DEPARTMENT_ALIASES.get(department) ?? []), ...(department.length <= 4 ? [department.toUpperCase()] : [])];
  if (!departments.length) return null;
  return { college: college?.toUpperCase(), departments: [...new Set(departments)], number: number.toUpperCase() };
}

/**
 * The words of a query, each with the variants any of which may match it
 * (the word itself first, then what it stands for). Every word must match.
 */
export function queryWords(q: string): string[][] {
  const all = [...new Set(normalizeQuery(q).split(" ").filter(Boolean))];
  // "intro to ethics" means "intro ethics"; a query of only such words keeps them.
  const meaningful = all.filter((word) => !QUERY_STOP_WORDS.has(word));
  const words = (meaningful.length ? meaningful : all).slice(0, 8);
  return words.map((word) => [word, ...(ALIASES.get(word) ?? [])]);
}

/** Words that join others in what students type and add nothing to find. */
const QUERY_STOP_WORDS = new Set(QUERY_STOP_WORDS_LIST);

/** The sorts a word of the search text can ask for (src/lib/search-filter.ts has them all). */
export type WordSort = "easiest" | "lightest" | "hardest" | "byRating" | "byReviews";

/**
 * What a phrase of the search text means beyond its words: a Hub area (the Hub filter), with words that then rank
 * the area's courses without narrowing them ("ethics hub": Ethical Reasoning courses, those about ethics first); or a
 * sort ("easy": the easiest first).
 */
export type WordMeaning = { hub: string; rank?: string } | { sort: WordSort; ambiguous?: boolean };

/** The sorts' names as the reading says them. */
export const WORD_SORT_LABELS: Record<WordSort, string> = {
  easiest: "Easiest first",
  lightest: "Lightest workload first",
  hardest: "Hardest first",
  byRating: "Best rated first",
  byReviews: "Most reviewed first",
};

/** Each Hub area's code and the ways students name it, besides the code itself and its name (read from HUB_AREAS). */
const HUB_NAMES: readonly (readonly [string, readonly string[]])[] = [
  ["PLM", ["philosophical inquiry", "lifes meanings", "life meaning", "plm hub"]],
  ["AEX", ["aesthetic exploration"]],
  ["HCO", ["historical consciousness"]],
  ["SI1", ["scientific inquiry 1", "scientific inquiry i", "si 1"]],
  ["SI2", ["scientific inquiry 2", "scientific inquiry ii", "si 2"]],
  ["SO1", ["social inquiry 1", "social inquiry i", "so 1"]],
  ["SO2", ["social inquiry 2", "social inquiry ii", "so 2"]],
  ["QR1", ["quantitative reasoning 1", "quantitative reasoning i", "quant reasoning 1", "qr 1", "quant 1"]],
  ["QR2", ["quantitative reasoning 2", "quantitative reasoning ii", "quant reasoning 2", "qr 2", "quant 2"]],
  ["IIC", ["individual in community", "individual in the community"]],
  ["GCI", ["global citizenship", "intercultural literacy"]],
  ["ETR", ["ethical reasoning"]],
  ["FYW", ["first year writing", "first year writing seminar"]],
  ["WRI", ["writing research and inquiry", "writing research inquiry"]],
  ["WIN", ["writing intensive", "writing intensive course"]],
  ["OSC", ["oral and or signed communication", "oral communication", "signed communication"]],
  ["DME", ["digital multimedia expression", "digital expression", "multimedia expression"]],
  ["CRT", ["critical thinking"]],
  ["RIL", ["research and information literacy", "information literacy"]],
  ["TWC", ["teamwork collaboration", "teamwork and collaboration"]],
  ["CRI", ["creativity innovation", "creativity and innovation"]],
];

/** Topic words that name a Hub area when "hub" stands beside them ("ethics hub", "hub history"); they rank its courses. */
const HUB_TOPICS: readonly (readonly [string, string])[] = [
  ["ethics", "ETR"],
  ["ethical", "ETR"],
  ["philosophy", "PLM"],
  ["aesthetic", "AEX"],
  ["aesthetics", "AEX"],
  ["art", "AEX"],
  ["arts", "AEX"],
  ["history", "HCO"],
  ["historical", "HCO"],
  ["community", "IIC"],
  ["global", "GCI"],
  ["oral", "OSC"],
  ["speaking", "OSC"],
  ["digital", "DME"],
  ["teamwork", "TWC"],
  ["creativity", "CRI"],
  ["research", "RIL"],
];

/**
 * Words that ask for a sort: the difficulty and workload students rate, the best rated, the most reviewed. Those also
 * common in titles and topics ("light" in optics, "hard" in "hard science", "best" in "best practices") are read as a
 * sort only when the text holds nothing else to search for ("light", "hard QR2"); with other words they stay words.
 */
const SORT_WORDS: readonly (readonly [string, WordSort, "ambiguous"?])[] = [
  ["easy", "easiest"],
  ["easiest", "easiest"],
  ["easy a", "easiest"],
  ["gpa booster", "easiest"],
  ["light", "lightest", "ambiguous"],
  ["lightest", "lightest"],
  ["light workload", "lightest"],
  ["low workload", "lightest"],
  ["little work", "lightest"],
  ["hard", "hardest", "ambiguous"],
  ["hardest", "hardest"],
  ["difficult", "hardest", "ambiguous"],
  ["challenging", "hardest", "ambiguous"],
  ["heavy workload", "hardest"],
  ["best", "byRating", "ambiguous"],
  ["best rated", "byRating"],
  ["top rated", "byRating"],
  ["highest rated", "byRating"],
  ["most popular", "byReviews"],
  ["popular", "byReviews", "ambiguous"],
  ["most reviewed", "byReviews"],
];

/** Words that, left alone once the rest is read, ask for nothing ("easy classes", "the best QR2 courses for me"). */
const FILLER_WORDS = new Set([
  ...QUERY_STOP_WORDS_LIST,
  "course",
  "courses",
  "class",
  "classes",
  "hub",
  "me",
  "my",
  "i",
  "that",
  "are",
  "is",
  "some",
  "any",
  "very",
  "really",
  "s",
]);

/**
 * The phrases of the search text that mean a Hub area or a sort, one table beside ALIASES: each phrase (in the words
 * `normalizeQuery` leaves, without its multi-word joins) with its meaning. Each Hub area is read from its code
 * ("QR2"), its name ("Quantitative Reasoning II"), the names in HUB_NAMES, and "hub" beside its code or a topic word.
 */
export const SEARCH_MEANINGS: ReadonlyMap<string, WordMeaning> = (() => {
  const rules = new Map<string, WordMeaning>();
  const plain = (text: string) => text.toLowerCase().replace(/'/g, "").replace(/[^a-z0-9]+/g, " ").trim();
  for (const area of HUB_AREAS) {
    const code = area.code.toLowerCase();
    for (const phrase of [code, `hub ${code}`, `${code} hub`, plain(area.name), `${plain(area.name)} hub`]) {
      rules.set(phrase, { hub: area.code });
    }
  }
  for (const [hub, names] of HUB_NAMES) for (const name of names) rules.set(name, { hub });
  for (const [topic, hub] of HUB_TOPICS) {
    rules.set(`${topic} hub`, { hub, rank: topic });
    rules.set(`hub ${topic}`, { hub, rank: topic });
  }
  for (const [words, sort, ambiguous] of SORT_WORDS) rules.set(words, ambiguous ? { sort, ambiguous: true } : { sort });
  return rules;
})();

/** The longest phrase of SEARCH_MEANINGS, in words. */
const LONGEST_MEANING = Math.max(...[...SEARCH_MEANINGS.keys()].map((phrase) => phrase.split(" ").length));

/** A phrase of the search text read as a Hub area or a sort. */
export type ReadPhrase = { text: string; meaning: string; start: number };

/** The search text as read: what it means beyond its words, and the words left to match. */
export type SearchReading = {
  /** The words left to match, as typed. */
  q: string;
  /** Words that order the courses without narrowing them (the topic of "ethics hub"). */
  rank: string;
  /** Hub areas the text names, in the order named. */
  hubReqs: string[];
  /** The sort the text asks for (the last one named). */
  sortBy?: WordSort;
  /**
   * Each phrase read, as typed, with what it became ("Hub QR2", "Easiest first") and where it starts in the text (a
   * character offset), in the order typed.
   */
  read: ReadPhrase[];
};

/**
 * Reads the search text (at most 200 characters) phrase by phrase, longest phrases first, left to right: Hub codes
 * and names become Hub areas, sort words a sort, and the rest stays text. Words in double quotes are only text
 * (`"light"` finds courses about light). A text that names a course by its code ("WIN 101") is only a code.
 */
export function readSearchText(q: string, options: { sorts?: boolean } = {}): SearchReading {
  const reading: SearchReading = { q, rank: "", hubReqs: [], read: [] };
  if (courseCodeQuery(q)) return reading;
  // The words with where they stand in the text, and whether a quote holds them (straight or curly).
  const tokens: { word: string; start: number; end: number; quoted: boolean }[] = [];
  let quoted = false;
  for (const match of q.matchAll(/["“”]|[\p{L}\p{N}']+/gu)) {
    if (match[0] === '"' || match[0] === "“" || match[0] === "”") {
      quoted = match[0] === "“" || (match[0] === '"' && !quoted);
    } else {
      const word = match[0].toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f']/g, "");
      if (word) tokens.push({ word, start: match.index, end: match.index + match[0].length, quoted });
    }
  }
  const phrases: { start: number; end: number; from: number; to: number; meaning: WordMeaning }[] = [];
  for (let i = 0; i < tokens.length;) {
    let found = 0;
    for (let n = Math.min(LONGEST_MEANING, tokens.length - i); n >= 1 && !found; n--) {
      const run = tokens.slice(i, i + n);
      if (run.some((t) => t.quoted)) continue;
      const meaning = SEARCH_MEANINGS.get(run.map((t) => t.word).join(" "));
      // With a sort chosen, sort words are only words.
      if (!meaning || ("sort" in meaning && options.sorts === false)) continue;
      found = n;
      phrases.push({ start: run[0].start, end: run[n - 1].end, from: i, to: i + n, meaning });
    }
    i += found || 1;
  }
  // Words other than the phrases and fillers: with any, an ambiguous sort word stays a word.
  const inPhrase = (i: number) => phrases.some((p) => i >= p.from && i < p.to);
  const searched = tokens.some((t, i) => !inPhrase(i) && (t.quoted || !FILLER_WORDS.has(t.word)));
  const read = phrases.filter((p) => !searched || !("ambiguous" in p.meaning && p.meaning.ambiguous));
  if (!read.length) return reading;
  const rank: string[] = [];
  for (const phrase of read) {
    const text = q.slice(phrase.start, phrase.end);
    const meaning = phrase.meaning;
    if ("hub" in meaning) {
      if (!reading.hubReqs.includes(meaning.hub)) reading.hubReqs.push(meaning.hub);
      if (meaning.rank) rank.push(meaning.rank);
      reading.read.push({ text, meaning: `Hub ${meaning.hub}`, start: phrase.start });
    } else {
      reading.sortBy = meaning.sort;
      reading.read.push({ text, meaning: WORD_SORT_LABELS[meaning.sort], start: phrase.start });
    }
  }
  // What is left is searched for, unless it is only filler ("easy classes").
  reading.q = searched ? withoutSpans(q, read) : "";
  reading.rank = rank.join(" ");
  return reading;
}

/** The text without the given spans, its spaces tidied and quotes left unpaired removed. */
function withoutSpans(q: string, spans: { start: number; end: number }[]): string {
  let text = "";
  let at = 0;
  for (const span of spans) {
    text += `${q.slice(at, span.start)} `;
    at = span.end;
  }
  text += q.slice(at);
  return text.replace(/\s+/g, " ").replace(/ ([,;:])/g, "$1").replace(/([,;:+&-])(?:[\s,;:+&-]*[,;:+&-])+/g, "$1")
    .replace(/^[\s,;:+&-]+|[\s,;:+&-]+$/g, "").trim();
}

/**
 * Where a phrase the reading took stands in the text: at its offset when the text there is still the phrase, else
 * its first appearance as whole words (the text changed since it was read); null when it is gone.
 */
function spanOf(q: string, phrase: Pick<ReadPhrase, "text" | "start">): { start: number; end: number } | null {
  if (q.slice(phrase.start, phrase.start + phrase.text.length) === phrase.text) {
    return { start: phrase.start, end: phrase.start + phrase.text.length };
  }
  const escaped = phrase.text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const at = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "u").exec(q);
  return at ? { start: at.index, end: at.index + phrase.text.length } : null;
}

/** The search text without the phrases the reading took (chips removed): the rest as typed. */
export function withoutPhrases(q: string, phrases: Pick<ReadPhrase, "text" | "start">[]): string {
  const spans = phrases.map((p) => spanOf(q, p)).filter((s): s is { start: number; end: number } => s !== null)
    .sort((a, b) => a.start - b.start);
  return spans.length ? withoutSpans(q, spans) : q;
}

/** The search text with the phrases the reading took kept as words: each in quotes, which the reading leaves alone. */
export function quotedPhrases(q: string, phrases: Pick<ReadPhrase, "text" | "start">[]): string {
  const spans = phrases.map((p) => spanOf(q, p)).filter((s): s is { start: number; end: number } => s !== null)
    .sort((a, b) => b.start - a.start);
  return spans.reduce((text, s) => `${text.slice(0, s.start)}"${text.slice(s.start, s.end)}"${text.slice(s.end)}`, q);
}
