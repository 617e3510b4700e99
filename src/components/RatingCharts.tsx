/**
 * A course's figures as a student reads them: the summary under its name,
 * recent against all-time averages, the distribution of every rating and the
 * overall average by semester. Charts are SVG images whose title and
 * description say every count, so a screen reader hears the same numbers.
 */
import type { JSX } from "react";
import type { CourseSummary, Distribution, RatingAverages } from "../lib/api-types.ts";
import { plural } from "../lib/text.ts";
import { professorHref } from "../lib/urls.ts";
import { Score, scoreStep } from "./Score.tsx";

/** Each rating, and whether a low number is neither good nor bad (then it stays off the colour scale). */
export const RATING_ROWS: [label: string, key: keyof Distribution, average: keyof RatingAverages, neutral: boolean][] =
  [
    ["Overall", "overallRating", "overall", false],
    ["Usefulness", "usefulnessRating", "usefulness", false],
    ["Difficulty", "difficultyRating", "difficulty", true],
    ["Workload", "workloadRating", "workload", true],
    ["Interest", "interestRating", "interest", false],
    ["Teacher", "teacherRating", "teacher", false],
  ];

export function hoursText(hours: number | null): string {
  if (hours === null) return "—";
  return `${Number.isInteger(hours) ? hours : hours.toFixed(1)} h`;
}

export function shareText(share: number | null): string {
  return share === null ? "—" : `${Math.round(share * 100)}%`;
}

/** The figures a strip can show, each drawn from a set of averages. */
const STRIP_FIGURES = {
  overall: [
    "Overall",
    (a: RatingAverages, lead: boolean) => <Score value={a.overall} count={a.count} withCount={lead} />,
  ],
  overallCourse: [
    "Overall course rating",
    (a: RatingAverages, lead: boolean) => <Score value={a.overall} count={a.count} withCount={lead} />,
  ],
  teacher: [
    "Teacher rating",
    (a: RatingAverages, lead: boolean) => <Score value={a.teacher} count={a.count} withCount={lead} />,
  ],
  difficulty: ["Difficulty", (a: RatingAverages) => <Score value={a.difficulty} count={a.count} neutral />],
  workload: ["Workload", (a: RatingAverages) => <Score value={a.workload} count={a.count} neutral />],
  hours: ["Hours per week", (a: RatingAverages) => (
    <>
      <span className="summary-value">{hoursText(a.medianHours)}</span> <span className="score-count">median</span>
    </>
  )],
  attendance: ["Attendance required", (a: RatingAverages) => (
    <>
      <span className="summary-value">{shareText(a.attendanceShare)}</span>{" "}
      <span className="score-count">of reviews</span>
    </>
  )],
} satisfies Record<string, [string, (a: RatingAverages, lead: boolean) => JSX.Element]>;

export type StripFigure = keyof typeof STRIP_FIGURES;

/**
 * A row of figures under a page's name, the first one large with its review
 * count (the course page: overall, difficulty, workload, median hours,
 * attendance; a professor's: teacher, overall, difficulty, hours); 'No ratings
 * yet' without reviews.
 */
