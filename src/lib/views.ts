/** The JSON shapes the API answers with (SPEC.md section 3), shared by services, pages and islands. */

export type CourseView = {
  id: number;
  college: string;
  department: string;
  courseCode: string;
  code: string;
  title: string;
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

export type SearchPage = { content: CourseView[]; totalElements: number; totalPages: number; number: number; size: number };

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
