/**
 * Prerequisite texts as data. BU's catalog writes them in many hands:
 * `(CASEC101) and (CAS MA 121 or CAS MA 123) or equivalent.`,
 * `(ENGEK103 & CASMA225)`, `CS 111 or 112`, `junior standing or consent of
 * instructor.` This reads such a text into groups of course codes (every
 * group is required; any one course of a group satisfies it) and keeps what
 * names no course (consent, standing, placement, "or equivalent") as a note.
 *
 * How: the text becomes tokens (courses, bare numbers, and, or, commas,
 * semicolons, parentheses, words), a small recursive-descent parser builds an
 * and/or tree, and the tree is put in conjunctive normal form: an AND of ORs,
 * which is exactly "groups". A group that also offers words ("or consent of
 * instructor") keeps its courses and says so; words required on their own
 * ("senior standing") are conditions the site cannot check.
 */

export type PrerequisiteGroup = {
  /** Course codes as "CAS EC 101", in the order the text names them. */
  codes: string[];
  /** The group may also be satisfied by something that is not a course ("or equivalent", "or consent of instructor"). */
  alternative: boolean;
};

export type ParsedPrerequisites = {
  groups: PrerequisiteGroup[];
  /** What the text says besides courses, in its words; null when it says nothing else. */
  note: string | null;
  /** The text requires something the site cannot check (class standing, consent, placement, a program). */
  conditions: boolean;
  /** full: every requirement became course groups; partial: some did; none: no course was found. */
  coverage: "full" | "partial" | "none";
};

export type Eligibility = "met" | "unmet" | "unknown";

type Course = { college: string; department: string; number: string };

/** Every token knows where it stands in the text, so notes keep the text's own words. */
type Token =
  & { start: number; end: number }
  & (
    | { kind: "course"; course: Course }
    | { kind: "number"; number: string }
    | { kind: "word"; text: string }
    | { kind: "and" | "or" | "," | ";" | "(" | ")" | "example" | "one-of" }
  );

type Node =
  | { kind: "course"; code: string }
  | { kind: "text"; text: string; start: number; end: number }
  /** Said for information only ("GRS CH 622 recommended", corequisites): required of no one. */
  | { kind: "info"; text: string }
  | { kind: "and" | "or"; items: Node[] };

/** Above this many groups an and/or tree is not turned into groups: the text is kept as a note. */
const MAX_GROUPS = 64;

const codeOf = (c: Course) => `${c.college} ${c.department} ${c.number}`;

