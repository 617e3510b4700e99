/**
 * The landing page's lists for visitors: a few searches students care about, each its first courses and the link to
 * the search that made it. Read with the page (one round trip), cached with it like every visitor page.
 */
import type { Db } from "../../../db/client.ts";
import type { SearchCourse } from "../../lib/api-types.ts";
import { HUB_AREAS } from "../../lib/hub-areas.ts";
import { EMPTY_FILTER, type SearchFilter, searchHref } from "../../lib/search-filter.ts";
import { type Catalog, withCatalog } from "../catalog/catalog-cache.ts";
import { searchCatalog, termsInOrder } from "./course-queries.ts";

/** Courses shown in each list. */
export const FEATURED_COURSES = 5;

export type FeaturedList = {
  title: string;
  /** The search the list is the start of. */
  href: string;
  /** The average shown beside each course: the overall rating, or the workload where the list is by workload. */
  figure: "overall" | "workload";
  courses: Pick<
    SearchCourse,
    "id" | "code" | "title" | "numReviews" | "averageOverallRating" | "averageWorkloadRating"
  >[];
};

/** The Hub area of the week: a different one each week, in the Hub's order, the same all week for everyone. */
export function hubAreaOfWeek(today: Date): (typeof HUB_AREAS)[number] {
  const week = Math.floor(today.getTime() / (7 * 24 * 60 * 60 * 1000));
  return HUB_AREAS[week % HUB_AREAS.length];
}

/**
 * Three lists: best rated for the Hub area of the week in the next term with a schedule, the most reviewed courses,
 * and the lightest workload that term, each of reviewed courses only (the others have no rating to rank). Before
 * there are such reviews, the area's courses that term by course number and the courses without prerequisites that
 * term take the first and the third place. A list with no course is left out. The lists are asked at once (one round
 * trip), the stand-ins after them only when needed.
 */
export function featuredLists(db: Db, today = new Date()): Promise<FeaturedList[]> {
  // One catalog copy for the term and every search: the searches leave with its version check, in one round trip.
  return withCatalog(db, (catalog) => listsFor(db, catalog, today));
}

async function listsFor(db: Db, catalog: Catalog, today: Date): Promise<FeaturedList[]> {
  const [term] = termsInOrder(catalog, today);
  const area = hubAreaOfWeek(today);
  const inTerm = term ? ` in ${term.name}` : "";
  const offered: SearchFilter = { ...EMPTY_FILTER, offered: term?.code };
  const reviewed: SearchFilter = { ...offered, reviewCount: 1 };
  // Each place: the list, and the one shown while it has no course.
  const places: [string, SearchFilter][][] = [
    [
      [`Best rated for ${area.name} (${area.code})${inTerm}`, {
        ...reviewed,
        hubReqs: [area.code],
        sortBy: "byRating",
      }],
      [`${area.name} (${area.code})${inTerm}`, { ...offered, hubReqs: [area.code] }],
    ],
    [["Most reviewed", { ...EMPTY_FILTER, reviewCount: 1, sortBy: "byReviews" }]],
    [
      [`Lightest workload${inTerm}`, { ...reviewed, sortBy: "lightest" }],
      [`No prerequisites${inTerm}`, { ...offered, noPreReqs: true }],
    ],
  ];
  // The lists first; a place's stand-in only when its list is empty (before there are reviews).
  const first = await Promise.all(places.map(([[, filter]]) => searchCatalog(db, catalog, filter)));
  const chosen = await Promise.all(places.map(async (lists, i) => {
    if (first[i].content.length) return { list: lists[0], page: first[i] };
    const standIn = lists[1];
    return standIn ? { list: standIn, page: await searchCatalog(db, catalog, standIn[1]) } : null;
  }));
  return chosen.flatMap((place) => {
    if (!place?.page.content.length) return [];
    const [title, filter] = place.list;
    const courses = place.page.content.slice(0, FEATURED_COURSES).map((c) => ({
      id: c.id,
      code: c.code,
      title: c.title,
      numReviews: c.numReviews,
      averageOverallRating: c.averageOverallRating,
      averageWorkloadRating: c.averageWorkloadRating,
    }));
    const figure = filter.sortBy === "lightest" ? "workload" : "overall";
    return [{ title, href: searchHref(filter), figure, courses }];
  });
}
