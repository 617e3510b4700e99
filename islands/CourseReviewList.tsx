import { type FormEvent, useRef, useState } from "react";
import { apiFetch } from "../src/client/api.ts";
import { island } from "../src/client/island.tsx";
import { refreshSummary, useSummaryPart } from "../src/client/course-summary-store.ts";
import { loginUrl } from "../src/client/navigation.ts";
import { ConfirmDialog } from "../src/components/ConfirmDialog.tsx";
import { ReviewCard } from "../src/components/ReviewCard.tsx";
import { VoteButtons } from "../src/components/VoteButtons.tsx";
import {
  ReviewListError,
  type ReviewSort as Sort,
  ReviewSortSelect,
  ShowMoreReviews,
} from "../src/components/ReviewListControls.tsx";
import type { ReviewView } from "../src/lib/api-types.ts";
import { type ReviewFilters, reviewFilters } from "../src/lib/rating-figures.ts";

type ReviewPage = { content: ReviewView[]; totalElements: number; totalPages: number; number: number; size: number };
type Props = { courseId: number; initial: ReviewPage; filters: ReviewFilters; signedIn: boolean };

function ReportForm(
  { reviewId, onDone, onError }: {
    reviewId: number;
    onDone: (hidden: boolean) => void;
    onError: (message: string) => void;
  },
) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [sending, setSending] = useState(false);
  if (!open) {
    return <button type="button" className="link-button" onClick={() => setOpen(true)}>Report</button>;
  }
  async function send(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim() || sending) return;
    setSending(true);
    const result = await apiFetch<{ hidden: boolean }>(`/api/reviews/${reviewId}/report`, {
      method: "POST",
      body: { reason },
    });
    setSending(false);
    if (result.ok) onDone(result.data.hidden);
    else onError(result.message ?? `request failed (${result.status})`);
  }
  return (
    <form className="report-form" onSubmit={send}>
      <label htmlFor={`report-${reviewId}`}>Why should this review be removed?</label>
      <select id={`report-${reviewId}`} value={reason} onChange={(e) => setReason(e.target.value)} required>
        <option value="">Choose a reason</option>
        <option>Offensive or hateful</option>
        <option>Personal information or harassment</option>
        <option>Spam or not about this course</option>
        <option>Other</option>
      </select>
      <button type="submit" className="button button-small" disabled={!reason || sending}>
        {sending ? "Reporting..." : "Send report"}
      </button>
      <button type="button" className="link-button" onClick={() => setOpen(false)}>Cancel</button>
    </form>
  );
}

