import { island } from "../src/client/island.tsx";
import { useSummaryPart } from "../src/client/course-summary-store.ts";
import { SummaryStrip } from "../src/components/RatingCharts.tsx";
import type { RatingAverages } from "../src/lib/api-types.ts";

/** The figures under a course's name; they follow the student's own review being deleted. */
function RatingSummary({ courseId, allTime }: { courseId: number; allTime: RatingAverages }) {
  const averages = useSummaryPart(courseId, (s) => s.allTime, allTime);
  return <SummaryStrip averages={averages} />;
}

export default island("RatingSummary", RatingSummary, "update");
