import { island } from "../src/client/island.tsx";
import { useCourseSummary } from "../src/client/course-summary-store.ts";
import { AveragesTable, DistributionCharts, ProfessorTable, TrendChart } from "../src/components/RatingCharts.tsx";
import type { CourseSummary } from "../src/lib/api-types.ts";

/** The course page's ratings section: recent and all-time averages, distributions, the trend and each professor. */
function CourseRatings({ summary: initial }: { summary: CourseSummary }) {
  const summary = useCourseSummary(initial.courseId, initial);
  return (
    <section aria-labelledby="ratings-heading" className="course-ratings">
      <h2 id="ratings-heading">Ratings overview</h2>
      {summary.allTime.count === 0
        ? <p className="empty">No ratings yet. The figures appear here with the first review.</p>
        : (
          <>
            <AveragesTable summary={summary} />
            <h3>How students rated it</h3>
            <DistributionCharts distribution={summary.distribution} />
            <TrendChart trend={summary.trend} />
            {summary.professors.length > 0 && (
              <>
                <h3>By professor</h3>
                <ProfessorTable professors={summary.professors} />
              </>
            )}
          </>
        )}
    </section>
  );
}

export default island("CourseRatings", CourseRatings, "update");
