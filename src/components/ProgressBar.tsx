import type { ProgressTone } from "../lib/hub-counting.ts";

type Props = {
  /** Units done so far; clamped to 0…max for the bar. */
  value: number;
  max: number;
  /** Colour: green when fulfilled, info from 50%, otherwise danger (progressTone). */
  tone: ProgressTone;
  /** What the bar measures, for screen readers ("Overall Hub progress"). */
  label: string;
  /** The spoken value, e.g. "1 of 2 units"; the percentage by default. */
  valueText?: string;
  /** A larger bar for the page's overall progress. */
  size?: "small" | "large";
};

/**
 * A progress bar that screen readers announce: role="progressbar" with its
 * value, bounds and a text value. The visible numbers sit beside it in the
 * page's own markup, so the bar itself is decoration for sighted users.
 */
export function ProgressBar({ value, max, tone, label, valueText, size = "small" }: Props) {
  const safeMax = max > 0 ? max : 1;
  const now = Math.min(Math.max(value, 0), safeMax);
  const percent = Math.round((now / safeMax) * 100);
  return (
    <div
      className={`progress progress-${tone} progress-${size}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={safeMax}
      aria-valuenow={now}
      aria-valuetext={valueText ?? `${percent}%`}
    >
      <span className="progress-fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
