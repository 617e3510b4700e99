/**
 * Parsing of BU's public course bulletin (www.bu.edu/academics/{college}/courses/).
 * A college's course list page gives links to course pages and to further list
 * pages; a course page gives one course in the catalog file shape. Pure
 * functions over HTML text with a small tag scanner (no DOM), tolerant of the
 * bulletin's variations: the code in an <h2> after the title's <h1>, the text in
 * #course-content, prerequisites inline ("Undergraduate Prerequisites: … - …"),
 * in their own paragraph or in the info box, and Hub areas in
 * ul.cf-hub-offerings or in a "this course fulfills … BU Hub areas: …" sentence.
 */
import { HUB_AREAS } from "../../lib/hub-areas.ts";

/** A course as the catalog import takes it (the bu_courses.json shape). */
export type BulletinCourse = {
  college: string;
  department: string;
  number: string;
  title: string;
  description: string | null;
  prerequisites: string | null;
  has_prerequisites: boolean;
  hub_units: string[];
};

export type CoursePage =
  | { ok: true; course: BulletinCourse; unknownHubAreas: string[] }
  | { ok: false; reason: string };

type Element = { attrs: Record<string, string>; start: number; end: number; inner: string };

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const INLINE_TAGS = new Set([
  "a",
  "abbr",
  "b",
  "cite",
  "code",
  "em",
  "i",
  "mark",
  "q",
  "s",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "u",
  "wbr",
]);

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ensp: " ",
  emsp: " ",
  thinsp: " ",
  shy: "",
  ndash: "\u2013",
  mdash: "\u2014",
  lsquo: "\u2018",
  rsquo: "\u2019",
  sbquo: "\u201a",
  ldquo: "\u201c",
  rdquo: "\u201d",
  laquo: "\u00ab",
  raquo: "\u00bb",
  hellip: "\u2026",
  bull: "\u2022",
  middot: "\u00b7",
  copy: "\u00a9",
  reg: "\u00ae",
  trade: "\u2122",
  aacute: "\u00e1",
  eacute: "\u00e9",
  iacute: "\u00ed",
  oacute: "\u00f3",
  uacute: "\u00fa",
  agrave: "\u00e0",
  egrave: "\u00e8",
  ccedil: "\u00e7",
  ntilde: "\u00f1",
  auml: "\u00e4",
  ouml: "\u00f6",
  uuml: "\u00fc",
};

/** Decodes character references: named (the common ones), decimal and hexadecimal. Unknown names stay as written. */
function decodeEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]+|#\d+|[a-zA-Z][a-zA-Z0-9]*);/g, (whole, name: string) => {
    if (name[0] !== "#") return NAMED_ENTITIES[name] ?? whole;
    const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
    return valid ? String.fromCodePoint(code) : "\ufffd";
  });
}

/** Comments, scripts and styles removed, so their text never reads as content. */
function withoutNoise(html: string): string {
  return html.replace(/<!--[\s\S]*?(?:-->|$)/g, "").replace(
    /<(script|style|template|noscript)\b[\s\S]*?<\/\1\s*>/gi,
    "",
  );
}

