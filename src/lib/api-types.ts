/** The JSON shapes the API answers with (docs/product.md), shared by services, pages and islands. */
import type { Paged } from "./paging.ts";
import type { Eligibility } from "./prerequisite-parser.ts";

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

/** A course a prerequisite names; `id` is null when the catalog has no such course. */
export type PrerequisiteRef = { id: number | null; code: string };

export type PrerequisiteView = {
  /** Every group is required; any one course of a group satisfies it. */
  prerequisiteGroups: PrerequisiteRef[][];
  /** What the prerequisite text says besides courses ("or equivalent", "junior standing"); null when nothing. */
  prerequisiteNote: string | null;
  /** For a signed-in student: met, unmet, or unknown (a condition the site cannot check). */
  eligibility?: Eligibility;
  /** For a signed-in student, per group: whether one of its courses is completed. */
  groupsMet?: boolean[];
};

export type RequiredFor = { id: number; code: string; title: string };

/** GET /api/users/hub-plan: what the student still needs, the courses that finish it, and whether they cover it all. */
export type HubPlanView = {
  /** Per Hub area still short of units; the SI2/SO2 pair as "SI2/SO2". */
  remaining: { code: string; units: number }[];
  /** The plan: each course with the Hub codes it counts toward. */
  courses: (CourseView & { covers: string[] })[];
  covered: boolean;
};

/** GET /api/courses/{id}: the course, its prerequisites as data, and the courses that name it as one. */
export type CourseDetail = CourseView & PrerequisiteView & { requiredFor: RequiredFor[] };

/**
 * GET /api/courses/compare and the /compare page: a course with what the
 * comparison shows besides its view, prerequisites included.
 */
export type ComparedCourse = CourseView & PrerequisiteView & {
  /** "100-level", from the course number. */
  level: string;
  /** Over the visible reviews: the median of their hours per week (null without reviews) and how many there are. */
  hoursPerWeek: { median: number | null; count: number };
};

export type CompareView = { courses: ComparedCourse[] };

/** The account fields a signed-in page shows (GET /api/users/account). */
export type AccountView = {
  email: string;
  college: string;
  major: string;
  expectedGrad: number;
  /** Opted in to the end-of-term review reminder mail. */
  reviewReminders: boolean;
};

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
  /** The professor's page: /professor/{professorSlug}. */
  professorSlug: string;
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

/** Averages over a set of reviews; every figure is 0 (or null) when `count` is 0. */
export type RatingAverages = {
  count: number;
  overall: number;
  usefulness: number;
  difficulty: number;
  workload: number;
  interest: number;
  teacher: number;
  /** The median of the reviews' hours per week. */
  medianHours: number | null;
  /** The share of reviews (0-1) saying attendance is required. */
  attendanceShare: number | null;
};

/** A professor as reviews name them: the slug groups spellings; `name` is the most used one. */
export type ProfessorRef = { slug: string; name: string };

/** GET /api/courses/{id}/summary: what the course page shows above its reviews, in one answer. */
export type CourseSummary = {
  courseId: number;
  allTime: RatingAverages;
  /** The last four fall and spring semesters, with the sessions between them. */
  recent: RatingAverages & { from: string; to: string };
  distribution: Distribution;
  /** The overall average per semester, oldest first: only semesters with reviews. */
  trend: { term: number; label: string; shortLabel: string; count: number; overall: number }[];
  /** Each professor's averages within this course, most reviewed first. */
  professors: (ProfessorRef & { averages: RatingAverages; lastTerm: string | null })[];
  /** Semesters that have reviews, newest first, for the review filter. */
  semesters: { term: number; label: string; count: number }[];
  /** Reviews whose semester text names no readable term: they count in all-time figures only. */
  unreadSemesters: number;
  /** Whether the signed-in viewer has reviewed the course. */
  userReviewed: boolean;
};

/** GET /api/professors/{slug}: every course a professor was reviewed for, with their averages, and their reviews. */
export type ProfessorView = ProfessorRef & {
  /** Other spellings students used. */
  aliases: string[];
  averages: RatingAverages;
  courses: { id: number; code: string; title: string; averages: RatingAverages; lastTerm: string | null }[];
  reviews: Paged<ReviewView & { courseCode: string; courseTitle: string }>;
};
