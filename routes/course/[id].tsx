import BackToSearch from "../../islands/BackToSearch.tsx";
import CourseActions from "../../islands/CourseActions.tsx";
import CourseRatings from "../../islands/CourseRatings.tsx";
import CourseReviewList from "../../islands/CourseReviewList.tsx";
import RatingSummary from "../../islands/RatingSummary.tsx";
import { CourseOffered } from "../../src/components/CourseOffered.tsx";
import { EnrolmentNote } from "../../src/components/EnrolmentNote.tsx";
import { standingOf } from "../../src/lib/enrolment-rules.ts";
import { NotForCreditWith, Prerequisites, RequiredFor } from "../../src/components/PrerequisiteGroups.tsx";
import type { CourseDetail, CourseSections, CourseSummary as Summary, ReviewView } from "../../src/lib/api-types.ts";
import type { ListIds } from "../../src/lib/course-list-names.ts";
import { parseId } from "../../src/lib/ids.ts";
import type { Paged } from "../../src/lib/paging.ts";
import { plural } from "../../src/lib/text.ts";
import type { AppContext, LoadFailure, PageMeta, PageProps } from "../../src/server/context.ts";
import { listIds } from "../../src/services/courses/course-lists.ts";
import { findCourseDetail } from "../../src/services/courses/course-queries.ts";
import { reviewFilters } from "../../src/lib/rating-figures.ts";
import { listCourseReviews } from "../../src/services/reviews/course-reviews.ts";
import { courseSummary } from "../../src/services/courses/course-summary.ts";
import { courseSections } from "../../src/services/schedule/course-sections.ts";

type Found = {
  course: CourseDetail;
  reviews: Paged<ReviewView>;
  summary: Summary;
  offered: CourseSections;
  lists: ListIds | null;
  flash: string | null;
};
/** No course with that id: the page says so, with status 404. */
type Data = Found | { course: null };

/** Looked up in a Map: the query parameter is user input, and a plain object would answer `?review=constructor`. */
const FLASH = new Map([["submitted", "Review submitted successfully!"], ["updated", "Review updated successfully!"]]);

export const loadFailure: LoadFailure = {
  heading: "Course details",
  message: "Failed to load course details",
  back: { href: "/search", label: "Back to Search" },
};

export async function load(c: AppContext): Promise<Data> {
  const db = c.var.deps.database.db;
  const id = parseId(c.req.param("id"));
  const user = c.var.user?.enabled ? c.var.user : null;
  if (id === null) return { course: null };
  // Everything the page shows is read side by side: one round trip.
  const [course, reviews, figures, offered, lists] = await Promise.all([
    findCourseDetail(db, id, user?.id),
    listCourseReviews(db, id, user?.id),
    // Whether the student reviewed it is already known from the course.
    courseSummary(db, id),
    courseSections(db, id),
    user ? listIds(db, user.id) : null,
  ]);
  if (!course) return { course: null };
  const summary = { ...figures, userReviewed: course.userReviewed };
  return { course, reviews, summary, offered, lists, flash: FLASH.get(c.req.query("review") ?? "") ?? null };
}

export function meta(data: Data): PageMeta {
  if (!data.course) return { title: "Course not found", status: 404, noindex: true };
  const { course } = data;
  const rating = course.numReviews
    ? ` Rated ${course.averageOverallRating.toFixed(1)}/5 by ${plural(course.numReviews, "student")}.`
    : "";
  const summary = (course.description ?? `${course.title} at Boston University.`).slice(0, 150) + rating;
  return { title: `${course.code}: ${course.title}`, description: summary };
}

export default function CoursePage({ data, user }: PageProps<Data>) {
  if (!data.course) {
    return (
      <div className="page narrow center">
        <h1>Course not found</h1>
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
        <BackToSearch />
      </p>
      {found.flash && <p className="alert alert-success" role="status">{found.flash}</p>}
      <header className="course-header">
        <p className="course-code">
          <span className="code">{course.code}</span>
          <span className="department-name">{course.departmentName}</span>
        </p>
        <h1>{course.title}</h1>
        <p className="course-meta">
          <span>{course.collegeName}</span>
          {course.noPreReqs && <span className="badge badge-success">No Prerequisites</span>}
          {!course.current && <span className="badge badge-old">Not offered recently</span>}
        </p>
        <RatingSummary courseId={course.id} allTime={found.summary.allTime} />
        {/* The reviews come after the description, prerequisites, sections and charts: on a phone, thousands of pixels down. */}
        <p className="jump-to-reviews">
          <a href="#reviews-heading">
            {course.numReviews ? `Read the ${plural(course.numReviews, "review")}` : "Reviews"}{" "}
            <span aria-hidden="true">↓</span>
          </a>
        </p>
        {!course.current && (
          <p className="hint">
            This course is not in BU's recent catalog: it may no longer be offered. Its reviews stay here for students
            who took it.
          </p>
        )}
      </header>
      <EnrolmentNote
        course={course}
        student={user?.enabled
          ? {
            college: user.college,
            kilachand: user.kilachand,
            track: user.hubTrack,
            standing: standingOf(user.expectedGrad),
          }
          : null}
        takenIds={found.lists ? new Set([...found.lists.completed, ...found.lists.future]) : null}
      />
      <CourseActions
        courseId={course.id}
        code={course.code}
        signedIn={signedIn}
        lists={found.lists}
        reviewed={course.userReviewed}
      />
      <section aria-labelledby="description-heading">
        <h2 id="description-heading">Description</h2>
        <p>{course.description ?? "No Description Found"}</p>
      </section>
      {(course.prerequisites || course.prerequisiteGroups.length > 0 || course.prerequisiteNote) && (
        <Prerequisites course={course} prerequisites={course.prerequisites} />
      )}
      <NotForCreditWith course={course} />
      <RequiredFor course={course} />
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
      <CourseOffered offered={found.offered} />
      <CourseRatings summary={found.summary} />
      <CourseReviewList
        courseId={course.id}
        initial={found.reviews}
        filters={reviewFilters(found.summary)}
        signedIn={signedIn}
      />
    </div>
  );
}
