/**
 * What students type into the search box, turned into what the catalog says:
 * the abbreviations and aliases of course search (one table), course codes in
 * every common form, and the words of a query with their variants.
 */

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
const QUERY_STOP_WORDS = new Set(["a", "an", "and", "the", "of", "to", "in", "for", "on", "with", "at", "by", "from"]);
