/** Page items for numbered pagination: Back, first page, ellipsis, a window of 5 pages, ellipsis, last page, Next. */
export const PAGINATION_WINDOW = 5;

/** One page of a longer list, as the API answers it (pages numbered from 0). */
export type Paged<T> = { content: T[]; totalElements: number; totalPages: number; number: number; size: number };

export function pagedResponse<T>(content: T[], total: number, page: number, size: number): Paged<T> {
  return { content, totalElements: total, totalPages: Math.ceil(total / size), number: page, size };
}

export type PageItem = { kind: "page"; page: number; current: boolean } | { kind: "ellipsis"; key: string };

/** Pages are numbered from 0, as the API numbers them. */
export function pageItems(current: number, totalPages: number, window = PAGINATION_WINDOW): PageItem[] {
  if (totalPages <= 1) return [];
  let start = Math.max(0, current - Math.floor(window / 2));
  const end = Math.min(totalPages - 1, start + window - 1);
  start = Math.max(0, end - window + 1);
  const items: PageItem[] = [];
  const page = (p: number) => items.push({ kind: "page", page: p, current: p === current });
  if (start > 0) {
    page(0);
    if (start > 1) items.push({ kind: "ellipsis", key: "start" });
  }
  for (let p = start; p <= end; p++) page(p);
  if (end < totalPages - 1) {
    if (end < totalPages - 2) items.push({ kind: "ellipsis", key: "end" });
    page(totalPages - 1);
  }
  return items;
}
