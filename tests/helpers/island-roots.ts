/**
 * Every React root the island boot module hydrated during a test file, so a
 * test can unmount the islands it mounted: the list store is shared, and a
 * root left mounted would re-render on the next test's changes. Filled by the
 * react-dom/client wrapper in tests/setup/island-roots.ts.
 */
export const hydratedRoots: { unmount(): void }[] = [];
