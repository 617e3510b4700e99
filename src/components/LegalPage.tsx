import type { ReactNode } from "react";

export const LEGAL_UPDATED = "August 20, 2025";

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="page legal">
      <h1>{title}</h1>
      <p className="muted">{`Last updated: ${LEGAL_UPDATED}`}</p>
      {children}
    </article>
  );
}
