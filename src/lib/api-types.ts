/**
 * The JSON shapes the API answers with (docs/product.md), shared by services, pages and islands: each is the output type
 * of its zod schema in api-schemas.ts, which also describes it in the OpenAPI document. To change a shape, change its
 * schema; the fields' notes are there too.
 */
import type * as z from "zod/mini";
import type {
  accountViewSchema,
  companionSectionSchema,
  comparedCourseSchema,
  compareViewSchema,
  courseDetailSchema,
  courseOfferingSchema,
  courseSectionSchema,
  courseSectionsSchema,
  courseSummarySchema,
  courseViewSchema,
  distributionSchema,
  hubPlanSchema,
  myReviewSchema,
  pastedCodesResultSchema,
  prerequisiteRefSchema,
  prerequisiteViewSchema,
  professorMatchSchema,
  professorViewSchema,
  ratingAveragesSchema,
  requiredForSchema,
  reviewViewSchema,
  scheduleCourseSchema,
  scheduleViewSchema,
  searchCourseSchema,
  searchPageSchema,
  voteResultSchema,
  voteTypeSchema,
  worksheetJoinSchema,
  worksheetSchema,
  worksheetVersionSchema,
} from "./api-schemas.ts";

export type CourseView = z.output<typeof courseViewSchema>;
export type SearchPage = z.output<typeof searchPageSchema>;
export type PastedCodes = z.output<typeof pastedCodesResultSchema>;
export type SearchCourse = z.output<typeof searchCourseSchema>;
export type ProfessorMatch = z.output<typeof professorMatchSchema>;
export type ScheduleView = z.output<typeof scheduleViewSchema>;
export type ScheduleCourse = z.output<typeof scheduleCourseSchema>;
export type Worksheet = z.output<typeof worksheetSchema>;
export type WorksheetVersionView = z.output<typeof worksheetVersionSchema>;
export type WorksheetJoin = z.output<typeof worksheetJoinSchema>;
export type CourseOffering = z.output<typeof courseOfferingSchema>;
export type PrerequisiteRef = z.output<typeof prerequisiteRefSchema>;
export type PrerequisiteView = z.output<typeof prerequisiteViewSchema>;
export type RequiredFor = z.output<typeof requiredForSchema>;
/** GET /api/users/hub-plan: what the student still needs, the courses that finish it, and whether they cover it all. */
export type HubPlanView = z.output<typeof hubPlanSchema>;
/** GET /api/courses/{id}: the course, its prerequisites as data, and the courses that name it as one. */
export type CourseDetail = z.output<typeof courseDetailSchema>;
/** GET /api/courses/compare and the /compare page: a course with what the comparison shows besides its view. */
export type ComparedCourse = z.output<typeof comparedCourseSchema>;
export type CompareView = z.output<typeof compareViewSchema>;
/** The account fields a signed-in page shows (GET /api/users/account). */
export type AccountView = z.output<typeof accountViewSchema>;

/** The ratings a course's distribution counts, each as the number of 1s … 5s. */
export const DISTRIBUTED = [
  "overallRating",
  "usefulnessRating",
  "difficultyRating",
  "workloadRating",
  "interestRating",
  "teacherRating",
] as const;
export type Distribution = z.output<typeof distributionSchema>;

export type VoteType = z.output<typeof voteTypeSchema>;
export type VoteResult = z.output<typeof voteResultSchema>;
export type ReviewView = z.output<typeof reviewViewSchema>;
export type MyReviewView = z.output<typeof myReviewSchema>;
/** Averages over a set of reviews; every figure is 0 (or null) when `count` is 0. */
export type RatingAverages = z.output<typeof ratingAveragesSchema>;
/** GET /api/courses/{id}/summary: what the course page shows above its reviews, in one answer. */
export type CourseSummary = z.output<typeof courseSummarySchema>;
/** GET /api/courses/{id}/sections: the course's sections per known term, from the current term on. */
export type CourseSections = z.output<typeof courseSectionsSchema>;
export type TermSections = CourseSections["terms"][number];
/** A section a student registers for, with its companions. */
export type CourseSection = z.output<typeof courseSectionSchema>;
/** A discussion or lab that goes with a section. */
export type CompanionSection = z.output<typeof companionSectionSchema>;
export type SectionInstructor = CompanionSection["instructors"][number];
export type SectionMeeting = CompanionSection["meetings"][number];
/** GET /api/professors/{slug}: every course a professor was reviewed for, with their averages, and their reviews. */
export type ProfessorView = z.output<typeof professorViewSchema>;
/** A professor as reviews name them: the slug groups spellings; `name` is the most used one. */
export type ProfessorRef = Pick<ProfessorView, "slug" | "name">;