/** Labels that only introduce the list. */
const LABEL = /\b(?:undergraduate\s+|graduate\s+)?pre-?req(?:uisite)?s?\s*:/gi;
/** From here on the text names courses taken alongside, not before. */
const COREQUISITE = /\b(?:(?:under)?graduate\s+)?co-?req(?:uisite)?s?\b[\s\S]*$/i;
/** From here on the text gives advice, not requirements. */
const RECOMMENDED = /\b(?:strongly\s+)?recommended\s*:[\s\S]*$/i;
/** Words that make a sentence advice ("… are helpful, but not required."). */
const ADVICE = /^(?:recommended|helpful|suggested|encouraged)$/i;
const TOKEN =
  /((?:[A-Z]{3}\s?)?[A-Z]{2}\s?\d{3}\s?[-–?]\s?\d{3})|([A-Z]{3})\s?([A-Z]{2})\s?(\d{3}[A-Z]?)\b(?!-)|([A-Z]{2})\s?(\d{3}[A-Z]?)\b(?!-)|(\d{3}[A-Z]?)\b(?![-\w])|(e\.\s?g\.|i\.\s?e\.)|([(){}[\]])|([;:])|(,)|(&|\+)|(\/)|([A-Za-z][A-Za-z'’-]*)|(\.)|(\S)/g;

/** BU's school codes, also those the catalog files under another (GRS courses are listed as CAS). */
const SCHOOLS = new Set(
  "CAS GRS ENG COM CFA CGS SAR SED WED SHA SPH SSW STH QST SMG MET LAW SDM GMS MED KHC CDS EOP XRG HUB UNI FRA OTP PDP"
    .split(" "),
);

function tokenize(text: string, colleges: ReadonlySet<string>): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const start = m.index!;
    const end = start + m[0].length;
    const [
      ,
      range,
      college3,
      dept3,
      number3,
      dept2,
      number2,
      bare,
      example,
      paren,
      semi,
      comma,
      and,
      slash,
      word,
      period,
    ] = m;
    const at = { start, end };
    if (range !== undefined) {
      // "CAS LF 307-311": any course of a range, which the site does not list; kept as words.
      tokens.push({ kind: "word", text: range, ...at });
    } else if (college3 !== undefined) {
      if (colleges.has(college3) || SCHOOLS.has(college3)) {
        tokens.push({ kind: "course", course: { college: college3, department: dept3, number: number3 }, ...at });
      } else {
        // "AND CS 111": a word, then a course of no named college.
        tokens.push(wordToken(college3, start));
        tokens.push({
          kind: "course",
          course: { college: "", department: dept3, number: number3 },
          start: start + 3,
          end,
        });
      }
    } else if (dept2 !== undefined) {
      tokens.push({ kind: "course", course: { college: "", department: dept2, number: number2 }, ...at });
    } else if (bare !== undefined) tokens.push({ kind: "number", number: bare, ...at });
    else if (example !== undefined) tokens.push({ kind: "example", ...at });
    else if (paren !== undefined) tokens.push({ kind: "([{".includes(paren) ? "(" : ")", ...at });
    else if (semi !== undefined || period !== undefined) tokens.push({ kind: ";", ...at });
    else if (comma !== undefined) tokens.push({ kind: ",", ...at });
    else if (and !== undefined) tokens.push({ kind: "and", ...at });
    else if (slash !== undefined) tokens.push({ kind: "or", ...at });
    else if (word !== undefined) tokens.push(wordToken(word, start));
  }
  return joinPhrases(tokens);
}

function wordToken(word: string, start: number): Token {
  const lower = word.toLowerCase();
  const at = { start, end: start + word.length };
  if (lower === "and") return { kind: "and", ...at };
  if (lower === "or") return { kind: "or", ...at };
  return { kind: "word", text: word, ...at };
}

/** "one of the following", "either", "both", "any of": a list of alternatives follows (or, for "both", nothing changes). */
function joinPhrases(tokens: Token[]): Token[] {
  const out: Token[] = [];
  const wordAt = (i: number) => tokens[i]?.kind === "word" ? (tokens[i] as { text: string }).text.toLowerCase() : "";
  for (let i = 0; i < tokens.length; i++) {
    const w = wordAt(i);
    if ((w === "one" || w === "any") && wordAt(i + 1) === "of") {
      out.push({ kind: "one-of", start: tokens[i].start, end: tokens[i + 1].end });
      i++;
      if (wordAt(i + 1) === "the" && wordAt(i + 2) === "following") i += 2;
      if (tokens[i + 1]?.kind === ";") i++; // the colon after "the following"
      continue;
    }
    if (w === "either") {
      out.push({ kind: "one-of", start: tokens[i].start, end: tokens[i].end });
      continue;
    }
    if (w === "both") continue;
    out.push(tokens[i]);
  }
  return out;
}

/** How the parser names courses: the owner's college for codes without one, and the catalog's codes to place them. */
type Context = {
  owner: string;
  /** The catalog's course codes ("CAS CS 111"); without it, codes are taken as written. */
  catalog?: ReadonlySet<string>;
};

class Parser {
  private i = 0;
  private last: Course | null = null;
  constructor(private readonly tokens: Token[], private readonly body: string, private readonly context: Context) {}

