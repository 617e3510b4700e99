import { useEffect, useRef, useState } from "react";
import { apiFetch } from "../src/client/api.ts";
import { island } from "../src/client/island.tsx";
import { ConfirmDialog } from "../src/components/ConfirmDialog.tsx";
import { ReviewCard } from "../src/components/ReviewCard.tsx";
import { plural } from "../src/lib/text.ts";
import type { MyReviewView } from "../src/lib/api-types.ts";

type Props = { reviews: MyReviewView[] };

/** The student's own reviews, each with its course, Edit and Delete. */
function MyReviewList(props: Props) {
  const [reviews, setReviews] = useState(props.reviews);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const message = useRef<HTMLParagraphElement>(null);

  // The Delete button that had the focus is gone with its card: the outcome takes the focus instead.
  useEffect(() => {
    if (error || notice) message.current?.focus();
  }, [error, notice]);

  /** Delete asks first, in the site's own dialog; the button that opened it gets the focus back on Cancel. */
  const [asking, setAsking] = useState<{ review: MyReviewView; opener: HTMLElement | null } | null>(null);

  function cancelDelete() {
    const opener = asking?.opener;
    setAsking(null);
    opener?.focus();
  }

  async function remove(review: MyReviewView) {
    if (busy !== null) return;
    setAsking(null);
    setBusy(review.id);
    setError(null);
    setNotice(null);
    const result = await apiFetch(`/api/reviews/${review.id}`, { method: "DELETE" });
    setBusy(null);
    if (result.ok || result.status === 404) {
      setReviews((list) => list.filter((r) => r.id !== review.id));
      setNotice(result.ok ? `Your review of ${review.courseCode} was deleted.` : "Review could not be found");
    } else {
      setError(result.message ?? "Failed to delete review");
    }
  }

  return (
    <div className="my-reviews">
      <p className="list-count" aria-live="polite">{`You have currently done ${plural(reviews.length, "review")}`}</p>
      {error && (
        <p ref={message} tabIndex={-1} className="alert alert-error" role="alert">{`Error loading: ${error}`}</p>
      )}
      {notice && <p ref={message} tabIndex={-1} className="alert alert-success" role="status">{notice}</p>}
      {reviews.length === 0
        ? (
          <div className="card empty-state">
            <p className="empty-title">No reviews yet.</p>
            <p className="muted">
              Reviews you write show up here. Mark the courses you took as done, and the dashboard lists them for
              review.
            </p>
            <a className="button" href="/dashboard">See courses to review</a>
          </div>
        )
        : (
          <div className="review-list">
            {reviews.map((review) => (
              <ReviewCard
                key={review.id}
                review={review}
                heading={
                  <div className="my-review-head">
                    <h2>
                      <a href={`/course/${review.courseId}`}>
                        <span className="my-review-code">{review.courseCode}</span> {review.courseTitle}
                      </a>
                    </h2>
                    {review.hidden && <p className="badge badge-warning">Hidden after reports, pending moderation</p>}
                  </div>
                }
                actions={
                  <>
                    <span className="muted my-review-votes">{`Vote score: ${review.voteCount}`}</span>
                    <span className="owner-actions">
                      <a
                        className="button button-small button-ghost"
                        href={`/course/${review.courseId}/review?edit=${review.id}`}
                        aria-label={`Edit your review of ${review.courseCode}`}
                      >
                        Edit
                      </a>
                      <button
                        type="button"
                        className="button button-small button-ghost button-ghost-danger"
                        aria-label={`Delete your review of ${review.courseCode}`}
                        disabled={busy !== null}
                        aria-haspopup="dialog"
                        onClick={(e) => setAsking({ review, opener: e.currentTarget })}
                      >
                        {busy === review.id ? "Deleting..." : "Delete"}
                      </button>
                    </span>
                  </>
                }
              />
            ))}
          </div>
        )}
      {asking && (
        <ConfirmDialog
          id="delete-review-dialog"
          title={`Delete your review of ${asking.review.courseCode}?`}
          description="Your review, its ratings and its votes are removed from the course right away. This cannot be undone."
          confirmLabel="Yes, delete my review"
          busy={busy !== null}
          onCancel={cancelDelete}
          onConfirm={() => void remove(asking.review)}
        />
      )}
    </div>
  );
}

export default island("MyReviewList", MyReviewList);
