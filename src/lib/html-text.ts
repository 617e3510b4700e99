/**
 * HTML read in one pass over the input whatever its markup, by htmlparser2's tokenizer: a state machine that reads
 * each character once, so a cell of 40,000 unclosed `<a href` takes as long as any cell of its length (a regular
 * expression that looks for each tag's end from each `<` reads the rest of the input again for every one of them).
 * Tags are read as a browser reads them: a tag that never closes runs to the end of the input and shows nothing,
 * script and style hold text only, entities are decoded. htmlparser2's Parser, which keeps a stack of open elements,
 * is not used: it looks through that stack for every closing tag, which an input of thousands of open elements and
 * stray closing tags turns quadratic.
 */
import { QuoteType, Tokenizer } from "htmlparser2";

/** A tag as the input writes it: where it starts and ends (after its `>`), and its attributes, entities decoded. */
export type HtmlTag = {
  start: number;
  end: number;
  name: string;
  close: boolean;
  /** Written `<tag … />`. */
  selfClosing: boolean;
  attributes: Record<string, string>;
};

/** What `scanHtml` reports, in the input's order. */
export type HtmlEvents = {
  tag?(tag: HtmlTag): void;
  /** Text between tags, entities decoded, in pieces. */
  text?(text: string): void;
};

/**
 * Reads `html` once, reporting each tag and each piece of text. A tag left open at the end of the input (no `>`) is
 * not a tag; what follows a `<` that starts no tag is text; comments are neither.
 */
export function scanHtml(html: string, events: HtmlEvents): void {
  let tag: HtmlTag | null = null;
  let attribute: { name: string; value: string } | null = null;
  const endTag = (at: number, selfClosing: boolean) => {
    if (!tag) return;
    tag.end = at + 1;
    tag.selfClosing = selfClosing;
    events.tag?.(tag);
    tag = null;
  };
  const tokenizer = new Tokenizer({ decodeEntities: true }, {
    ontext(start, end) {
      if (end > start) events.text?.(html.slice(start, end));
    },
    ontextentity(codePoint) {
      events.text?.(String.fromCodePoint(codePoint));
    },
    onopentagname(start, end) {
      // The name follows the tag's "<".
      tag = {
        start: start - 1,
        end,
        name: html.slice(start, end).toLowerCase(),
        close: false,
        selfClosing: false,
        attributes: {},
      };
    },
    onattribname(start, end) {
      attribute = { name: html.slice(start, end).toLowerCase(), value: "" };
    },
    onattribdata(start, end) {
      if (attribute) attribute.value += html.slice(start, end);
    },
    onattribentity(codePoint) {
      if (attribute) attribute.value += String.fromCodePoint(codePoint);
    },
    onattribend(_quote: QuoteType) {
      // The first of two attributes of the same name counts, as in a browser.
      if (tag && attribute && !(attribute.name in tag.attributes)) tag.attributes[attribute.name] = attribute.value;
      attribute = null;
    },
    onopentagend(at) {
      endTag(at, false);
    },
    onselfclosingtag(at) {
      endTag(at, true);
    },
    onclosetag(start, end) {
      // The name follows "</" and ends at the tag's ">" or at a space; the tokenizer passes what follows up to the ">"
      // without a word, so finding that ">" reads only characters no other tag reads.
      const close = html.indexOf(">", end);
      events.tag?.({
        start: start - 2,
        end: close < 0 ? html.length : close + 1,
        name: html.slice(start, end).toLowerCase(),
        close: true,
        selfClosing: false,
        attributes: {},
      });
    },
    oncomment() {},
    oncdata() {},
    ondeclaration() {},
    onprocessinginstruction() {},
    onend() {},
  });
  tokenizer.write(html);
  tokenizer.end();
}

/** Elements whose end (or, for br, whose start) is a line break in the text. */
const LINE_BREAKS = new Set(["br", "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6"]);
/** Elements whose content is never text a reader sees. */
const HIDDEN = new Set(["script", "style", "template", "noscript"]);

/**
 * The text of `html`: a link becomes its text and its address ("the topics (https://…)", or the address alone when
 * it is its own text), a line break, paragraph or list item ends a line, other markup goes. The text's own spaces and
 * line breaks stay as written; spaces before a line break and at either end go.
 */
export function htmlToText(html: string): string {
  // Most notes have neither tags nor entities.
  if (!html.includes("<") && !html.includes("&")) return trimLines(html);
  const out: string[] = [];
  /** The characters in `out`, so that a link's text is measured without reading it again. */
  let written = 0;
  const push = (text: string) => {
    out.push(text);
    written += text.length;
  };
  const links: { href: string; from: number; fromLength: number }[] = [];
  const hidden: string[] = [];
  scanHtml(html, {
    text(text) {
      if (!hidden.length) push(text);
    },
    tag({ name, close, attributes }) {
      if (HIDDEN.has(name)) {
        if (!close) hidden.push(name);
        else if (hidden.at(-1) === name) hidden.pop();
        return;
      }
      if (hidden.length) return;
      if (!close) {
        if (name === "br") push("\n");
        else if (name === "a") {
          links.push({ href: (attributes.href ?? "").trim(), from: out.length, fromLength: written });
        }
        return;
      }
      if (name === "a") {
        const link = links.pop();
        if (link?.href) linkAddress(link);
      } else if (name !== "br" && LINE_BREAKS.has(name)) push("\n");
    },
  });
  // A link left open ends with the text.
  for (let link = links.pop(); link; link = links.pop()) if (link.href) linkAddress(link);
  return trimLines(out.join(""));

  /** After a link's text, its address; the address alone when the text is empty or is the address. */
  function linkAddress(link: { href: string; from: number; fromLength: number }) {
    const length = written - link.fromLength;
    // Only a text about as long as the address can be it (or be empty): only then is it read again.
    const label = length <= link.href.length + 2 ? out.slice(link.from).join("").trim() : null;
    if (label === "") push(link.href);
    else if (label !== link.href) push(` (${link.href})`);
  }
}

/** Line breaks as "\n", each line without the spaces and tabs at its end, the whole without blank ends. */
function trimLines(text: string): string {
  const lines = text.replaceAll("\r\n", "\n").split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    let end = line.length;
    while (end > 0 && (line[end - 1] === " " || line[end - 1] === "\t")) end--;
    if (end < line.length) lines[i] = line.slice(0, end);
  }
  return lines.join("\n").trim();
}
