import CompareActions from "../islands/CompareActions.tsx";
import { CompareTable } from "../src/components/CompareTable.tsx";
import type { ComparedCourse } from "../src/lib/api-types.ts";
import { compareHref, unknownCoursesMessage } from "../src/lib/comparison.ts";
import { compareQuerySchema } from "../src/lib/schemas.ts";
import { listed } from "../src/lib/text.ts";
import { loginHref } from "../src/lib/urls.ts";
import type { AppContext, LoadFailure, PageMeta, PageProps } from "../src/server/context.ts";
import { compareCourses } from "../src/services/courses/course-compare.ts";

/**
 * /compare?ids=12,34: up to four courses side by side (docs/product.md,
 * Compare), rendered whole on the server, so the link is the comparison.
 */
type Data =
  /** No ids: how to pick courses. */
  | { kind: "none" }
  /** Ids the page cannot read (not ids, more than four): 400 with the reason. */
  | { kind: "invalid"; message: string }
  /** The courses found; ids the catalog lacks make it a 404 that still shows the others. */
  | { kind: "courses"; courses: ComparedCourse[]; missing: number[] };

export const loadFailure: LoadFailure = {
  heading: "Compare courses",
  message: "Failed to load the courses to compare",
};

export async function load(c: AppContext): Promise<Data> {
  const raw = c.req.query("ids");
  if (raw === undefined || !raw.trim()) return { kind: "none" };
  const parsed = compareQuerySchema.safeParse({ ids: raw });
  if (!parsed.success) return { kind: "invalid", message: parsed.error.issues[0].message };
  const user = c.var.user?.enabled ? c.var.user : null;
  return { kind: "courses", ...await compareCourses(c.var.deps.database.db, parsed.data.ids, user?.id) };
}

const DESCRIPTION =
  "Compare up to four Boston University courses side by side: ratings, hours per week, Hubs and prerequisites.";

export function meta(data: Data): PageMeta {
  if (data.kind === "none") return { title: "Compare courses", description: DESCRIPTION };
  if (data.kind === "invalid") {
    return { title: "Compare courses", description: DESCRIPTION, status: 400, noindex: true };
  }
  const status = data.missing.length ? 404 : undefined;
  if (!data.courses.length) return { title: "Compare courses", description: DESCRIPTION, status, noindex: true };
  const named = data.courses.map((course) => `${course.code} (${course.title})`);
  return {
    title: `Compare ${listed(data.courses.map((course) => course.code))}`,
    description: `${listed(named)} side by side: ratings, hours per week, Hubs and prerequisites.`,
    status,
    // Any set of courses makes a page: the link is for sharing, not for search engines.
    noindex: true,
  };
}

function HowToPick({ signedIn, one }: { signedIn: boolean; one: boolean }) {
  return (
    <div className="card compare-how">
      <p className="empty-title">
        {one ? "Pick at least one more course to compare it with." : "Pick courses to compare."}
      </p>
      <p>
        Press <strong>Compare</strong>{" "}
        on up to four courses in the search results, your saved courses or on a course page, then open the comparison
        from the bar at the bottom of the list.
      </p>
      <p className="compare-how-links">
        <a className="button" href="/search">Search courses</a>
        <a className="button button-ghost" href={signedIn ? "/saved-courses" : loginHref("/saved-courses")}>
          Your saved courses
        </a>
      </p>
    </div>
  );
}

export default function Compare({ data, user }: PageProps<Data>) {
  const signedIn = Boolean(user?.enabled);
  const courses = data.kind === "courses" ? data.courses : [];
  return (
    <div className="page page-wide compare-page">
      <h1>Compare courses</h1>
      {data.kind === "invalid" && (
        <p className="alert alert-error" role="alert">
          {`${data.message} `}
          <a href="/compare">Start again</a>
        </p>
      )}
      {data.kind === "courses" && data.missing.length > 0 && (
        <p className="alert alert-error" role="alert">
          {`${unknownCoursesMessage(data.missing)}. `}
          {courses.length > 0 && (
            <a href={compareHref(courses.map((course) => course.id))}>Compare the courses found</a>
          )}
        </p>
      )}
      <CompareActions courses={courses.map((course) => ({ id: course.id, code: course.code }))} />
      {courses.length < 2 && <HowToPick signedIn={signedIn} one={courses.length === 1} />}
      {courses.length > 0 && <CompareTable courses={courses} />}
    </div>
  );
}
