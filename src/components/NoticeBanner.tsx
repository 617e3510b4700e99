/** The line that says what just happened, at the top of the page it was meant for. */
export function NoticeBanner({ notice }: { notice?: { text: string; tone: "success" | "info" } | null }) {
  if (!notice) return null;
  return <p className={`alert alert-${notice.tone} notice`} role="status">{notice.text}</p>;
}