function CourseReviewList({ courseId, initial, filters: initialFilters, signedIn }: Props) {
  const filters = useSummaryPart(courseId, reviewFilters, initialFilters);
  const [reviews, setReviews] = useState(initial.content);
  const [total, setTotal] = useState(initial.totalElements);
  const [page, setPage] = useState(initial.number);
  const [teacher, setTeacher] = useState("");
  const [semester, setSemester] = useState("");
  const [sort, setSort] = useState<Sort>("newest");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const request = useRef(0);

  /** After a 401 the alert also links to the login page, back to this course. */
  const [signIn, setSignIn] = useState(false);
  const showError = (message: string, needsSignIn = false) => {
    setError(message);
    setSignIn(needsSignIn);
  };

  const score = teacher ? filters.professors.find((p) => p.name === teacher)?.averages.overall ?? null : null;

  async function load(next: { teacher: string; semester: string; sort: Sort }, nextPage: number) {
    const id = ++request.current;
    setLoading(true);
    const params = new URLSearchParams({ sort: next.sort, page: String(nextPage), size: String(initial.size) });
    if (next.teacher) params.set("teacherName", next.teacher);
    if (next.semester) params.set("semester", next.semester);
    const list = await apiFetch<ReviewPage>(`/api/reviews/course/${courseId}?${params}`);
    if (id !== request.current) return;
    setLoading(false);
    if (!list.ok) return showError(list.message ?? `request failed (${list.status})`);
    setReviews((current) =>
      nextPage === 0
        ? list.data.content
        : [...current, ...list.data.content.filter((r) => !current.some((c) => c.id === r.id))]
    );
    setTotal(list.data.totalElements);
    setPage(nextPage);
  }

  function choose(change: Partial<{ teacher: string; semester: string; sort: Sort }>) {
    const next = { teacher, semester, sort, ...change };
    setTeacher(next.teacher);
    setSemester(next.semester);
    setSort(next.sort);
    void load(next, 0);
  }

  /** Delete asks first, in the site's own dialog; the button that opened it gets the focus back on Cancel. */
  const [asking, setAsking] = useState<{ review: ReviewView; opener: HTMLElement | null } | null>(null);
  const [deleting, setDeleting] = useState(false);

  function cancelDelete() {
    const opener = asking?.opener;
    setAsking(null);
    opener?.focus();
  }

  async function remove(review: ReviewView) {
    setDeleting(true);
    const result = await apiFetch(`/api/reviews/${review.id}`, { method: "DELETE" });
    setDeleting(false);
    setAsking(null);
    if (result.ok || result.status === 404) {
      setReviews((list) => list.filter((r) => r.id !== review.id));
      setTotal((n) => n - 1);
      setNotice(result.ok ? "Your review was deleted." : "Review could not be found");
      // The summary, the averages, the charts and the write button follow.
      void refreshSummary(courseId);
    } else {
      showError(result.message ?? "Failed to delete review");
    }
  }

  function reported(review: ReviewView, hidden: boolean) {
    setNotice("Thanks. The review has been reported and will be looked at.");
    if (hidden) {
      setReviews((list) => list.filter((r) => r.id !== review.id));
      setTotal((n) => n - 1);
      void refreshSummary(courseId);
    } else {
      setReviews((list) => list.map((r) => r.id === review.id ? { ...r, reported: true } : r));
    }
  }

  return (
    <section className="course-reviews" aria-labelledby="reviews-heading">
      <div className="reviews-head">
        <h2 id="reviews-heading">{`Reviews (${total})`}</h2>
        <div className="reviews-controls">
          <div className="field">
            <label htmlFor="reviews-teacher">Teacher</label>
            <select id="reviews-teacher" value={teacher} onChange={(e) => choose({ teacher: e.target.value })}>
              <option value="">All Teachers</option>
              {filters.professors.map(({ name }) => <option key={name} value={name}>{name}</option>)}
            </select>
          </div>
          {filters.semesters.length > 0 && (
            <div className="field">
              <label htmlFor="reviews-semester">Semester</label>
              <select id="reviews-semester" value={semester} onChange={(e) => choose({ semester: e.target.value })}>
                <option value="">All semesters</option>
                {filters.semesters.map((s) => (
                  <option key={s.term} value={String(s.term)}>{`${s.label} (${s.count})`}</option>
                ))}
              </select>
            </div>
          )}
          <ReviewSortSelect value={sort} onChange={(next) => choose({ sort: next })} />
        </div>
      </div>
      {teacher && score !== null && (
        <p className="teacher-score" role="status">
          {`Professor ${teacher} has an average rating of ${score.toFixed(1)} when teaching this course`}
        </p>
      )}
      <ReviewListError error={error} signIn={signIn} />
      {notice && <p className="alert alert-success" role="status">{notice}</p>}
      {reviews.length === 0 && !loading && (
        <p className="empty">
          {teacher || semester
            ? "No reviews match these filters."
            : "No reviews yet. Be the first to review this course."}
        </p>
      )}
      <div className="review-list" aria-busy={loading}>
        {reviews.map((review) => (
          <ReviewCard
            key={review.id}
            review={review}
            actions={
              <>
                <VoteButtons
                  reviewId={review.id}
                  initial={review}
                  signedIn={signedIn}
                  own={review.owner}
                  onError={showError}
                />
                {review.owner && (
                  <span className="owner-actions">
                    <a
                      className="icon-button"
                      href={`/course/${courseId}/review?edit=${review.id}`}
                      aria-label="Edit your review"
                      title="Edit"
                    >
                      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                        <path
                          d="M4 20h4L19 9l-4-4L4 16zM14 6l4 4"
                          fill="none"
                          stroke="currentColor"
                          strokeWidth="2"
                          strokeLinejoin="round"
                        />
                      </svg>
                    </a>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label="Delete your review"
                      title="Delete"
                      aria-haspopup="dialog"
                      onClick={(e) => setAsking({ review, opener: e.currentTarget })}
                    >
                      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                        <path
                          d="M5 7h14M10 7V4h4v3M7 7l1 13h8l1-13"
                          fill="none"
                          stroke="currentColor"
                          strokeWidth="2"
                          strokeLinejoin="round"
                        />
                      </svg>
                    </button>
                  </span>
                )}
                {!review.owner && signedIn && !review.reported && (
                  <ReportForm
                    reviewId={review.id}
                    onDone={(hidden) => reported(review, hidden)}
                    onError={showError}
                  />
                )}
                {!review.owner && !signedIn && (
                  <a className="link-button" href={loginUrl(`/course/${courseId}`)}>Report</a>
                )}
                {review.reported && <span className="muted">Reported</span>}
              </>
            }
          />
        ))}
      </div>
      <ShowMoreReviews
        shown={reviews.length}
        total={total}
        loading={loading}
        onClick={() => load({ teacher, semester, sort }, page + 1)}
      />
      {asking && (
        <ConfirmDialog
          id="delete-review-dialog"
          title="Delete your review?"
          description="Your review, its ratings and its votes are removed from the course right away. This cannot be undone."
          confirmLabel="Yes, delete my review"
          busy={deleting}
          onCancel={cancelDelete}
          onConfirm={() => void remove(asking.review)}
        />
      )}
    </section>
  );
}

export default island("CourseReviewList", CourseReviewList, "visible");
