import ReviewForm from "../../../islands/ReviewForm.tsx";
import type { ReviewView } from "../../../src/lib/api-types.ts";
import { parseId } from "../../../src/lib/ids.ts";
import { loginHref } from "../../../src/lib/urls.ts";
import type {
  AppContext,
  LoadFailure,
  PageMeta,
  PageProps,
  RequestContext,
  SignedInContext,
} from "../../../src/server/context.ts";
import { findCourse } from "../../../src/services/courses/course-queries.ts";
import { DomainError } from "../../../src/services/platform/domain-errors.ts";
import { findReview, ownReviewId } from "../../../src/services/reviews/course-reviews.ts";
import { courseProfessors } from "../../../src/services/courses/course-summary.ts";
import { recentSemesterLabels } from "../../../src/lib/semesters.ts";
import { courseInstructorsByTerm, type TaughtTerm } from "../../../src/services/schedule/course-sections.ts";

export const access = "user";
/** Visitors log in first and come back to the form. */
export const visitorRedirect = (c: AppContext) => {
  const url = new URL(c.req.url);
  return loginHref(url.pathname + url.search);
};

/** The form says which of the two it could not load: the review being edited, or the course. */
const failureMessage = (c: RequestContext) =>
  c.req.query("edit") !== undefined ? "Failed to load review details" : "Failed to load course details";
export const loadFailure: LoadFailure = {
  heading: "Write a review",
  message: failureMessage,
  back: { href: "/search", label: "Back to Search" },
};

type Data =
  | {
    kind: "form";
    courseId: number;
    courseCode: string;
    title: string;
    existing: ReviewView | null;
    professors: string[];
    semesters: string[];
    taught: TaughtTerm[];
  }
  | { kind: "already"; courseId: number; courseCode: string; title: string; reviewId: number }
  | { kind: "error"; message: string; status: number };

export async function load(c: SignedInContext): Promise<Data> {
  const db = c.var.deps.database.db;
  const user = c.var.user;
  const id = parseId(c.req.param("id"));
  if (id === null) return { kind: "error", message: failureMessage(c), status: 404 };
  const edit = c.req.query("edit");
  const reviewId = edit === undefined ? null : parseId(edit);
  // The course, the review to edit (or the student's own), the professors to suggest and who taught the course in the
  // known terms are read side by side: one round trip.
  const [course, review, existing, professors, taught] = await Promise.all([
    findCourse(db, id, user.id),
    reviewId === null ? null : findReview(db, reviewId, user.id).catch((error) => {
      if (error instanceof DomainError) return null;
      throw error;
    }),
    edit === undefined ? ownReviewId(db, user.id, id) : null,
    courseProfessors(db, id),
    courseInstructorsByTerm(db, id),
  ]);
  if (!course) return { kind: "error", message: failureMessage(c), status: 404 };
  const base = { courseId: course.id, courseCode: course.code, title: course.title };
  const offered = { professors: professors.map((p) => p.name), semesters: recentSemesterLabels(new Date()), taught };
  if (edit !== undefined) {
    if (!review || !review.owner || review.courseId !== course.id) {
      return { kind: "error", message: "Failed to load review details", status: 404 };
    }
    return { kind: "form", ...base, existing: review, ...offered };
  }
  if (existing !== null) return { kind: "already", ...base, reviewId: existing };
  return { kind: "form", ...base, existing: null, ...offered };
}

export function meta(data: Data): PageMeta {
  if (data.kind === "error") return { title: "Review", noindex: true, status: data.status };
  return {
    title: `${data.kind === "form" && data.existing ? "Edit your review" : "Review"} of ${data.courseCode}`,
    noindex: true,
  };
}

export default function ReviewPage({ data }: PageProps<Data>) {
  if (data.kind === "error") {
    return (
      <div className="page narrow center">
        <h1>Write a review</h1>
        <p className="alert alert-error" role="alert">{data.message}</p>
        <p>
          <a className="button" href="/search">Back to Search</a>
        </p>
      </div>
    );
  }
  return (
    <div className="page form-page">
      <p>
        <a className="button button-ghost button-small" href={`/course/${data.courseId}`}>
          ← Back to {data.courseCode}
        </a>
      </p>
      <h1>{data.kind === "form" && data.existing ? "Edit your review" : "Write a review"}</h1>
      <p className="muted">
        {data.courseCode}: {data.title}. Reviews are anonymous: no name or email is shown with them.
      </p>
      {data.kind === "already"
        ? (
          <p className="alert alert-info" role="note">
            You have already reviewed this course.{" "}
            <a href={`/course/${data.courseId}/review?edit=${data.reviewId}`}>Edit your review</a> instead.
          </p>
        )
        : (
          <ReviewForm
            courseId={data.courseId}
            courseCode={data.courseCode}
            existing={data.existing}
            professors={data.professors}
            semesters={data.semesters}
            taught={data.taught}
          />
        )}
    </div>
  );
}
