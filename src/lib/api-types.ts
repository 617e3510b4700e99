/** The JSON shapes the API answers with (docs/product.md), shared by services, pages and islands. */
import type { Paged } from "./paging.ts";

export type CourseView = {
  id: number;
  college: string;
  department: string;
  courseCode: string;
  code: string;
  title: string;
  /** "Computer Science" for CAS CS; the code itself when the department is not known. */
  departmentName: string;
  collegeName: string;
  /** In BU's recent catalog; false marks a course that may no longer be offered. */
  current: boolean;
  description: string | null;
  prerequisites: string | null;
  noPreReqs: boolean;
  numReviews: number;
  averageOverallRating: number;
  averageUsefulnessRating: number;
  averageDifficultyRating: number;
  averageWorkloadRating: number;
  averageInterestRating: number;
  averageTeacherRating: number;
  hubRequirements: { code: string; name: string }[];
  userReviewed: boolean;
};

export type SearchPage = Paged<CourseView>;

/** The account fields a signed-in page shows (GET /api/users/account). */
export type AccountView = { email: string; college: string; major: string; expectedGrad: number };

/** The ratings a course's distribution counts, each as the number of 1s … 5s. */
export const DISTRIBUTED = ["overallRating", "usefulnessRating", "difficultyRating", "workloadRating", "interestRating", "teacherRating"] as const;
export type Distribution = Record<(typeof DISTRIBUTED)[number], [number, number, number, number, number]>;

export type VoteType = "UPVOTE" | "DOWNVOTE";
export type VoteResult = { voteCount: number; userVote: VoteType | null };

export type ReviewView = {
  id: number;
  courseId: number;
  overallRating: number;
  usefulnessRating: number;
  difficultyRating: number;
  workloadRating: number;
  interestRating: number;
  teacherRating: number;
  teacherName: string;
  semester: string;
  hoursPerWeek: number;
  attendanceRequired: boolean;
  assignmentTypes: string;
  reviewText: string;
  createdAt: string;
  owner: boolean;
  voteCount: number;
  userVote: VoteType | null;
  /** Whether the viewer has already reported it. */
  reported: boolean;
};

export type MyReviewView = ReviewView & { courseCode: string; courseTitle: string; hidden: boolean };
