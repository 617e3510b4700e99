import { vi } from "vitest";

// Records each hydrateRoot call (see tests/helpers/island-roots.ts); otherwise react-dom/client is untouched.
vi.mock("react-dom/client", async (importOriginal) => {
  const actual = await importOriginal<typeof import("react-dom/client")>();
  const { hydratedRoots } = await import("../helpers/island-roots.ts");
  return {
    ...actual,
    hydrateRoot: (...args: Parameters<typeof actual.hydrateRoot>) => {
      const root = actual.hydrateRoot(...args);
      hydratedRoots.push(root);
      return root;
    },
  };
});
