import { loginUrl } from "../client/navigation.ts";
/** The controls every review list shares: the sort select and the button that loads the next page. */

export type ReviewSort = "newest" | "helpful";

export function ReviewSortSelect({ value, onChange }: { value: ReviewSort; onChange: (sort: ReviewSort) => void }) {
  return (
    <div className="field">
      <label htmlFor="reviews-sort">Sort reviews</label>
      <select id="reviews-sort" value={value} onChange={(e) => onChange(e.target.value as ReviewSort)}>
        <option value="newest">Newest first</option>
        <option value="helpful">Most helpful</option>
      </select>
    </div>
  );
}

/** 'Show more reviews (N more)' while some are not shown yet; nothing once all are. */
export function ShowMoreReviews(
  { shown, total, loading, onClick }: { shown: number; total: number; loading: boolean; onClick: () => void },
) {
  if (shown >= total) return null;
  return (
    <p className="center">
      <button type="button" className="button button-ghost" disabled={loading} onClick={onClick}>
        {loading ? "Loading..." : `Show more reviews (${total - shown} more)`}
      </button>
    </p>
  );
}

/**
 * A review list's error: "Error loading: …", or, when the session has ended (signed out in another tab), the message
 * with a link to log in and come back here.
 */
export function ReviewListError({ error, signIn }: { error: string | null; signIn: boolean }) {
  if (!error) return null;
  return (
    <p className="alert alert-error" role="alert">
      {signIn ? error : `Error loading: ${error}`}
      {signIn && (
        <>
          {" "}
          <a href={loginUrl()}>Log in</a>
        </>
      )}
    </p>
  );
}
