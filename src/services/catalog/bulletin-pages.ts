/**
 * Parsing of BU's public course bulletin (www.bu.edu/academics/{college}/courses/).
 * A college's course list page gives links to course pages and to further list
 * pages; a course page gives one course in the catalog file shape. Pure
 * functions over HTML text and the positions of its tags (no DOM), the tags
 * read in one pass by htmlparser2's tokenizer (src/lib/html-text.ts), so that a
 * page of tags that never close costs no more than any page of its length;
 * tolerant of the bulletin's variations: the code in an <h2> after the title's <h1>, the text in
 * #course-content, prerequisites inline ("Undergraduate Prerequisites: … - …"),
 * in their own paragraph or in the info box, and Hub areas in
 * ul.cf-hub-offerings or in a "this course fulfills … BU Hub areas: …" sentence.
 * A course page also lists the sections of the current and next term, one
 * div.cf-course-schedule per term ("FALL 2025 Schedule" and a table of Section,
 * Instructor, Location, Schedule and sometimes Notes or Type), read into the
 * class schedule's sections.
 */
import { HUB_AREAS } from "../../lib/hub-areas.ts";
import { type HtmlTag, scanHtml } from "../../lib/html-text.ts";
import { termCode, termName } from "../../lib/term-codes.ts";
import {
  dayLetters,
  inWeekOrder,
  type ScheduleMeeting,
  type ScheduleSection,
  scheduleSection,
  timeSpan,
} from "../schedule/registrar-csv.ts";

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
  | {
    ok: true;
    course: BulletinCourse;
    unknownHubAreas: string[];
    /** The sections of the page's schedule tables, term by term in page order. */
    sections: ScheduleSection[];
    /** Schedule tables and rows that could not be read and were left out, with why. */
    scheduleProblems: string[];
  }
  | { ok: false; reason: string };

type Element = { attrs: Record<string, string>; start: number; end: number; inner: string };

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

/** The tags of the last few texts read: a page is asked for its elements of one tag after another. */
const recentTags = new Map<string, HtmlTag[]>();

/** The tags of `html` in order, read once. */
function tagsOf(html: string): HtmlTag[] {
  let tags = recentTags.get(html);
  if (tags) return tags;
  tags = [];
  const found = tags;
  scanHtml(html, { tag: (tag) => void found.push(tag) });
  recentTags.set(html, tags);
  if (recentTags.size > 4) recentTags.delete(recentTags.keys().next().value!);
  return tags;
}

/** Elements whose content never reads as content. */
const NOISE = new Set(["script", "style", "template", "noscript"]);

/**
 * Comments, scripts, styles, templates and noscript removed, so their text never reads as content. One that never
 * closes runs to the end of the page, as in a browser.
 */
function withoutNoise(html: string): string {
  const page = html.replace(/<!--[\s\S]*?(?:-->|$)/g, "");
  const ranges: { start: number; end: number }[] = [];
  let open: { name: string; start: number; depth: number } | null = null;
  for (const tag of tagsOf(page)) {
    if (!open) {
      if (!tag.close && NOISE.has(tag.name)) open = { name: tag.name, start: tag.start, depth: 0 };
    } else if (tag.name === open.name) {
      if (!tag.close) open.depth++;
      else if (open.depth-- === 0) {
        ranges.push({ start: open.start, end: tag.end });
        open = null;
      }
    }
  }
  if (open) ranges.push({ start: open.start, end: page.length });
  return ranges.length ? withoutRanges(page, ranges) : page;
}

/**
 * Every `tag` element in document order, matched open to close (nesting of the
 * same tag counts). An unclosed <p> ends where the next <p> opens, as in HTML;
 * other unclosed elements are left out.
 */