  /**
   * The code a reference means. Written without a college, it takes the one
   * named before it, else the owner's; when the catalog has no such course,
   * the owner's college, then CAS (where BU lists its GRS courses), then the
   * only college that has it.
   */
  private place(course: Course, written: boolean): Course {
    const catalog = this.context.catalog;
    const has = (college: string) => catalog!.has(codeOf({ ...course, college }));
    if (!catalog || has(course.college)) return course;
    if (written && course.college !== "GRS") return course;
    for (const college of [this.context.owner, "CAS"]) if (has(college)) return { ...course, college };
    return course;
  }

  private peek(): Token | undefined {
    return this.tokens[this.i];
  }

  /** The whole text: clauses joined by semicolons and periods, each required; a clause that starts with "or" offers an alternative to the one before. */
  parseText(): Node | null {
    const clauses: Node[] = [];
    while (this.i < this.tokens.length) {
      if (this.peek()?.kind === ";") {
        this.i++;
        continue;
      }
      if (this.peek()?.kind === "or" && clauses.length) {
        // "…; or consent of instructor", "…; or equivalent, CAS MA 121": the words up to the next comma are the alternative.
        this.i++;
        const alternative = this.parseOr();
        if (alternative) clauses.push({ kind: "or", items: [clauses.pop()!, alternative] });
        if (this.peek()?.kind === ",") this.i++;
        continue;
      }
      const advice = this.adviceClause();
      if (advice) {
        clauses.push(advice);
        continue;
      }
      const clause = this.parseList();
      if (clause) clauses.push(clause);
      else if (this.i < this.tokens.length && this.peek()?.kind !== ";") this.i++; // a stray token
    }
    return clauses.length === 0 ? null : clauses.length === 1 ? clauses[0] : { kind: "and", items: clauses };
  }

  /** A clause that only advises ("Calculus (MA 121) is helpful, but not required."): information, whatever it names. */
  private adviceClause(): Node | null {
    let depth = 0;
    let end = this.i;
    let advice = false;
    for (; end < this.tokens.length; end++) {
      const token = this.tokens[end];
      if (token.kind === "(") depth++;
      else if (token.kind === ")") depth = Math.max(0, depth - 1);
      else if (token.kind === ";" && depth === 0) break;
      else if (depth === 0 && token.kind === "word") {
        const next = this.tokens[end + 1];
        if (
          ADVICE.test(token.text) ||
          (/^not$/i.test(token.text) && next?.kind === "word" && /^required$/i.test(next.text))
        ) advice = true;
      }
    }
    if (!advice || end === this.i) return null;
    const text = this.body.slice(this.tokens[this.i].start, this.tokens[end - 1].end);
    this.i = end;
    return { kind: "info", text };
  }

  /** Items joined by commas: alternatives when the last joint is "or" or after "one of", else all required. */
  private parseList(): Node | null {
    const items: Node[] = [];
    let joint: "and" | "or" | null = null;
    while (true) {
      if (this.peek()?.kind === "one-of") {
        this.i++;
        const rest = this.parseList();
        if (rest) items.push(asAlternatives(rest));
        break;
      }
      const item = this.parseOr();
      if (item) items.push(item);
      if (this.peek()?.kind !== ",") break;
      this.i++;
      const next = this.peek()?.kind;
      if (next === "and" || next === "or") {
        joint = next;
        this.i++;
      }
    }
    if (items.length <= 1) return items[0] ?? null;
    return { kind: joint === "or" ? "or" : "and", items };
  }

  /** Alternatives: "A or B". "And" binds tighter, as in logic: "CFAMP 111 and MP 112 or placement" is (111 and 112) or placement. */
  private parseOr(): Node | null {
    const items: Node[] = [];
    const first = this.parseAnd();
    if (first) items.push(first);
    while (this.peek()?.kind === "or") {
      this.i++;
      const next = this.parseAnd();
      if (next) items.push(next);
    }
    return items.length <= 1 ? items[0] ?? null : { kind: "or", items };
  }

