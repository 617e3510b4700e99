import { EMPTY_FILTER, parseSearchParams, type SearchFilter, searchHref } from "../src/lib/search.ts";
import { CourseCard } from "../src/components/CourseCard.tsx";
import { Pagination } from "../src/components/Pagination.tsx";
import type { AppContext, PageMeta, PageProps } from "../src/server/context.ts";
import { type CatalogSource, catalogSource } from "../src/services/catalog.ts";
import { courseColleges, searchCourses, type SearchPage } from "../src/services/courses.ts";

export const meta: PageMeta = {
  title: "Search Courses",
  description: "Search Boston University courses by Hub requirement, college, prerequisites and ratings.",
};

type Data = { result: SearchPage; filter: SearchFilter; error: string | null; allColleges: string[]; source: CatalogSource };

export async function load(c: AppContext): Promise<Data> {
  const db = c.var.deps.database.db;
  const parsed = parseSearchParams(new URL(c.req.url).searchParams);
  const filter = parsed.ok ? parsed.filter : EMPTY_FILTER;
  return {
    result: await searchCourses(db, filter),
    filter,
    error: parsed.ok ? null : parsed.message,
    allColleges: await courseColleges(db),
    source: await catalogSource(db),
  };
}

export default function Search({ data }: PageProps<Data>) {
  const { result } = data;
  return (
    <div className="page search-page">
      <h1>Search Courses</h1>
      {data.source === "demo" && (
        <p className="alert alert-info" role="note">
          This is the demo catalog: a sample of BU courses written for HubRate, with its own descriptions. The operator can load the full catalog with
          <code>deno task catalog:import</code>.
        </p>
      )}
      <form className="card search-form" method="get" action="/search" role="search">
        <div className="field">
          <label htmlFor="q">Course code or title</label>
          <input id="q" name="q" type="search" defaultValue={data.filter.q} placeholder="e.g. CS 111 or intro psych" />
        </div>
        <div className="field">
          <label htmlFor="colleges">Colleges</label>
          <select id="colleges" name="colleges" multiple defaultValue={data.filter.colleges} size={4}>
            {data.allColleges.map((college) => <option key={college} value={college}>{college}</option>)}
          </select>
        </div>
        <button type="submit" className="button">Search Courses</button>
      </form>
      {data.error && <p className="alert alert-error" role="alert">{data.error}</p>}
      <p className="found" role="status">{`Found ${result.totalElements} courses`}</p>
      {result.content.length === 0 ? <p className="empty">No courses found. Try adjusting the filter parameters.</p> : (
        <div className="course-grid">
          {result.content.map((course) => <CourseCard key={course.id} course={course} />)}
        </div>
      )}
      <Pagination page={result.number} totalPages={result.totalPages} hrefFor={(page) => searchHref(data.filter, page)} />
    </div>
  );
}
