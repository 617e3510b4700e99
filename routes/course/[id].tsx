import CourseActions from "../../islands/CourseActions.tsx";
import CourseReviews from "../../islands/CourseReviews.tsx";
import { RatingList } from "../../src/components/CourseCard.tsx";
import { RatingDistribution } from "../../src/components/RatingDistribution.tsx";
import { plural } from "../../src/lib/text.ts";
import type { CourseView, ReviewView } from "../../src/lib/views.ts";
import type { AppContext, PageMeta, PageProps } from "../../src/server/context.ts";
import { listIds } from "../../src/services/course-lists.ts";
import { findCourse } from "../../src/services/courses.ts";
import { type Distribution, listCourseReviews, ratingDistribution, REVIEWS_PAGE_SIZE, teachersOf } from "../../src/services/reviews.ts";

type Found = {
  course: CourseView;
  reviews: { content: ReviewView[]; totalElements: number; totalPages: number; number: number; size: number };
  teachers: string[];
  distribution: Distribution;
  lists: Awaited<ReturnType<typeof listIds>> | null;
  backHref: string;
  flash: string | null;
};
/** No course: none with that id (404), or it could not be loaded (`error`, 500). */
type Data = Found | { course: null; error?: string };

/** Looked up in a Map: the query parameter is user input, and a plain object would answer `?review=constructor`. */
const FLASH = new Map([["submitted", "Review submitted successfully!"], ["updated", "Review updated successfully!"]]);

/** Back to the search the student came from, when the previous page was one. */
function backHref(c: AppContext): string {
  const referer = c.req.header("referer");
  if (!referer) return "/search";
  try {
    const url = new URL(referer);
    const ours = url.host === new URL(c.req.url).host || url.origin === c.var.deps.config.origin;
    return ours && url.pathname === "/search" ? url.pathname + url.search : "/search";
  } catch {
    return "/search";
  }
}

export async function load(c: AppContext): Promise<Data> {
  const db = c.var.deps.database.db;
  const raw = c.req.param("id") ?? "";
  const id = /^\d{1,12}$/.test(raw) ? Number(raw) : 0;
  const user = c.var.user?.enabled ? c.var.user : null;
  try {
    const course = id > 0 ? await findCourse(db, id, user?.id) : null;
    if (!course) return { course: null };
    const list = await listCourseReviews(db, course.id, user?.id);
    return {
      course,
      reviews: { content: list.reviews, totalElements: list.total, totalPages: Math.ceil(list.total / REVIEWS_PAGE_SIZE), number: 0, size: REVIEWS_PAGE_SIZE },
      teachers: await teachersOf(db, course.id),
      distribution: await ratingDistribution(db, course.id),
      lists: user ? await listIds(db, user.id) : null,
      backHref: backHref(c),
      flash: FLASH.get(c.req.query("review") ?? "") ?? null,
    };
  } catch (error) {
    console.error("[course]", error);
    return { course: null, error: "Failed to load course details" };
  }
}

export function meta(data: Data): PageMeta {
  if (!data.course && data.error) return { title: "Course details", status: 500, noindex: true };
  if (!data.course) return { title: "Course not found", status: 404, noindex: true };
  const { course } = data;
  const rating = course.numReviews ? ` Rated ${course.averageOverallRating.toFixed(1)}/5 by ${plural(course.numReviews, "student")}.` : "";
  const summary = (course.description ?? `${course.title} at Boston University.`).slice(0, 150) + rating;
  return { title: `${course.code}: ${course.title}`, description: summary };
}

export default function CoursePage({ data, user }: PageProps<Data>) {
  if (!data.course) {
    return (
      <div className="page narrow center">
        <h1>{data.error ? "Course details" : "Course not found"}</h1>
        {data.error && <p className="alert alert-error" role="alert">{data.error}</p>}
        <p>
          <a className="button" href="/search">Back to Search</a>
        </p>
      </div>
    );
  }
  const { course } = data as Found;
  const found = data as Found;
  const signedIn = Boolean(user?.enabled);
  return (
    <div className="page course-page">
      <p>
        <a href={found.backHref} className="button button-ghost button-small">← Back to search</a>
      </p>
      {found.flash && <p className="alert alert-success" role="status">{found.flash}</p>}
      <header className="course-header">
        <p className="course-code">{course.college} · {course.department} · {course.courseCode}</p>
        <h1>{course.title}</h1>
        <p className="course-meta">
          {course.noPreReqs && <span className="badge badge-success">No Prerequisites</span>}
          <span>{plural(course.numReviews, "review")}</span>
        </p>
      </header>
      <CourseActions courseId={course.id} signedIn={signedIn} lists={found.lists} reviewed={course.userReviewed} />
      <section aria-labelledby="ratings-heading">
        <h2 id="ratings-heading">Ratings overview</h2>
        <RatingList course={course} />
        {course.numReviews > 0 && (
          <details className="distribution-details">
            <summary>How students rated it</summary>
            <RatingDistribution distribution={found.distribution} />
          </details>
        )}
      </section>
      <section aria-labelledby="description-heading">
        <h2 id="description-heading">Description</h2>
        <p>{course.description ?? "No Description Found"}</p>
        {course.prerequisites && (
          <p>
            <strong>Prerequisites:</strong> {course.prerequisites}
          </p>
        )}
      </section>
      <section aria-labelledby="hubs-heading">
        <h2 id="hubs-heading">Hubs fulfilled</h2>
        {course.hubRequirements.length
          ? (
            <ul className="hub-list">
              {course.hubRequirements.map((hub) => (
                <li key={hub.code}>
                  <span className="badge">{hub.code}</span> {hub.name}
                </li>
              ))}
            </ul>
          )
          : <p>This course does not fulfill any hub requirements.</p>}
      </section>
      <CourseReviews courseId={course.id} initial={found.reviews} teachers={found.teachers} signedIn={signedIn} />
    </div>
  );
}
