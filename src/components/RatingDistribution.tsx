import type { Distribution } from "../lib/api-types.ts";

const ROWS: [label: string, key: keyof Distribution][] = [
  ["Overall", "overallRating"],
  ["Usefulness", "usefulnessRating"],
  ["Difficulty", "difficultyRating"],
  ["Workload", "workloadRating"],
  ["Interest", "interestRating"],
  ["Teacher", "teacherRating"],
];

/** How many reviews gave each value from 1 to 5, per rating, as small bar charts that read as tables. */
export function RatingDistribution({ distribution }: { distribution: Distribution }) {
  return (
    <div className="distribution">
      {ROWS.map(([label, key]) => {
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
                    <span className="bar" style={{ inlineSize: `${(n / most) * 100}%` }} aria-hidden="true" />
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
