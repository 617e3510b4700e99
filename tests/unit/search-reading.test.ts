/**
 * Reading the search text (src/lib/search-words.ts): Hub codes and names and sort words found as phrases, longest
 * first, left to right, with the words left over kept as typed; quotes keep words as words; a course code is only a
 * code; taking a phrase out of the text; and the filter a read search runs (src/lib/search-filter.ts readSearch).
 */
import { describe, expect, test } from "vitest";
import { HUB_AREAS } from "../../src/lib/hub-areas.ts";
import { EMPTY_FILTER, parseSearchParams, readSearch } from "../../src/lib/search-filter.ts";
import { quotedPhrases, readSearchText, SEARCH_MEANINGS, withoutPhrases } from "../../src/lib/search-words.ts";

describe("readSearchText", () => {
  test.each(
    [
      ["QR2", "", ["QR2"], undefined, [["QR2", "Hub QR2"]]],
      ["easy QR2", "", ["QR2"], "easiest", [["easy", "Easiest first"], ["QR2", "Hub QR2"]]],
      ["hub etr", "", ["ETR"], undefined, [["hub etr", "Hub ETR"]]],
      ["Quantitative Reasoning II", "", ["QR2"], undefined, [["Quantitative Reasoning II", "Hub QR2"]]],
      ["writing-intensive", "", ["WIN"], undefined, [["writing-intensive", "Hub WIN"]]],
      ["Philosophical Inquiry and Life's Meanings", "", ["PLM"], undefined, [[
        "Philosophical Inquiry and Life's Meanings",
        "Hub PLM",
      ]]],
      ["low workload history", "history", [], "lightest", [["low workload", "Lightest workload first"]]],
      ["psychology QR-2, hardest", "psychology", ["QR2"], "hardest", [["QR-2", "Hub QR2"], [
        "hardest",
        "Hardest first",
      ]]],
      ["SI1 SO1", "", ["SI1", "SO1"], undefined, [["SI1", "Hub SI1"], ["SO1", "Hub SO1"]]],
      ["intro psych", "intro psych", [], undefined, []],
      ["light and optics", "light and optics", [], undefined, []],
      ["hard science", "hard science", [], undefined, []],
      ["light QR2", "", ["QR2"], "lightest", [["light", "Lightest workload first"], ["QR2", "Hub QR2"]]],
      ["the best QR2 courses for me", "", ["QR2"], "byRating", [["best", "Best rated first"], ["QR2", "Hub QR2"]]],
      ["easy classes", "", [], "easiest", [["easy", "Easiest first"]]],
      ["most popular writing intensive", "", ["WIN"], "byReviews", [
        ["most popular", "Most reviewed first"],
        ["writing intensive", "Hub WIN"],
      ]],
    ] as const,
  )("%s", (q, rest, hubs, sort, read) => {
    const reading = readSearchText(q);
    expect(reading.q).toBe(rest);
    expect(reading.hubReqs).toEqual(hubs);
    expect(reading.sortBy).toBe(sort);
    expect(reading.read.map((r) => [r.text, r.meaning])).toEqual(read);
    for (const r of reading.read) expect(q.slice(r.start, r.start + r.text.length)).toBe(r.text);
  });

  test('"ethics hub" and "hub ethics" name Ethical Reasoning and rank by ethics; "ethics" alone is a word', () => {
    for (const q of ["ethics hub", "hub ethics", "Ethics Hub"]) {
      expect(readSearchText(q)).toMatchObject({ q: "", rank: "ethics", hubReqs: ["ETR"] });
    }
    expect(readSearchText("ethics")).toMatchObject({ q: "ethics", rank: "", hubReqs: [], read: [] });
    expect(readSearchText("philosophy ethics hub")).toMatchObject({
      q: "philosophy",
      rank: "ethics",
      hubReqs: ["ETR"],
    });
  });

  test("the longest phrase wins: writing intensive course is one phrase, not writing and a code", () => {
    expect(readSearchText("writing intensive course").read).toEqual([
      { text: "writing intensive course", meaning: "Hub WIN", start: 0 },
    ]);
    expect(readSearchText("easy a").read).toEqual([{ text: "easy a", meaning: "Easiest first", start: 0 }]);
  });

  test("words in quotes are words; a course code is a code", () => {
    expect(readSearchText('"light"')).toMatchObject({ q: '"light"', read: [] });
    expect(readSearchText('"easy" QR2')).toMatchObject({ q: '"easy"', hubReqs: ["QR2"] });
    for (const code of ["WIN 101", "cas win 101", "etr101"]) expect(readSearchText(code).read).toEqual([]);
  });

  test("every Hub area is read from its code and its name", () => {
    for (const area of HUB_AREAS) {
      expect(readSearchText(area.code).hubReqs, area.code).toEqual([area.code]);
      expect(readSearchText(area.name).hubReqs, area.name).toEqual([area.code]);
      expect(readSearchText(`hub ${area.code.toLowerCase()}`).hubReqs).toEqual([area.code]);
    }
    // Every rule of the table reads as itself.
    for (const [phrase, meaning] of SEARCH_MEANINGS) {
      // Alone, every phrase is read, the ambiguous sort words too.
      const reading = readSearchText(phrase);
      expect(reading.read, phrase).toHaveLength(1);
      if ("hub" in meaning) expect(reading.hubReqs, phrase).toEqual([meaning.hub]);
      else expect(reading.sortBy, phrase).toBe(meaning.sort);
    }
  });

  test("withoutPhrases and quotedPhrases act where the phrase was read, not on its first appearance", () => {
    const cut = (q: string) => withoutPhrases(q, readSearchText(q).read);
    const quote = (q: string) => quotedPhrases(q, readSearchText(q).read);
    expect(cut("easy QR2")).toBe("");
    expect(withoutPhrases("easy QR2", [{ text: "easy", start: 0 }])).toBe("QR2");
    expect(withoutPhrases("psychology QR2, hardest", [{ text: "QR2", start: 11 }])).toBe("psychology, hardest");
    expect(withoutPhrases("psychology, QR2, hardest", [{ text: "QR2", start: 12 }])).toBe("psychology, hardest");
    // "win" inside "winter" is not the phrase read.
    expect(readSearchText("winter win").read).toEqual([{ text: "win", meaning: "Hub WIN", start: 7 }]);
    expect(cut("winter win")).toBe("winter");
    expect(quote("winter win")).toBe('winter "win"');
    expect(cut("metrics etr")).toBe("metrics");
    expect(quote("the easy way easy")).toBe('the "easy" way "easy"');
    expect(readSearchText(quote("the easy way easy")).read).toEqual([]);
    // The text changed since it was read: the phrase as whole words, or nothing.
    expect(withoutPhrases("calculus QR2", [{ text: "QR2", start: 0 }])).toBe("calculus");
    expect(withoutPhrases("calculus", [{ text: "QR2", start: 0 }])).toBe("calculus");
  });

  test("curly quotes are quotes; a chosen sort leaves sort words as words", () => {
    expect(readSearchText("“light”").read).toEqual([]);
    expect(readSearchText("“easy” QR2").hubReqs).toEqual(["QR2"]);
    expect(readSearchText("“easy” QR2").sortBy).toBeUndefined();
    expect(readSearchText("easy writing", { sorts: false })).toMatchObject({ q: "easy writing", read: [] });
  });
});

