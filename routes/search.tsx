import CompareTray from "../islands/CompareTray.tsx";
import CourseSearch from "../islands/CourseSearch.tsx";
import { EMPTY_FILTER, parseSearchParams, type SearchFilter } from "../src/lib/search-filter.ts";
import type { SearchPage } from "../src/lib/api-types.ts";
import type { AppContext, PageMeta, PageProps } from "../src/server/context.ts";
import { type CatalogSource, catalogSource } from "../src/services/catalog/catalog.ts";
import { listIds } from "../src/services/courses/course-lists.ts";
import {
  type NamedCode,
  namedCourseColleges,
  namedDepartmentsOf,
  scheduleTerms,
  searchCourses,
} from "../src/services/courses/course-queries.ts";
import type { ScheduleTerm } from "../src/services/catalog/catalog-cache.ts";
import { DomainError } from "../src/services/platform/domain-errors.ts";

const DESCRIPTION =
  "Search Boston University courses by Hub requirement, college, department, prerequisites and ratings, and read student reviews.";

/** A filter the page cannot read is answered with 400 and the message, above the unfiltered results. */
export function meta(data: Data): PageMeta {
  return {
    title: "Search Courses",
    description: DESCRIPTION,
    status: data.error ? 400 : undefined,
    ownSearchBox: true,
  };
}

type Data = {
  filter: SearchFilter;
  result: SearchPage;
  error: string | null;
  colleges: NamedCode[];
  departments: Record<string, NamedCode[]>;
  /** The terms with a class schedule, for "Offered in". */
  terms: ScheduleTerm[];
  source: CatalogSource;
  lists: Awaited<ReturnType<typeof listIds>> | null;
};

/** The results for the URL are rendered on the server; the island takes over from there. */
export async function load(c: AppContext): Promise<Data> {
  const db = c.var.deps.database.db;
  const parsed = parseSearchParams(new URL(c.req.url).searchParams);
  // A sort named in the URL wins over sort words in the text.
  const options = { sortGiven: parsed.ok && parsed.sortGiven };
  const user = c.var.user?.enabled ? c.var.user : null;
  // "Prerequisites I've met" is a student's filter: a visitor's link shows every course.
  let filter = parsed.ok ? { ...parsed.filter, prereqsMet: parsed.filter.prereqsMet && user !== null } : EMPTY_FILTER;
  let error = parsed.ok ? null : parsed.message;
  // Everything the page shows is read side by side: one round trip.
  const [result, colleges, departmentLists, source, lists, terms] = await Promise.all([
    searchCourses(db, filter, user?.id, options).catch((problem) => {
      // A term without a schedule (an old link): its message above the results without that filter.
      if (!(problem instanceof DomainError) || problem.status !== 400 || filter.offered === undefined) throw problem;
      error = problem.message;
      filter = { ...filter, offered: undefined };
      return searchCourses(db, filter, user?.id, options);
    }),
    namedCourseColleges(db),
    Promise.all(filter.colleges.map(async (college) => [college, await namedDepartmentsOf(db, college)] as const)),
    catalogSource(db),
    user ? listIds(db, user.id) : null,
    scheduleTerms(db),
  ]);
  return {
    filter,
    result,
    error,
    colleges,
    departments: Object.fromEntries(departmentLists),
    terms,
    source,
    lists,
  };
}

export default function Search({ data, user }: PageProps<Data>) {
  return (
    <div className="page page-wide search-page">
      <h1>Search Courses</h1>
      {data.source === "demo" && (
        <p className="alert alert-info" role="note">
          This is the demo catalog: a sample of BU courses written for HubRate, with its own descriptions. The operator
          can load the full catalog with
          <code>deno task catalog:import</code>.
        </p>
      )}
      {data.error && <p className="alert alert-error" role="alert">{data.error}</p>}
      <CourseSearch
        filter={data.filter}
        result={data.result}
        colleges={data.colleges}
        departments={data.departments}
        terms={data.terms}
        signedIn={Boolean(user?.enabled)}
        lists={data.lists}
      />
      <CompareTray />
    </div>
  );
}
