import type { Distribution } from "../lib/api-types.ts";

/** Each rating, and whether a low number is neither good nor bad (then its bars stay neutral instead of taking the scale's colours). */
const ROWS: [label: string, key: keyof Distribution, neutral: boolean][] = [
  ["Overall", "overallRating", false],
  ["Usefulness", "usefulnessRating", false],
  ["Difficulty", "difficultyRating", true],
  ["Workload", "workloadRating", true],
  ["Interest", "interestRating", false],
  ["Teacher", "teacherRating", false],
];

/** How many reviews gave each value from 1 to 5, per rating, as small bar charts that read as tables. */
export function RatingDistribution({ distribution }: { distribution: Distribution }) {
  return (
    <div className="distribution">
      {ROWS.map(([label, key, neutral]) => {
        const counts = distribution[key];
        const most = Math.max(1, ...counts);
        return (
          <table key={key} className="distribution-table">
            <caption>{label}</caption>
            <thead>
              <tr>
                <th scope="col">Rating</th>
                <th scope="col">Reviews</th>
              </tr>
            </thead>
            <tbody>
              {counts.map((n, i) => (
                <tr key={i}>
                  <th scope="row">{i + 1}</th>
                  <td>
                    {n > 0 && <span className={neutral ? "bar" : `bar bar-${i + 1}`} style={{ inlineSize: `${(n / most) * 100}%` }} aria-hidden="true" />}
                    <span className="bar-count">{n}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        );
      })}
    </div>
  );
}
