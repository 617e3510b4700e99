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
