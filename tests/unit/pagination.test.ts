import { describe, expect, test } from "vitest";
import { pageItems } from "../../src/lib/paging.ts";

const render = (current: number, total: number) =>
  pageItems(current, total).map((i) => i.kind === "ellipsis" ? "…" : i.current ? `[${i.page + 1}]` : String(i.page + 1))
    .join(" ");

describe("pagination", () => {
  test("no pagination for a single page", () => expect(render(0, 1)).toBe(""));
  test("few pages show all", () => expect(render(1, 4)).toBe("1 [2] 3 4"));
  test("a window of 5 around the current page, with first, last and ellipses", () => {
    expect(render(0, 24)).toBe("[1] 2 3 4 5 … 24");
    expect(render(10, 24)).toBe("1 … 9 10 [11] 12 13 … 24");
    expect(render(23, 24)).toBe("1 … 20 21 22 23 [24]");
    expect(render(3, 24)).toBe("1 2 3 [4] 5 6 … 24");
  });
});