  /** Requirements: "A and B", "A & B"; "and one of the following: …" brings a list of alternatives. */
  private parseAnd(): Node | null {
    const items: Node[] = [];
    const first = this.parseSequence();
    if (first) items.push(first);
    while (this.peek()?.kind === "and") {
      this.i++;
      if (this.peek()?.kind === "one-of") {
        this.i++;
        const rest = this.parseList();
        if (rest) items.push(asAlternatives(rest));
        continue;
      }
      const next = this.parseSequence();
      if (next) items.push(next);
    }
    return items.length <= 1 ? items[0] ?? null : { kind: "and", items };
  }

  /** Atoms side by side, all required: "(CASPH350) two other philosophy courses", "(ENGBE403 OR ENGEC401) Requires senior status". */
  private parseSequence(): Node | null {
    const items: Node[] = [];
    const first = this.i;
    while (true) {
      const token = this.peek();
      if (
        !token || token.kind === "and" || token.kind === "or" || token.kind === "," || token.kind === ";" ||
        token.kind === ")"
      ) break;
      if (token.kind === "one-of") break;
      const atom = this.parseAtom();
      if (!atom) continue;
      const before = items.at(-1);
      if (atom.kind === "text" && /^recommended\b/i.test(atom.text) && before && before.kind !== "text") {
        // "(GRSCH622 recommended)": advice, not a requirement.
        items.pop();
        items.push({ kind: "info", text: `${describe(before)} ${atom.text}` });
      } else if (before && (atom as Parenthesized).alternative) {
        items.pop();
        items.push({ kind: "or", items: [before, atom] });
      } else if (before?.kind === "text" && (atom as Parenthesized).parenthesized && namesCourse(atom)) {
        // "First-Year Writing Seminar (e.g., WR 100 or WR 120)", "(WR120)": the courses are examples of the requirement.
        items.pop();
        items.push({ kind: "or", items: [before, ...(atom.kind === "or" ? atom.items : [atom])] });
      } else if (atom.kind === "text" && TIMING.test(atom.text) && items.some((item) => item.kind !== "text")) {
        // "QST AC221 previous or concurrent": when, not what; the course is the requirement.
      } else items.push(atom);
    }
    // "consent of instructor for students concurrently taking MA 123": a course taken alongside is a condition, not a prerequisite.
    if (
      items.some((item) => item.kind === "text" && /\bconcurrent/i.test(item.text)) && items.some(namesCourse) &&
      this.i > first
    ) {
      const start = this.tokens[first].start;
      const end = this.tokens[this.i - 1].end;
      return { kind: "text", text: this.body.slice(start, end), start, end };
    }
    return items.length <= 1 ? items[0] ?? null : { kind: "and", items };
  }

  private parseAtom(): Node | null {
    const token = this.tokens[this.i++];
    switch (token.kind) {
      case "course": {
        const written = token.course.college !== "";
        const course = this.place({
          ...token.course,
          college: token.course.college || this.last?.college || this.context.owner,
        }, written);
        this.last = course;
        return { kind: "course", code: codeOf(course) };
      }
      case "number":
        if (!this.last) return null;
        this.last = this.place({ ...this.last, number: token.number }, false);
        return { kind: "course", code: codeOf(this.last) };
      case "word": {
        let end = token.end;
        while (this.peek()?.kind === "word") end = (this.tokens[this.i++] as { end: number }).end;
        return { kind: "text", text: this.body.slice(token.start, end), start: token.start, end };
      }
      case "(": {
        // "(or equivalent)": an alternative to what stands before it.
        const alternative = this.peek()?.kind === "or";
        const example = this.peek()?.kind === "example";
        if (example) {
          this.i++;
          if (this.peek()?.kind === ",") this.i++;
        }
        const inner = this.parseParenthesized();
        if (this.peek()?.kind === ")") this.i++;
        if (!inner) return null;
        const node: Parenthesized = { ...inner, parenthesized: true, alternative };
        return node;
      }
      case "example":
        return null;
      default:
        return null;
    }
  }

