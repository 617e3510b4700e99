/** Course views as the API answers them, for the island tests. */
import type { CourseView } from "../../src/lib/api-types.ts";

/** A course with `overall` as each of its averages (and no reviews when it is 0). */
export function courseView(
  id: number,
  college: string,
  department: string,
  number: string,
  title: string,
  overall = 0,
  hubs: string[] = [],
  change: Partial<CourseView> = {},
): CourseView {
  return {
    id,
    college,
    department,
    courseCode: number,
    code: `${college} ${department} ${number}`,
    title,
    departmentName: department,
    collegeName: college,
    current: true,
    description: null,
    prerequisites: null,
    noPreReqs: false,
    numReviews: overall ? 2 : 0,
    averageOverallRating: overall,
    averageUsefulnessRating: overall,
    averageDifficultyRating: overall,
    averageWorkloadRating: overall,
    averageInterestRating: overall,
    averageTeacherRating: overall,
    hubRequirements: hubs.map((code) => ({ code, name: code })),
    userReviewed: false,
    ...change,
  };
}
