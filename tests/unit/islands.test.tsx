import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { island, IslandCollector, IslandContext, serializeProps } from "../../src/client/island.tsx";

const Echo = island("Echo", ({ text }: { text: string }) => <p>{text}</p>);
const hostile = `</script><script>alert(1)</script><!-- "><img src=x onerror=alert(2)> \u2028 &amp;`;

describe("island markers", () => {
  test("props JSON cannot break out of its script element and round-trips exactly", () => {
    const json = serializeProps({ text: hostile });
    expect(json).not.toMatch(/<|>|&|\u2028/);
    expect(JSON.parse(json)).toEqual({ text: hostile });
  });

  test("the server leaves a marker with the name and escaped props, and records the island", () => {
    const collector = new IslandCollector();
    const html = renderToString(
      <IslandContext.Provider value={collector}>
        <Echo text={hostile} />
        <Echo text="second" />
      </IslandContext.Provider>,
    );
    expect([...collector.used]).toEqual(["Echo"]);
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).toContain('data-island="Echo" data-island-id="i0"');
    expect(html).toContain('data-island-id="i1"');
    expect(html).not.toContain("<img");
    const props = /data-island-props="i0">(.*?)<\/script>/.exec(html)![1];
    expect(JSON.parse(props)).toEqual({ text: hostile });
  });

  test("outside a server render (in the browser) the wrapper renders the bare component", () => {
    expect(renderToString(<Echo text="plain" />)).toBe("<p>plain</p>");
  });
});

describe("the course page's live figures", () => {
  test("a server render shows the figures it was given, never live ones left in the process", async () => {
    const { default: RatingSummary } = await import("../../islands/RatingSummary.tsx");
    const { liveSummary } = await import("../../src/client/course-summary-store.ts");
    const { summarize } = await import("../../src/lib/rating-figures.ts");
    const today = new Date("2026-11-22T12:00:00Z");
    const row = {
      overallRating: 4,
      usefulnessRating: 4,
      difficultyRating: 3,
      workloadRating: 3,
      interestRating: 4,
      teacherRating: 5,
    };
    const given = summarize(5, [{
      ...row,
      hoursPerWeek: 4,
      attendanceRequired: false,
      teacherKey: "a",
      teacherName: "A",
      term: null,
    }], today);
    liveSummary.value = summarize(5, [], today);
    try {
      const html = renderToString(
        <IslandContext.Provider value={new IslandCollector()}>
          <RatingSummary courseId={5} allTime={given.allTime} />
        </IslandContext.Provider>,
      );
      expect(html).toContain("(1 review)");
      expect(html).not.toContain("No ratings yet");
    } finally {
      liveSummary.value = null;
    }
  });
});

describe("the page's island script", () => {
  const Later = island("Later", ({ text }: { text: string }) => <p>{text}</p>, "update");
  const Below = island("Below", ({ text }: { text: string }) => <p>{text}</p>, "visible");
  const assets = {
    dir: "",
    css: "styles.css",
    boot: "boot.js",
    islands: { Echo: "Echo.js", Later: "Later.js", Below: "Below.js" },
    imports: {
      "boot.js": ["chunk-react.js"],
      "Echo.js": ["chunk-react.js"],
      "Later.js": ["chunk-react.js", "chunk-charts.js"],
      "Below.js": ["chunk-react.js", "chunk-list.js"],
    },
    apiReference: { js: "api-reference.js", css: "api-reference.css" },
  };

  async function page(children: ReactNode): Promise<string> {
    const { Document } = await import("../../src/server/document.tsx");
    return renderToString(
      <IslandContext.Provider value={new IslandCollector()}>
        <Document meta={{ title: "T" }} url="/" origin="http://x" nonce="n" assets={assets}>{children}</Document>
      </IslandContext.Provider>,
    );
  }

  test("islands that hydrate at load are imported and preloaded with the page", async () => {
    const html = await page(<Echo text="now" />);
    expect(html).toContain('import i0 from"/static/build/Echo.js"');
    expect(html).toContain('rel="modulepreload" href="/static/build/Echo.js"');
  });

  // Neither is imported nor preloaded with the page: boot gets a function that imports the island when it is wanted.
  test.each([
    { when: "only on an update", Island: Later, name: "Later", chunk: "chunk-charts" },
    { when: "in view", Island: Below, name: "Below", chunk: "chunk-list" },
  ])(
    "an island that hydrates $when is imported when it is wanted, not with the page",
    async ({ Island, name, chunk }) => {
      const html = await page(
        <>
          <Echo text="now" />
          <Island text="later" />
        </>,
      );
      expect(html).toContain(`"${name}":()=>import("/static/build/${name}.js")`);
      expect(html).not.toMatch(new RegExp(`import i\\d from"/static/build/${name}\\.js"`));
      expect(html).not.toMatch(new RegExp(`modulepreload" href="/static/build/(${name}|${chunk})\\.js"`));
    },
  );
});