  /** Inside parentheses: a list, with semicolons read as "and". */
  private parseParenthesized(): Node | null {
    const items: Node[] = [];
    while (this.i < this.tokens.length && this.peek()?.kind !== ")") {
      if (this.peek()?.kind === ";") {
        this.i++;
        continue;
      }
      const start = this.i;
      const item = this.parseList();
      if (item) items.push(item);
      if (this.i === start) this.i++;
    }
    return items.length <= 1 ? items[0] ?? null : { kind: "and", items };
  }
}

/** Words that say when a course was taken, not what. */
const TIMING = /^(?:previous(?:ly)?|prior|completed)$/i;

type Parenthesized = Node & { parenthesized: true; alternative: boolean };

function namesCourse(node: Node): boolean {
  return node.kind === "course" || ((node.kind === "and" || node.kind === "or") && node.items.some(namesCourse));
}

/** After "one of the following", commas and "and"s list alternatives. */
function asAlternatives(node: Node): Node {
  if (node.kind === "and") return { kind: "or", items: node.items };
  return node;
}

function describe(node: Node): string {
  if (node.kind === "course") return node.code;
  if (node.kind === "text" || node.kind === "info") return node.text;
  return node.items.map(describe).join(node.kind === "and" ? " and " : " or ");
}

type Literal = { course: string } | { text: string; start: number; end: number };
type Clause = Literal[];

/** The tree as an AND of ORs; null when that would take more than MAX_GROUPS groups. Information nodes are always true. */
function toClauses(node: Node, info: string[]): Clause[] | null {
  switch (node.kind) {
    case "course":
      return [[{ course: node.code }]];
    case "text":
      return [[{ text: node.text, start: node.start, end: node.end }]];
    case "info":
      info.push(node.text);
      return [];
    case "and": {
      const all: Clause[] = [];
      for (const item of node.items) {
        const clauses = toClauses(item, info);
        if (!clauses) return null;
        all.push(...clauses);
      }
      return all.length > MAX_GROUPS ? null : all;
    }
    case "or": {
      let product: Clause[] = [[]];
      for (const item of node.items) {
        const clauses = toClauses(item, info);
        if (!clauses) return null;
        // Something always true makes the whole alternative true.
        if (clauses.length === 0) return [];
        product = product.flatMap((left) => clauses.map((right) => [...left, ...right]));
        if (product.length > MAX_GROUPS) return null;
      }
      return product;
    }
  }
}

const literalKey = (l: Literal) => "course" in l ? `c:${l.course}` : `t:${l.text.toLowerCase()}`;

/** Drops repeated literals, repeated clauses and clauses implied by a smaller one ((A) and (A or B) is just A). */
function simplify(clauses: Clause[]): Clause[] {
  const unique = clauses.map((clause) => {
    const seen = new Set<string>();
    return clause.filter((l) => !seen.has(literalKey(l)) && !!seen.add(literalKey(l)));
  });
  const keys = unique.map((clause) => new Set(clause.map(literalKey)));
  return unique.filter((_, i) =>
    !keys.some((other, j) =>
      j !== i && other.size <= keys[i].size && [...other].every((k) => keys[i].has(k)) &&
      (other.size < keys[i].size || j < i)
    )
  );
}

const tidy = (text: string) => text.replace(/\s+/g, " ").replace(/^[\s,:;.]+|[\s,:;.]+$/g, "");

type Span = { text: string; start: number; end: number };

/** Conditions that stand together in the text ("For Traditional Track and HSE Students") are said as one, in its words. */
function joinRequired(body: string, spans: Span[]): string[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const span of sorted) {
    const last = out.at(-1);
    if (last && span.start >= last.end && /^[\s,]*(?:and|&)?[\s,]*$/i.test(body.slice(last.end, span.start))) {
      out[out.length - 1] = { text: tidy(body.slice(last.start, span.end)), start: last.start, end: span.end };
    } else out.push(span);
  }
  return out.map((span) => span.text);
}