export function SummaryStrip({ averages, figures = ["overall", "difficulty", "workload", "hours", "attendance"] }: {
  averages: RatingAverages;
  figures?: StripFigure[];
}) {
  if (averages.count === 0) {
    return (
      <p className="summary-strip summary-empty">
        <Score value={0} count={0} /> <span className="score-count">(0 reviews)</span>
      </p>
    );
  }
  return (
    <dl className="summary-strip">
      {figures.map((key, i) => {
        const [label, draw] = STRIP_FIGURES[key];
        return (
          <div key={key} className={i === 0 ? "summary-overall" : undefined}>
            <dt>{label}</dt>
            <dd>{draw(averages, i === 0)}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/** Recent semesters beside all time, one row per rating; a column with no reviews says so. */
export function AveragesTable({ summary }: { summary: CourseSummary }) {
  const { recent, allTime } = summary;
  const cell = (averages: RatingAverages, key: keyof RatingAverages, neutral: boolean) =>
    averages.count === 0
      ? <span className="muted">—</span>
      : <Score value={averages[key] as number} count={averages.count} neutral={neutral} />;
  return (
    <>
      <div className="table-scroll">
        <table className="averages-table">
          <caption className="visually-hidden">Average ratings, recent semesters and all time</caption>
          <thead>
            <tr>
              <th scope="col">Rating</th>
              <th scope="col">
                Last four semesters
                <span className="th-note">{`${recent.from} – ${recent.to} · ${plural(recent.count, "review")}`}</span>
              </th>
              <th scope="col">
                All time
                <span className="th-note">{plural(allTime.count, "review")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {RATING_ROWS.map(([label, , key, neutral]) => (
              <tr key={key}>
                <th scope="row">{label}</th>
                <td>{cell(recent, key, neutral)}</td>
                <td>{cell(allTime, key, neutral)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">Hours per week (median)</th>
              <td>{recent.count ? hoursText(recent.medianHours) : <span className="muted">—</span>}</td>
              <td>{hoursText(allTime.medianHours)}</td>
            </tr>
            <tr>
              <th scope="row">Attendance required</th>
              <td>{recent.count ? shareText(recent.attendanceShare) : <span className="muted">—</span>}</td>
              <td>{shareText(allTime.attendanceShare)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      {recent.count === 0 && <p className="hint">No reviews name a semester from {recent.from} to {recent.to}.</p>}
      {summary.unreadSemesters > 0 && (
        <p className="hint">
          {`${plural(summary.unreadSemesters, "review")} name${
            summary.unreadSemesters === 1 ? "s" : ""
          } no semester we can read, so ${
            summary.unreadSemesters === 1 ? "it counts" : "they count"
          } in all time only.`}
        </p>
      )}
    </>
  );
}

const BAR_AREA = { x: 22, width: 140, row: 20 };

/** One rating's 1-5 counts as horizontal bars; a zero is an empty track and the number 0. */
export function DistributionChart(
  { label, counts, neutral, id }: { label: string; counts: number[]; neutral: boolean; id: string },
) {
  const most = Math.max(1, ...counts);
  const total = counts.reduce((a, b) => a + b, 0);
  const description = counts.map((n, i) => `${i + 1}: ${plural(n, "review")}`).join(", ");
  return (
    <figure className="distribution-chart">
      <figcaption id={`${id}-title`}>{`${label} ratings`}</figcaption>
      <svg
        viewBox={`0 0 200 ${BAR_AREA.row * 5}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        preserveAspectRatio="xMinYMin meet"
      >
        <desc id={`${id}-desc`}>{`From ${plural(total, "review")}: ${description}.`}</desc>
        {[...counts].reverse().map((n, row) => {
          const value = 5 - row;
          const y = row * BAR_AREA.row;
          const width = Math.round((n / most) * BAR_AREA.width * 10) / 10;
          return (
            <g key={value}>
              <text x="6" y={y + 14} className="chart-label">{value}</text>
              <rect x={BAR_AREA.x} y={y + 4} width={BAR_AREA.width} height="12" rx="3" className="chart-track" />
              {n > 0 && (
                <rect
                  x={BAR_AREA.x}
                  y={y + 4}
                  width={Math.max(width, 3)}
                  height="12"
                  rx="3"
                  className={neutral ? "chart-bar" : `chart-bar chart-bar-${value}`}
                />
              )}
              <text
                x={BAR_AREA.x + BAR_AREA.width + 8}
                y={y + 14}
                className={n ? "chart-count" : "chart-count chart-zero"}
              >
                {n}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

export function DistributionCharts({ distribution }: { distribution: Distribution }) {
  return (
    <div className="distribution-charts">
      {RATING_ROWS.map(([label, key, , neutral]) => (
        <DistributionChart key={key} id={`dist-${key}`} label={label} counts={distribution[key]} neutral={neutral} />
      ))}
    </div>
  );
}

/** Drawn at about its own size on a desktop (so its 13-unit text reads as 13 px) and scaled down on a phone. */
const TREND = { width: 480, height: 170, left: 30, right: 24, top: 14, bottom: 30 };
/**
 * The semester labels under the trend: at most 8 at desktop size, at most 5 on a phone, where they are drawn at 22
 * units instead of 14 (static/css/course.css) to stay readable on the smaller chart.
 */
const TREND_LABELS = { wide: { most: 8, font: 14 }, narrow: { most: 5, font: 22 } };
/** A label's width per character of its text, in ems: a little more than the average letter or digit. */
const LABEL_EM = 0.6;

/**
 * The indices of `count` points along `width` units to label: as many as fit (at most `most`), evenly spread, the
 * first and the last always. Labels `labelWidth` wide are drawn with the first starting at its point, the last ending
 * at its own, and the others centred: one and a half label widths between points keep every pair apart.
 */
export function spreadPoints(count: number, most: number, width: number, labelWidth: number): Set<number> {
  if (count <= 1) return new Set(count ? [0] : []);
  const interval = width / (count - 1);
  const apart = Math.max(1, Math.ceil((1.5 * labelWidth) / interval));
  const labelled = Math.max(2, Math.min(most, count, Math.floor((count - 1) / apart) + 1));
  return new Set(Array.from({ length: labelled }, (_, k) => Math.round((k * (count - 1)) / (labelled - 1))));
}

/** The overall average per semester as a line over the 1-5 scale, oldest on the left. */
export function TrendChart({ trend }: { trend: CourseSummary["trend"] }) {
  if (trend.length < 2) return null;
  const plotWidth = TREND.width - TREND.left - TREND.right;
  const plotHeight = TREND.height - TREND.top - TREND.bottom;
  // Coordinates to a tenth of a unit: finer adds bytes to the page and nothing to the drawing.
  const tenth = (n: number) => Math.round(n * 10) / 10;
  const x = (i: number) =>
    tenth(TREND.left + (trend.length === 1 ? plotWidth / 2 : (i / (trend.length - 1)) * plotWidth));
  const y = (value: number) => tenth(TREND.top + ((5 - value) / 4) * plotHeight);
  // Labels spread evenly, first and last always, as many as fit at each size.
  const longest = Math.max(...trend.map((t) => t.shortLabel.length));
  const [wide, narrow] = [TREND_LABELS.wide, TREND_LABELS.narrow].map(({ most, font }) =>
    spreadPoints(trend.length, most, plotWidth, longest * LABEL_EM * font)
  );
  const description = trend.map((t) => `${t.label}: ${t.overall.toFixed(1)} from ${plural(t.count, "review")}`).join(
    "; ",
  );
  return (
    <figure className="trend-chart">
      <figcaption id="trend-title">Overall rating by semester</figcaption>
      <svg viewBox={`0 0 ${TREND.width} ${TREND.height}`} role="img" aria-labelledby="trend-title trend-desc">
        <desc id="trend-desc">{`${description}.`}</desc>
        {[1, 2, 3, 4, 5].map((v) => (
          <g key={v}>
            <line x1={TREND.left} x2={TREND.width - TREND.right} y1={y(v)} y2={y(v)} className="chart-grid" />
            <text x={TREND.left - 8} y={y(v) + 4} className="chart-label" textAnchor="end">{v}</text>
          </g>
        ))}
        <polyline points={trend.map((t, i) => `${x(i)},${y(t.overall)}`).join(" ")} className="chart-line" />
        {trend.map((t, i) => (
          <g key={t.term}>
            <circle
              cx={x(i)}
              cy={y(t.overall)}
              r={Math.min(6, 3 + Math.sqrt(t.count))}
              className={`chart-point chart-bar-${scoreStep(t.overall)}`}
            />
            {(wide.has(i) || narrow.has(i)) && (
              <text
                x={x(i)}
                y={TREND.height - 8}
                className={`chart-label trend-term${narrow.has(i) ? "" : " wide-only"}${
                  wide.has(i) ? "" : " narrow-only"
                }`}
                textAnchor={i === 0 ? "start" : i === trend.length - 1 ? "end" : "middle"}
              >
                {t.shortLabel}
              </text>
            )}
          </g>
        ))}
      </svg>
    </figure>
  );
}

/** Each professor's averages within the course, linking to their page. */
export function ProfessorTable({ professors }: { professors: CourseSummary["professors"] }) {
  return (
    <div className="table-scroll">
      <table className="professor-table">
        <caption className="visually-hidden">Averages by professor</caption>
        <thead>
          <tr>
            <th scope="col">Professor</th>
            <th scope="col">Reviews</th>
            <th scope="col">Overall</th>
            <th scope="col">Teacher</th>
            <th scope="col" className="wide-only">Difficulty</th>
            <th scope="col" className="wide-only">Last semester</th>
          </tr>
        </thead>
        <tbody>
          {professors.map((p) => (
            <tr key={p.slug}>
              <th scope="row">
                <a href={professorHref(p.slug)}>{p.name}</a>
              </th>
              <td>{p.averages.count}</td>
              <td>
                <Score value={p.averages.overall} count={p.averages.count} />
              </td>
              <td>
                <Score value={p.averages.teacher} count={p.averages.count} />
              </td>
              <td className="wide-only">
                <Score value={p.averages.difficulty} count={p.averages.count} neutral />
              </td>
              <td className="wide-only">{p.lastTerm ?? <span className="muted">—</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
