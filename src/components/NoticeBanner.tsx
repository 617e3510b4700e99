import type { Notice } from "../server/notice.ts";

/** The line that says what just happened, at the top of the page it was meant for. */
export function NoticeBanner({ notice }: { notice?: Notice | null }) {
  if (!notice) return null;
  return <p className={`alert alert-${notice.tone} notice`} role="status">{notice.text}</p>;
}
