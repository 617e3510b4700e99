/**
 * A student's three course lists (docs/product.md): completed, future (in
 * progress) and saved. Each has its URL segment under /api/users, as the
 * docs/product.md names them.
 */
export const LIST_NAMES = ["completed", "future", "saved"] as const;
export type ListName = (typeof LIST_NAMES)[number];
export type ListIds = Record<ListName, number[]>;

export const LIST_API_SEGMENTS: Readonly<Record<ListName, string>> = {
  completed: "completed-courses",
  future: "courses-in-progress",
  saved: "saved-courses",
};
