import { plural } from "../lib/text.ts";

/**
 * A rating's colour step, 1 to 5, for ratings where higher is better. The
 * steps keep AA contrast in light and dark mode (static/styles.css, Ratings).
 */
export function scoreStep(value: number): number {
  return value >= 4.5 ? 5 : value >= 3.75 ? 4 : value >= 3 ? 3 : value >= 2 ? 2 : 1;
}

type ScoreProps = {
  value: number;
  /** How many reviews the average is over: none means no rating at all. */
  count: number;
  /** Say the count beside the number. */
  withCount?: boolean;
  /** A rating where a low number is neither good nor bad (difficulty, workload): shown without the colour scale. */
  neutral?: boolean;
};

/** An average rating to one decimal on the colour scale, or "No ratings yet" when there are no reviews. */
export function Score({ value, count, withCount, neutral }: ScoreProps) {
  if (count === 0) return <span className="score score-none">No ratings yet</span>;
  return (
    <span className="score-with-count">
      <span className={neutral ? "score score-neutral" : `score score-${scoreStep(value)}`}>{value.toFixed(1)}</span>
      {withCount && <span className="score-count">{`(${plural(count, "review")})`}</span>}
    </span>
  );
}