/** Words of one group or condition, in the text's own words where they stand together ("100- or 200-level"), else joined by "or". */
function wordsOf(body: string, texts: { text: string; start: number; end: number }[]): string {
  const sorted = [...texts].sort((a, b) => a.start - b.start);
  let out = sorted[0]?.text ?? "";
  for (let k = 1; k < sorted.length; k++) {
    const between = body.slice(sorted[k - 1].end, sorted[k].start);
    out += sorted[k].start >= sorted[k - 1].end && !/\band\b|[;.&()]|[A-Z]{2}\s?\d{3}/i.test(between)
      ? between
      : " or ";
    out += sorted[k].text;
  }
  return tidy(out);
}

/**
 * Reads one prerequisite text. `college` is the college of the course the
 * text belongs to (a code without a college, "CS 111", means the college of
 * the course named before it, or this one); `colleges` are the college codes
 * of the catalog, so "AND CS 111" is not read as a college named AND.
 */
export function parsePrerequisites(
  text: string | null | undefined,
  college: string,
  colleges: ReadonlySet<string>,
  catalog?: ReadonlySet<string>,
): ParsedPrerequisites {
  const empty: ParsedPrerequisites = { groups: [], note: null, conditions: false, coverage: "none" };
  if (!text || !text.trim()) return empty;
  const notes: string[] = [];
  /** Corequisites and advice, said after the rest. */
  const asides: string[] = [];
  // "eith er", "O r": words the catalog's line breaks split, which would read as two.
  let body = text.replace(LABEL, ";").replace(/\beith er\b/g, "either").replace(/\b[Oo] r\b/g, "or");
  const corequisite = COREQUISITE.exec(body);
  if (corequisite) {
    asides.unshift(tidy(corequisite[0]));
    body = body.slice(0, corequisite.index);
  }
  const recommended = RECOMMENDED.exec(body);
  if (recommended) {
    asides.unshift(tidy(recommended[0]));
    body = body.slice(0, recommended.index);
  }
  const tree = new Parser(tokenize(body, colleges), body, { owner: college, catalog }).parseText();
  const info: string[] = [];
  const clauses = tree ? toClauses(tree, info) : [];
  if (clauses === null) {
    // Too tangled to be groups: the text stays as it is.
    return { groups: [], note: tidy(text), conditions: true, coverage: "none" };
  }
  const groups: PrerequisiteGroup[] = [];
  const required: Span[] = [];
  const alternatives: string[] = [];
  for (const clause of simplify(clauses)) {
    const codes = clause.flatMap((l) => "course" in l ? [l.course] : []);
    const texts = clause.flatMap((l) => "text" in l && tidy(l.text) ? [l] : []);
    const words = wordsOf(body, texts);
    if (codes.length) {
      groups.push({ codes, alternative: texts.length > 0 });
      if (words) alternatives.push(`or ${words}`);
    } else if (words) {
      required.push({
        text: words,
        start: Math.min(...texts.map((t) => t.start)),
        end: Math.max(...texts.map((t) => t.end)),
      });
    }
  }
  const conditions = required.length > 0;
  notes.push(...joinRequired(body, required), ...alternatives, ...info.map(tidy), ...asides);
  const open = conditions || (corequisite !== null && !groups.length);
  // No course found: the text is the note, as written.
  const note = groups.length === 0 ? tidy(text) || null : [...new Set(notes.filter(Boolean))].join("; ") || null;
  return { groups, note, conditions: open, coverage: groups.length === 0 ? "none" : conditions ? "partial" : "full" };
}

/**
 * Whether a student who has taken `taken` (course codes) may take the course:
 * met when every group is met (a group's alternative changes nothing then);
 * unmet when a group is unmet and offers no alternative; unknown otherwise:
 * an unmet group that allows "or equivalent" or "or consent", or a condition
 * the site cannot check.
 */
export function eligibilityOf(
  parsed: Pick<ParsedPrerequisites, "groups" | "conditions">,
  taken: ReadonlySet<string>,
): Eligibility {
  let unsure = parsed.conditions;
  for (const group of parsed.groups) {
    if (group.codes.some((code) => taken.has(code))) continue;
    if (!group.alternative) return "unmet";
    unsure = true;
  }
  return unsure ? "unknown" : "met";
}