function elements(html: string, tag: string, tags = tagsOf(html)): Element[] {
  const found: Element[] = [];
  const open: { attrs: Record<string, string>; start: number; innerStart: number }[] = [];
  const close = (at: number, end: number) => {
    const opened = open.pop();
    if (opened) found.push({ attrs: opened.attrs, start: opened.start, end, inner: html.slice(opened.innerStart, at) });
  };
  for (const token of tags) {
    if (token.name !== tag) continue;
    if (token.close) {
      close(token.start, token.end);
    } else if (!token.selfClosing) {
      if (tag === "p" && open.length) close(token.start, token.start);
      open.push({ attrs: token.attributes, start: token.start, innerStart: token.end });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

function hasClass(element: Element, name: string): boolean {
  return (element.attrs.class ?? "").split(/\s+/).includes(name);
}

/** The element carrying `id`, whatever its tag. */
function elementById(html: string, id: string): Element | undefined {
  const tags = tagsOf(html);
  const carrier = tags.find((tag) => !tag.close && tag.attributes.id === id);
  return carrier && elements(html, carrier.name, tags).find((e) => e.start === carrier.start);
}

/** The same HTML without the given elements and everything inside them, each leaving a space. */
function withoutElements(html: string, names: string[]): string {
  let result = html;
  for (const name of names) result = withoutRanges(result, elements(result, name));
  return result;
}

/** Readable text: tags removed (block tags leave a space), entities decoded, whitespace collapsed. */
function textOf(html: string): string {
  // Most cells and headings are text without markup or entities.
  if (!html.includes("<") && !html.includes("&")) return html.replace(/[\s\u00a0]+/g, " ").trim();
  const pieces: string[] = [];
  scanHtml(html, {
    text: (text) => void pieces.push(text),
    tag: ({ name }) => void (INLINE_TAGS.has(name) || pieces.push(" ")),
  });
  return pieces.join("").replace(/[\s\u00a0]+/g, " ").trim();
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
  /(?:Effective\s+(?:Fall|Spring|Summer)(?:\s+\d)?\s+\d{4},?\s*)?this course fulfills\b[^:.]{0,300}?\bBU Hub areas?\b\s*:?\s*([^.]*)\.?/gi;
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
  const whole = withoutNoise(html);
  const scheduleBlocks = elements(whole, "div").filter((div) => hasClass(div, "cf-course-schedule"));
  // The course is read without its schedule, so that no note of a section reads as its description.
  const page = withoutRanges(whole, scheduleBlocks);
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

  const course = {
    college: college.toUpperCase(),
    department: department.toUpperCase(),
    number: number.toUpperCase(),
    title,
    description,
    prerequisites,
    has_prerequisites: prerequisites !== null,
    hub_units: [...new Set(hubUnits)],
  };
  const schedule = parseSchedule(scheduleBlocks, course);
  return { ok: true, course, unknownHubAreas, sections: schedule.sections, scheduleProblems: schedule.problems };
}

/** The HTML without the given elements (outermost ones, not overlapping), each leaving a space. */
function withoutRanges(html: string, ranges: { start: number; end: number }[]): string {
  let result = "";
  let at = 0;
  for (const range of [...ranges].sort((a, b) => a.start - b.start)) {
    if (range.start < at) continue;
    result += html.slice(at, range.start) + " ";
    at = range.end;
  }
  return result + html.slice(at);
}

type ScheduleColumn = "section" | "instructor" | "location" | "schedule" | "notes" | "type";

/** Column headings of a schedule table; a table without a heading row has the first five in this order. */
const SCHEDULE_COLUMNS: [ScheduleColumn, RegExp][] = [
  ["section", /^sec(?:tion|\.)?$/i],
  ["instructor", /^instructors?$/i],
  ["location", /^(?:location|room)$/i],
  ["schedule", /^(?:schedule|days?(?:\s*(?:&|and)\s*times?)?|meets)$/i],
  ["notes", /^notes?$/i],
  ["type", /^(?:type|class type|component)$/i],
];

/** A cell that names no one, no place or no time yet. */
const NOT_SET = /^(?:|tba|tbd|tba\/tbd|arranged|to be arranged|staff|n\/a|-+|\u2013|\u2014)$/i;
/** "TR 11:00 am-12:15 pm", "MWF 10:10am – 11:00am", "Mon, Wed 2:30 pm-3:45 pm", "F" (days without times). */
const MEETING_TEXT =
  /^([A-Za-z][A-Za-z ,]*?)(?:\s*,?\s+(\d{1,2}:\d{2}\s*[ap]\.?m\.?)\s*(?:-|\u2010|\u2011|\u2012|\u2013|\u2014|to)\s*(\d{1,2}:\d{2}\s*[ap]\.?m\.?))?$/i;

/** "FALL 2025 Schedule" → 2258; null when the heading names no term. */
function termOfHeading(text: string): number | null {
  const match = /\b(spring|summer|fall)\s+(20\d\d)\b/i.exec(text);
  return match ? termCode(`${match[1]} ${match[2]}`) : null;
}

/** A cell's lines: split at line breaks, paragraphs and list items, each as readable text, empty ones left out. */
function cellLines(html: string): string[] {
  return html.split(/<br\s*\/?>|<\/(?:p|div|li)\s*>/i).map(textOf).filter(Boolean);
}

/**
 * One meeting pattern's days and times, or why it cannot be read; null for "Arranged", "TBA" and the like, which
 * name no meeting. Day letters are the bulletin's (M T W R F S U); day names ("Mon Wed") are read too.
 */
function meetingOf(text: string): { days: string; startMinute: number | null; endMinute: number | null } | {
  problem: string;
} | null {
  if (NOT_SET.test(text)) return null;
  const match = MEETING_TEXT.exec(text);
  if (!match) return { problem: `unreadable schedule "${text}"` };
  const dayText = match[1].trim();
  const days = /^[MTWRFSU]+$/.test(dayText) ? inWeekOrder(dayText) : dayLetters(
    dayText.replace(/,/g, " ").replace(
      /\b(\w)(\w\w)\w*/g,
      (_, first: string, rest: string) => first.toUpperCase() + rest.toLowerCase(),
    ),
  );
  if (!days) return { problem: `unreadable days in "${text}"` };
  const clock = (time: string | undefined) => (time ?? "").replace(/\./g, "").replace(/\s+/g, "");
  const span = timeSpan(clock(match[2]), clock(match[3]));
  if ("problem" in span) return { problem: `${span.problem} in "${text}"` };
  return { days, ...span };
}

/**
 * The sections of a course page's schedule blocks. Each table belongs to the term its caption or the heading before
 * it names; a table under a heading that names no term is left out with a problem. A row's instructors are last names
 * separated by commas or slashes ("Staff" and "TBA" are none), its Schedule cell one meeting pattern per line or per
 * ";" (with the Location cell's line of the same place, or its only line), its Type, where the table has one, whether
 * it is a section to register for (DIS and LAB are not). A row without a section continues the one before; a row of
 * one cell is a note of the section before. The bulletin gives no seats, status, class numbers or credits.
 */
function parseSchedule(
  blocks: Element[],
  course: { college: string; department: string; number: string },
): { sections: ScheduleSection[]; problems: string[] } {
  const problems: string[] = [];
  const byKey = new Map<string, ScheduleSection>();
  for (const block of blocks) {
    const tables = elements(block.inner, "table");
    const inTable = (at: number) => tables.some((table) => table.start <= at && at < table.end);
    const headings = ["h2", "h3", "h4", "h5", "h6"].flatMap((tag) => elements(block.inner, tag))
      .filter((heading) => !inTable(heading.start)).sort((a, b) => a.start - b.start);
    for (const table of tables) {
      if (tables.some((outer) => outer !== table && outer.start < table.start && table.end <= outer.end)) continue;
      const caption = elements(table.inner, "caption").map((c) => textOf(c.inner)).find(Boolean);
      const heading = caption ?? headings.filter((h) => h.end <= table.start).map((h) => textOf(h.inner)).at(-1);
      const term = heading ? termOfHeading(heading) : null;
      if (term === null) {
        problems.push(
          heading
            ? `schedule table under "${heading}" left out: the heading names no term`
            : "schedule table left out: no heading names its term",
        );
        continue;
      }
      readScheduleTable(table.inner, term, course, byKey, problems);
    }
  }
  return { sections: [...byKey.values()], problems };
}

function readScheduleTable(
  table: string,
  term: number,
  course: { college: string; department: string; number: string },
  byKey: Map<string, ScheduleSection>,
  problems: string[],
): void {
  const label = termName(term)!;
  const rows = elements(table, "tr").map((tr) => ({
    header: elements(tr.inner, "th").length > 0 && elements(tr.inner, "td").length === 0,
    cells: [...elements(tr.inner, "td"), ...elements(tr.inner, "th")].sort((a, b) => a.start - b.start).map((c) =>
      c.inner
    ),
  }));
  const headerRow = rows.find((row) => row.header);
  const columns: (ScheduleColumn | undefined)[] = headerRow
    ? headerRow.cells.map((cell) => SCHEDULE_COLUMNS.find(([, pattern]) => pattern.test(textOf(cell)))?.[0])
    : ["section", "instructor", "location", "schedule", "notes"];
  if (!columns.includes("section") || !columns.includes("schedule")) {
    problems.push(`${label} schedule table left out: no Section or Schedule column`);
    return;
  }
  let previous: ScheduleSection | undefined;
  for (const row of rows) {
    if (row.header || !row.cells.length) continue;
    const cell = (name: ScheduleColumn) => {
      const index = columns.indexOf(name);
      return index >= 0 ? row.cells[index] ?? "" : "";
    };
    if (row.cells.length === 1) {
      const note = textOf(row.cells[0]);
      if (previous && note) previous.notes = previous.notes ? `${previous.notes}\n${note}` : note;
      continue;
    }
    const name = textOf(cell("section"));
    if (!name && !previous) {
      problems.push(`${label}: a schedule row without a section left out`);
      continue;
    }
    const patterns = cellLines(cell("schedule")).flatMap((line) => line.split(";")).map((p) => p.trim())
      .filter(Boolean);
    const places = cellLines(cell("location")).map((place) => NOT_SET.test(place) ? null : place);
    const meetings: ScheduleMeeting[] = [];
    const unreadable: string[] = [];
    patterns.forEach((pattern, i) => {
      const meeting = meetingOf(pattern);
      if (meeting === null) return;
      if ("problem" in meeting) return void unreadable.push(meeting.problem);
      const room = (places.length === patterns.length ? places[i] : places.length === 1 ? places[0] : null) ?? null;
      meetings.push({ ...meeting, room, startDate: null, endDate: null });
    });
    if (unreadable.length) {
      problems.push(`${label} section ${name || previous!.section} left out: ${unreadable.join("; ")}`);
      continue;
    }
    const instructors = cellLines(cell("instructor")).flatMap((line) => line.split(/[,/;]/))
      .map((n) => n.trim()).filter((n) => !NOT_SET.test(n)).map((lastName) => ({ lastName, firstName: "" }));
    const notes = textOf(cell("notes")) || null;
    let section = name ? byKey.get(`${term} ${name}`) : previous;
    if (!section) {
      section = scheduleSection({
        term,
        college: course.college,
        department: course.department,
        number: course.number,
        section: name,
        enrollment: !/^(?:dis|lab)/i.test(textOf(cell("type"))),
        notes,
      });
      byKey.set(`${term} ${name}`, section);
    } else if (notes && !section.notes) {
      section.notes = notes;
    }
    for (const person of instructors) {
      if (!section.instructors.some((i) => i.lastName === person.lastName)) section.instructors.push(person);
    }
    for (const meeting of meetings) {
      const same = (m: ScheduleMeeting) =>
        m.days === meeting.days && m.startMinute === meeting.startMinute && m.endMinute === meeting.endMinute &&
        m.room === meeting.room;
      if (!section.meetings.some(same)) section.meetings.push(meeting);
    }
    previous = section;
  }
}