describe("readSearch: the filter a search runs", () => {
  const parsed = (query: string) => {
    const result = parseSearchParams(new URLSearchParams(query));
    if (!result.ok) throw new Error(result.message);
    return result.filter;
  };

  test("without text: current undergraduate courses unless allCourses; a chosen level stands", () => {
    expect(readSearch(EMPTY_FILTER)).toMatchObject({
      scoped: true,
      filter: { currentOnly: true, levels: [100, 200, 300, 400], sortBy: "byCourseCode" },
    });
    expect(readSearch(parsed("allCourses=true"))).toMatchObject({
      scoped: false,
      filter: { currentOnly: false, levels: [] },
    });
    expect(readSearch(parsed("levels=500")).filter.levels).toEqual([500]);
    expect(readSearch(parsed("q=calculus"))).toMatchObject({
      scoped: false,
      filter: { currentOnly: false, levels: [] },
    });
  });

  test("a Hub code alone is a search without text; its area joins the areas chosen", () => {
    expect(readSearch(parsed("q=QR2&hubReqs=CRT"))).toMatchObject({
      scoped: true,
      filter: { q: "", hubReqs: ["CRT", "QR2"], sortBy: "byCourseCode" },
    });
  });

  test("a sort word sorts unless a sort was chosen; then it is a word", () => {
    expect(readSearch(parsed("q=easy writing")).filter).toMatchObject({ q: "writing", sortBy: "easiest" });
    expect(readSearch(parsed("q=easy writing&sortBy=byRating"))).toMatchObject({
      filter: { q: "easy writing", sortBy: "byRating" },
      understood: [],
    });
    // Relevance named in the request wins too.
    expect(readSearch(parsed("q=easy writing&sortBy=relevance"), true)).toMatchObject({
      filter: { q: "easy writing", sortBy: "relevance" },
      understood: [],
    });
  });

  test("ethics hub ranks by relevance to ethics", () => {
    expect(readSearch(parsed("q=ethics hub")).filter).toMatchObject({ q: "", rank: "ethics", sortBy: "relevance" });
  });
});
