import { useRef, useState } from "react";
import { apiFetch } from "../src/client/api.ts";
import { island } from "../src/client/island.tsx";
import { ReviewCard } from "../src/components/ReviewCard.tsx";
import { VoteButtons } from "../src/components/VoteButtons.tsx";
import {
  ReviewListError,
  type ReviewSort as Sort,
  ReviewSortSelect,
  ShowMoreReviews,
} from "../src/components/ReviewListControls.tsx";
import type { Paged } from "../src/lib/paging.ts";
import type { ProfessorView, ReviewView } from "../src/lib/api-types.ts";

type Review = ReviewView & { courseCode: string; courseTitle: string };
type Props = { slug: string; initial: Paged<Review>; signedIn: boolean };

/** A professor's reviews across their courses, ten at a time, newest or most helpful first. */
function ProfessorReviewList({ slug, initial, signedIn }: Props) {
  const [reviews, setReviews] = useState(initial.content);
  const [total, setTotal] = useState(initial.totalElements);
  const [page, setPage] = useState(initial.number);
  const [sort, setSort] = useState<Sort>("newest");
  /** After a 401 the error links to the login page. */
  const [signIn, setSignIn] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const request = useRef(0);

  async function load(nextSort: Sort, nextPage: number) {
    const id = ++request.current;
    setLoading(true);
    const answer = await apiFetch<ProfessorView>(
      `/api/professors/${encodeURIComponent(slug)}?sort=${nextSort}&page=${nextPage}`,
    );
    if (id !== request.current) return;
    setLoading(false);
    if (!answer.ok) {
      setSignIn(false);
      return setError(answer.message ?? `request failed (${answer.status})`);
    }
    const list = answer.data.reviews;
    setReviews((current) =>
      nextPage === 0 ? list.content : [...current, ...list.content.filter((r) => !current.some((c) => c.id === r.id))]
    );
    setTotal(list.totalElements);
    setPage(nextPage);
  }

  return (
    <section className="course-reviews" aria-labelledby="reviews-heading">
      <div className="reviews-head">
        <h2 id="reviews-heading">{`Reviews (${total})`}</h2>
        <div className="reviews-controls">
          <ReviewSortSelect
            value={sort}
            onChange={(next) => {
              setSort(next);
              void load(next, 0);
            }}
          />
        </div>
      </div>
      <ReviewListError error={error} signIn={signIn} />
      <div className="review-list" aria-busy={loading}>
        {reviews.map((review) => (
          <ReviewCard
            key={review.id}
            review={review}
            heading={
              <h3 className="review-course">
                <a href={`/course/${review.courseId}`}>
                  <span className="code">{review.courseCode}</span> {review.courseTitle}
                </a>
              </h3>
            }
            actions={
              <VoteButtons
                reviewId={review.id}
                initial={review}
                signedIn={signedIn}
                own={review.owner}
                onError={(message, needsSignIn = false) => {
                  setError(message);
                  setSignIn(needsSignIn);
                }}
              />
            }
          />
        ))}
      </div>
      <ShowMoreReviews shown={reviews.length} total={total} loading={loading} onClick={() => load(sort, page + 1)} />
    </section>
  );
}

export default island("ProfessorReviewList", ProfessorReviewList, "visible");
