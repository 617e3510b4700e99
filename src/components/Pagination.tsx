import type { MouseEvent } from "react";
import { pageItems } from "../lib/paging.ts";

type PaginationProps = {
  page: number;
  totalPages: number;
  /** The URL of a page (numbered from 0), so the links work without JavaScript too. */
  hrefFor: (page: number) => string;
  /** When given, clicks stay on the page and call it instead of loading the URL. */
  onNavigate?: (page: number) => void;
  id?: string;
};

/** Numbered pagination: Back, first page, ellipsis, a window of 5 pages, ellipsis, last page, Next. */
export function Pagination({ page, totalPages, hrefFor, onNavigate, id }: PaginationProps) {
  const items = pageItems(page, totalPages);
  if (!items.length) return null;
  const follow = (target: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onNavigate || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onNavigate(target);
  };
  return (
    <nav className="pagination" aria-label="Result pages" id={id}>
      {page > 0
        ? <a href={hrefFor(page - 1)} rel="prev" onClick={follow(page - 1)}>Back</a>
        : <span aria-disabled="true">Back</span>}
      {items.map((item) =>
        item.kind === "ellipsis" ? <span key={item.key} aria-hidden="true">…</span> : (
          <a
            key={item.page}
            href={hrefFor(item.page)}
            aria-current={item.current ? "page" : undefined}
            aria-label={`Page ${item.page + 1}`}
            onClick={follow(item.page)}
          >
            {item.page + 1}
          </a>
        )
      )}
      {page < totalPages - 1
        ? <a href={hrefFor(page + 1)} rel="next" onClick={follow(page + 1)}>Next</a>
        : <span aria-disabled="true">Next</span>}
    </nav>
  );
}