function parseAttributes(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of source.matchAll(/([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    attrs[m[1].toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? "");
  }
  return attrs;
}

/**
 * Every `tag` element in document order, matched open to close (nesting of the
 * same tag counts). An unclosed <p> ends where the next <p> opens, as in HTML;
 * other unclosed elements are left out.
 */
function elements(html: string, tag: string): Element[] {
  const found: Element[] = [];
  const open: { attrs: Record<string, string>; start: number; innerStart: number }[] = [];
  const close = (at: number, end: number) => {
    const opened = open.pop();
    if (opened) found.push({ attrs: opened.attrs, start: opened.start, end, inner: html.slice(opened.innerStart, at) });
  };
  for (const match of html.matchAll(TAG)) {
    if (match[2].toLowerCase() !== tag) continue;
    const at = match.index;
    if (match[1]) {
      close(at, at + match[0].length);
    } else if (!match[3].trimEnd().endsWith("/")) {
      if (tag === "p" && open.length) close(at, at);
      open.push({ attrs: parseAttributes(match[3]), start: at, innerStart: at + match[0].length });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

function hasClass(element: Element, name: string): boolean {
  return (element.attrs.class ?? "").split(/\s+/).includes(name);
}

/** The element carrying `id`, whatever its tag. */
function elementById(html: string, id: string): Element | undefined {
  for (const match of html.matchAll(TAG)) {
    if (match[1] || parseAttributes(match[3]).id !== id) continue;
    return elements(html, match[2].toLowerCase()).find((e) => e.start === match.index);
  }
  return undefined;
}

/** The same HTML without the given elements and everything inside them, innermost first. */
function withoutElements(html: string, tags: string[]): string {
  let result = html;
  for (const tag of tags) {
    const innermost = new RegExp(`<${tag}\\b[^>]*>(?:(?!<${tag}\\b)[\\s\\S])*?</${tag}\\s*>`, "gi");
    for (let before = ""; before !== result;) {
      before = result;
      result = result.replace(innermost, " ");
    }
  }
  return result;
}

/** Readable text: tags removed (block tags leave a space), entities decoded, whitespace collapsed. */
function textOf(html: string): string {
  const flat = html.replace(TAG, (_whole, _close, name: string) => INLINE_TAGS.has(name.toLowerCase()) ? "" : " ");
  return decodeEntities(flat).replace(/[\s\u00a0]+/g, " ").trim();
}

const COURSE_SLUG = /^[a-z]{2,5}-[a-z]{1,5}-\d[a-z0-9]*$/i;

/** Path segments of a URL, without empty ones. */
function segments(url: URL): string[] {
  return url.pathname.split("/").filter(Boolean);
}

/** A course page: /…/courses/cas-aa-103/. */
function isCoursePageUrl(url: string): boolean {
  const parts = segments(new URL(url));
  return parts.length >= 2 && parts.at(-2) === "courses" && COURSE_SLUG.test(parts.at(-1)!);
}

/** A college course list page: /…/courses/ or /…/courses/2/. */
export function isListPageUrl(url: string): boolean {
  const parts = segments(new URL(url));
  if (parts.at(-1) === "courses") return true;
  return parts.length >= 2 && parts.at(-2) === "courses" && /^\d+$/.test(parts.at(-1)!);
}

/**
 * An absolute http(s) URL without query or fragment, its path ending in "/"
 * like the bulletin's, and page 1 of a list as the list's own address.
 */
function normalizeLink(href: string, pageUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(decodeEntities(href.trim()), pageUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  url.search = "";
  url.hash = "";
  if (!url.pathname.endsWith("/")) url.pathname += "/";
  url.pathname = url.pathname.replace(/\/courses\/1\/$/, "/courses/");
  return url.href;
}

function links(html: string, pageUrl: string): string[] {
  return elements(html, "a").map((a) => a.attrs.href ? normalizeLink(a.attrs.href, pageUrl) : undefined).filter((
    u,
  ): u is string => u !== undefined);
}

/**
 * The links of a course list page: its course pages (from ul.course-feed, or
 * from the whole page when there is none) and the other list pages it links to
 * (pagination). Links are not filtered by host or college; the crawler does that.
 */
export function parseCourseList(html: string, pageUrl: string): { courses: string[]; pages: string[] } {
  const page = withoutNoise(html);
  const feeds = elements(page, "ul").filter((ul) => hasClass(ul, "course-feed"));
  const feedHtml = feeds.length ? feeds.map((ul) => ul.inner).join("\n") : page;
  const self = normalizeLink(pageUrl, pageUrl);
  return {
    courses: [...new Set(links(feedHtml, pageUrl).filter(isCoursePageUrl))],
    pages: [...new Set(links(page, pageUrl).filter((u) => isListPageUrl(u) && u !== self))],
  };
}

/** Hub area names compared loosely: typographic apostrophes and dashes, spacing and case do not matter. */
function hubKey(name: string): string {
  return name.normalize("NFKC").replace(/[\u2018\u2019\u02bc`]/g, "'").replace(/[\u2010-\u2015]/g, "-").replace(
    /\s+/g,
    " ",
  ).trim().toLowerCase();
}

const HUB_BY_NAME = new Map(HUB_AREAS.map((area) => [hubKey(area.name), area.code]));
const HUB_LONGEST_FIRST = [...HUB_AREAS].sort((a, b) => b.name.length - a.name.length);

/** The Hub areas named anywhere in `text`, in the order they appear ("Social Inquiry I" never matches inside "… II"). */
function hubAreasNamedIn(text: string): string[] {
  let rest = hubKey(text);
  const found: { code: string; at: number }[] = [];
  for (const area of HUB_LONGEST_FIRST) {
    const name = hubKey(area.name).replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    const match = new RegExp(`(?<![\\w])${name}(?![\\w])`).exec(rest);
    if (!match) continue;
    found.push({ code: area.code, at: match.index });
    rest = rest.slice(0, match.index) + "|".repeat(match[0].length) + rest.slice(match.index + match[0].length);
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.code);
}

/** "Effective Fall 2019, this course fulfills a single unit in each of the following BU Hub areas: A, B." */
const HUB_SENTENCE =
  /(?:Effective\s+(?:Fall|Spring|Summer)(?:\s+\d)?\s+\d{4},?\s*)?this course fulfills\b[^:.]*?\bBU Hub areas?\b\s*:?\s*([^.]*)\.?/gi;
const PREREQ_LABEL = /\b(?:(?:Undergraduate|Graduate)\s+)?Pre-?requisites?\s*:\s*/i;
const CODE_HEADING = /^([A-Za-z]{2,5})\s+([A-Za-z]{1,5})\s+(\d[0-9A-Za-z.]*)(?:\s*[:\u2013\u2014-]\s*(.+))?$/;

function prerequisitesOrNull(text: string): string | null {
  const cleaned = text.replace(/^[\s\u2013\u2014-]+|[\s\u2013\u2014-]+$/g, "");
  return cleaned && !/^(?:none|n\/a|no prerequisites)\.?$/i.test(cleaned) ? cleaned : null;
}

/**
 * Splits the description paragraphs into description and prerequisites;
 * prerequisites are undefined when no paragraph names them, null when one says "None".
 */
function descriptionAndPrerequisites(
  paragraphs: string[],
): { description: string | null; prerequisites: string | null | undefined } {
  let description: string | null = null;
  let prerequisites: string | null | undefined;
  for (const paragraph of paragraphs) {
    let text = paragraph;
    const label = PREREQ_LABEL.exec(text);
    if (label && prerequisites === undefined) {
      const after = text.slice(label.index + label[0].length);
      if (label.index > 0) {
        prerequisites = prerequisitesOrNull(after);
        text = text.slice(0, label.index);
      } else {
        const dash = /\s[-\u2013\u2014]\s/.exec(after);
        prerequisites = prerequisitesOrNull(dash ? after.slice(0, dash.index) : after);
        text = dash ? after.slice(dash.index + dash[0].length) : "";
      }
    }
    const cleaned = text.replace(HUB_SENTENCE, " ").replace(/\s+/g, " ").trim();
    if (description === null && cleaned) description = cleaned;
  }
  return { description, prerequisites };
}

/** The prerequisites of the info box (<dt>Prerequisites</dt><dd>…</dd>), when it has them. */
function infoBoxPrerequisites(html: string): string | null | undefined {
  const terms = elements(html, "dt");
  const definitions = elements(html, "dd");
  const term = terms.find((dt) => /pre-?requisite/i.test(textOf(dt.inner)));
  if (!term) return undefined;
  const definition = definitions.find((dd) => dd.start >= term.end);
  return definition ? prerequisitesOrNull(textOf(definition.inner)) : undefined;
}

/**
 * One course page. A page without a course code heading or a title is not a
 * course page and is reported with the reason; the caller validates the course
 * against the catalog schema.
 */
export function parseCoursePage(html: string): CoursePage {
  const page = withoutNoise(html);
  const headings = ["h1", "h2", "h3"].flatMap((tag) =>
    elements(page, tag).map((e) => ({ ...e, tag, text: textOf(e.inner) }))
  )
    .sort((a, b) => a.start - b.start);
  const codeHeading = headings.find((h) => CODE_HEADING.test(h.text));
  if (!codeHeading) return { ok: false, reason: 'no course code heading (such as "CAS AA 103")' };
  const [, college, department, number, inlineTitle] = CODE_HEADING.exec(codeHeading.text)!;

  const titleHeading = headings.filter((h) => h.tag === "h1" && h.start < codeHeading.start && h.text).at(-1);
  const documentTitle = elements(page, "title").map((t) => textOf(t.inner).split(/\s+[|\u00ab\u2013\u2014]\s+/)[0])
    .find(Boolean);
  const title = inlineTitle?.trim() || titleHeading?.text || documentTitle;
  if (!title) return { ok: false, reason: `no course title for ${college} ${department} ${number}` };

  const content = elementById(page, "course-content")?.inner;
  const body = content ?? page.slice(codeHeading.end);
  const paragraphs = elements(
    content ? withoutElements(body, ["div", "ul", "ol", "dl", "table", "aside", "section"]) : body,
    "p",
  )
    .map((p) => textOf(p.inner)).filter(Boolean);
  const { description, prerequisites: inText } = descriptionAndPrerequisites(paragraphs);
  const prerequisites = inText !== undefined ? inText : infoBoxPrerequisites(body) ?? null;

  const unknownHubAreas: string[] = [];
  const listed = elements(page, "ul").filter((ul) => hasClass(ul, "cf-hub-offerings")).flatMap((ul) =>
    elements(ul.inner, "li")
  )
    .map((li) => textOf(li.inner)).filter(Boolean);
  let hubUnits: string[];
  if (listed.length) {
    hubUnits = listed.flatMap((name) => {
      const code = HUB_BY_NAME.get(hubKey(name).replace(/[.;,]+$/, ""));
      if (code) return [code];
      const named = hubAreasNamedIn(name);
      if (!named.length) unknownHubAreas.push(name);
      return named;
    });
  } else {
    const sentences = [...textOf(body).matchAll(HUB_SENTENCE)].map((m) => m[1]);
    hubUnits = sentences.length ? hubAreasNamedIn(sentences.at(-1)!) : [];
  }

  return {
    ok: true,
    course: {
      college: college.toUpperCase(),
      department: department.toUpperCase(),
      number: number.toUpperCase(),
      title,
      description,
      prerequisites,
      has_prerequisites: prerequisites !== null,
      hub_units: [...new Set(hubUnits)],
    },
    unknownHubAreas,
  };
}
