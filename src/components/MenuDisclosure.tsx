import type { ReactNode } from "react";

/**
 * A small-screen menu behind a hamburger button: a <details>, so it opens and closes without JavaScript; with it, an
 * outside tap and Escape close it too (src/client/menus.ts).
 */
export function MenuDisclosure({ className, children }: { className: string; children: ReactNode }) {
  return (
    <details className={className}>
      <summary aria-label="Menu">
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </summary>
      <nav aria-label="Main (menu)">{children}</nav>
    </details>
  );
}
