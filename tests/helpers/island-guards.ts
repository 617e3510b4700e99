/**
 * The guards of an island test file, in one call: before each test `fetch` is a mock (a test plans its answers) and
 * console.error is watched; after it the islands hydrated are unmounted, no console error may have happened (React
 * reports a hydration mismatch through it), and mocks and globals are restored.
 */
import { act } from "react";
import { afterEach, beforeEach, expect, vi } from "vitest";
import { hydratedRoots } from "./island-roots.ts";

export type IslandGuards = { consoleErrors: ReturnType<typeof vi.spyOn> };

/** Registers the guards in the describe (or file) it is called in; `consoleErrors` is each test's spy. */
export function guardIslands(): IslandGuards {
  const guards = {} as IslandGuards;
  beforeEach(() => {
    vi.stubGlobal("fetch", vi.fn());
    guards.consoleErrors = vi.spyOn(console, "error");
  });
  afterEach(async () => {
    await act(async () => hydratedRoots.splice(0).forEach((root) => root.unmount()));
    expect(guards.consoleErrors).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
  return guards;
}
