import type { ReactNode } from "react";

/** The date SPEC gives the legal pages; a page whose text changed since says its own date. */
export const LEGAL_UPDATED = "August 20, 2025";

export function LegalPage(
  { title, updated = LEGAL_UPDATED, children }: { title: string; updated?: string; children: ReactNode },
) {
  return (
    <article className="page legal">
      <h1>{title}</h1>
      <p className="muted">{`Last updated: ${updated}`}</p>
      {children}
    </article>
  );
}
