import { HubBadges, RatingList } from "../../src/components/CourseCard.tsx";
import type { AppContext, PageMeta, PageProps } from "../../src/server/context.ts";
import { type CourseView, findCourse } from "../../src/services/courses.ts";
import { plural } from "../../src/lib/text.ts";

type Data = { course: CourseView | null };

export async function load(c: AppContext): Promise<Data> {
  const id = Number(c.req.param("id"));
  return { course: Number.isSafeInteger(id) && id > 0 ? await findCourse(c.var.deps.database.db, id) : null };
}

export function meta({ course }: Data): PageMeta {
  if (!course) return { title: "Course not found", status: 404, noindex: true };
  const summary = course.description ? course.description.slice(0, 155) : `${course.code}: ${course.title} at Boston University.`;
  return { title: `${course.code}: ${course.title}`, description: summary };
}

export default function CoursePage({ data, user }: PageProps<Data>) {
  const { course } = data;
  if (!course) {
    return (
      <div className="page narrow center">
        <h1>Course not found</h1>
        <p>
          <a className="button" href="/search">Back to Search</a>
        </p>
      </div>
    );
  }
  return (
    <div className="page course-page">
      <p>
        <a href="/search" className="button button-ghost">← Back to search</a>
      </p>
      <header>
        <p className="course-code">{course.college} · {course.department} · {course.courseCode}</p>
        <h1>{course.title}</h1>
        <p className="course-meta">
          {course.noPreReqs && <span className="badge badge-success">No Prerequisites</span>}
          <span>{plural(course.numReviews, "review")}</span>
        </p>
      </header>
      <section aria-labelledby="ratings-heading">
        <h2 id="ratings-heading">Ratings</h2>
        <RatingList course={course} />
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
        {course.hubRequirements.length ? <HubBadges hubs={course.hubRequirements} /> : <p>This course does not fulfill any hub requirements.</p>}
      </section>
      {!user && (
        <p className="card">
          <a href="/login">Log in</a> to track this course and write a review.
        </p>
      )}
    </div>
  );
}
