import { pageItems } from "../lib/pagination.ts";

/** Numbered pagination as links; `hrefFor` builds the URL of a page (numbered from 0). */
export function Pagination({ page, totalPages, hrefFor }: { page: number; totalPages: number; hrefFor: (page: number) => string }) {
  const items = pageItems(page, totalPages);
  if (!items.length) return null;
  return (
    <nav className="pagination" aria-label="Result pages">
      {page > 0 ? <a href={hrefFor(page - 1)} rel="prev">Back</a> : <span aria-disabled="true">Back</span>}
      {items.map((item) =>
        item.kind === "ellipsis"
          ? <span key={item.key} aria-hidden="true">…</span>
          : (
            <a key={item.page} href={hrefFor(item.page)} aria-current={item.current ? "page" : undefined} aria-label={`Page ${item.page + 1}`}>
              {item.page + 1}
            </a>
          )
      )}
      {page < totalPages - 1 ? <a href={hrefFor(page + 1)} rel="next">Next</a> : <span aria-disabled="true">Next</span>}
    </nav>
  );
}
