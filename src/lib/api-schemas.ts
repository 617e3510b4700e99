/**
 * The JSON the API answers with, as zod schemas: the one source of the API's
 * shapes. The OpenAPI document (GET /api/openapi.json) describes every answer
 * with them, the API tests check every answer they receive against that
 * document, and the types the code uses (api-types.ts) are their output types.
 */
import * as z from "zod/mini";
import type { HubProgressItem, HubProgressSummary, RequirementProgress } from "./hub-counting.ts";
import { type SortBy, SORTS } from "./search-filter.ts";

/** A schema that the document lists once under components/schemas, by `name`. */
function named<T extends z.ZodMiniType>(name: string, description: string, schema: T): T {
  return schema.check(z.meta({ id: name, description })) as T;
}

const count = z.int().check(z.gte(0));
const id = z.int().check(z.gte(1));
const average = z.number().check(z.gte(0), z.lte(5));

/** Every error answer: `message` reads well to a student; a refused form names its fields' messages. */
export const errorSchema = named(
  "Error",
  "An error answer: `message` says what went wrong in words a student can read; a refused body or query adds each field's message under `fields`.",
  z.object({
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
  }),
);

export const messageSchema = named("Message", "A confirmation to show as it is.", z.object({ message: z.string() }));

export const stringListSchema = z.array(z.string());

export const hubRequirementSchema = z.object({ code: z.string(), name: z.string() });

export const courseViewSchema = named(
  "Course",
  "A course with its averages over its visible reviews (0 without reviews) and its Hub areas. `userReviewed` is true when the signed-in student has reviewed it.",
  z.object({
    id,
    college: z.string(),
    department: z.string(),
    courseCode: z.string(),
    code: z.string(),
    title: z.string(),
    /** "Computer Science" for CAS CS; the code itself when the department is not known. */
    departmentName: z.string(),
    collegeName: z.string(),
    /** In BU's recent catalog; false marks a course that may no longer be offered. */
    current: z.boolean(),
    description: z.nullable(z.string()),
    prerequisites: z.nullable(z.string()),
    noPreReqs: z.boolean(),
    numReviews: count,
    averageOverallRating: average,
    averageUsefulnessRating: average,
    averageDifficultyRating: average,
    averageWorkloadRating: average,
    averageInterestRating: average,
    averageTeacherRating: average,
    hubRequirements: z.array(hubRequirementSchema),
    userReviewed: z.boolean(),
  }),
);

function paged<T extends z.core.$ZodType>(item: T) {
  return z.object({ content: z.array(item), totalElements: count, totalPages: count, number: count, size: count });
}

/** A course's sections in one term of the class schedule. */
export const courseOfferingSchema = z.object({
  /** The registrar's term code: 2268 is Fall 2026. */
  term: z.int(),
  /** "Fall 2026". */
  name: z.string(),
  /** Sections a student registers for (not discussions or labs), without cancelled ones. */
  sections: count,
});

export const searchCourseSchema = named(
  "SearchCourse",
  "A course as search finds it: a Course, and `offering`, its sections in the term of the `offered` filter, or without it in the soonest term from the current one on that has them (null when no term with a schedule has any).",
  z.object({ ...courseViewSchema.shape, offering: z.nullable(courseOfferingSchema) }),
);

/** A course of a professor search finds, with how students rated the professor in it. */
const professorCourseSchema = z.object({
  id,
  code: z.string(),
  title: z.string(),
  /** Visible reviews of this course that name the professor. */
  reviews: count,
  /** The professor's teacher average in this course, 1 to 5; null without reviews. */
  teacher: z.nullable(z.number()),
  /** The soonest term from the current one on in which the professor teaches a section of it ("Fall 2026"); null when none. */
  teaching: z.nullable(z.string()),
});

export const professorMatchSchema = named(
  "ProfessorMatch",
  "A professor whose name the search text is (each word a word of the name, or the start of one), with the courses students reviewed them in and those the class schedule gives them.",
  z.object({
    /** Their page (/professor/{slug}); null for an instructor no review names yet. */
    slug: z.nullable(z.string()),
    name: z.string(),
    reviews: count,
    /** Their teacher average over every course, 1 to 5; null without reviews. */
    teacher: z.nullable(z.number()),
    /** Their courses: those they teach soonest first, then the most reviewed (12 at most). */
    courses: z.array(professorCourseSchema),
    /** How many courses they have in all, on their page. */
    courseCount: count,
  }),
);

export const searchPageSchema = named(
  "SearchPage",
  "One page of search results, pages numbered from 0, and on the first page of a text search the professors the text names (at most 3). `understood` lists the phrases of the text read as a Hub area or a sort, as typed, with what each became and where it starts in q (a character offset); `sortBy` is the order of the page; `scoped` says the courses were limited to current undergraduate ones (no text to match and `allCourses` not set).",
  z.object({
    ...paged(searchCourseSchema).shape,
    professors: z.array(professorMatchSchema),
    sortBy: z.enum(Object.keys(SORTS) as [SortBy, ...SortBy[]]),
    understood: z.array(z.object({ text: z.string(), meaning: z.string(), start: z.int() })),
    scoped: z.boolean(),
  }),
);

/** A course a prerequisite names; `id` is null when the catalog has no such course. */
export const prerequisiteRefSchema = z.object({ id: z.nullable(id), code: z.string() });
const eligibilitySchema = z.enum(["met", "unmet", "unknown"]);

const prerequisiteFields = {
  /** Every group is required; any one course of a group satisfies it. */
  prerequisiteGroups: z.array(z.array(prerequisiteRefSchema)),
  /** What the prerequisite text says besides courses ("or equivalent", "junior standing"); null when nothing. */
  prerequisiteNote: z.nullable(z.string()),
  /** For a signed-in student: met, unmet, or unknown (a condition the site cannot check). */
  eligibility: z.optional(eligibilitySchema),
  /** For a signed-in student, per group: whether one of its courses is completed. */
  groupsMet: z.optional(z.array(z.boolean())),
};
export const prerequisiteViewSchema = z.object(prerequisiteFields);
export const requiredForSchema = z.object({ id, code: z.string(), title: z.string() });

export const courseDetailSchema = named(
  "CourseDetail",
  "A course with its prerequisites as data (every group required, any one course of a group enough; `eligibility` and `groupsMet` only for a signed-in student) and the courses that name it as a prerequisite.",
  z.object({
    ...courseViewSchema.shape,
    ...prerequisiteFields,
    requiredFor: z.array(requiredForSchema),
    /** The courses its description says cannot count together with it; `id` null when the catalog lacks one. */
    exclusions: z.array(prerequisiteRefSchema),
    /** The courses whose descriptions say they cannot count together with it: the same rule, from the other side. */
    namedInExclusions: z.array(prerequisiteRefSchema),
  }),
);

/** A course with what the comparison shows besides its view, prerequisites included. */
export const comparedCourseSchema = z.object({
  ...courseViewSchema.shape,
  ...prerequisiteFields,
  /** "100-level", from the course number. */
  level: z.string(),
  /** Over the visible reviews: the median of their hours per week (null without reviews) and how many there are. */
  hoursPerWeek: z.object({ median: z.nullable(z.number()), count }),
});

export const compareViewSchema = named(
  "Comparison",
  "Up to four courses side by side.",
  z.object({ courses: z.array(comparedCourseSchema) }),
);

export const ratingAveragesSchema = named(
  "RatingAverages",
  "Averages over a set of reviews; every figure is 0 (or null) when `count` is 0.",
  z.object({
    count,
    overall: average,
    usefulness: average,
    difficulty: average,
    workload: average,
    interest: average,
    teacher: average,
    /** The median of the reviews' hours per week. */
    medianHours: z.nullable(z.number()),
    /** The share of reviews (0-1) saying attendance is required. */
    attendanceShare: z.nullable(z.number().check(z.gte(0), z.lte(1))),
  }),
);

const fiveCounts = z.tuple([count, count, count, count, count]);
export const distributionSchema = named(
  "Distribution",
  "For each rating, how many reviews gave 1, 2, 3, 4 and 5.",
  z.object({
    overallRating: fiveCounts,
    usefulnessRating: fiveCounts,
    difficultyRating: fiveCounts,
    workloadRating: fiveCounts,
    interestRating: fiveCounts,
    teacherRating: fiveCounts,
  }),
);

export const courseSummarySchema = named(
  "CourseSummary",
  "What the course page shows above its reviews: all-time and recent averages, the distribution, the trend by semester, each professor's figures and the semesters with reviews.",
  z.object({
    courseId: id,
    allTime: ratingAveragesSchema,
    /** The last four fall and spring semesters, with the sessions between them. */
    recent: z.object({ ...ratingAveragesSchema.shape, from: z.string(), to: z.string() }),
    distribution: distributionSchema,
    /** The overall average per semester, oldest first: only semesters with reviews. */
    trend: z.array(z.object({ term: z.int(), label: z.string(), shortLabel: z.string(), count, overall: average })),
    /** Each professor's averages within this course, most reviewed first. */
    professors: z.array(
      z.object({
        slug: z.string(),
        name: z.string(),
        averages: ratingAveragesSchema,
        lastTerm: z.nullable(z.string()),
      }),
    ),
    /** Semesters that have reviews, newest first, for the review filter. */
    semesters: z.array(z.object({ term: z.int(), label: z.string(), count })),
    /** Reviews whose semester text names no readable term: they count in all-time figures only. */
    unreadSemesters: count,
    /** Whether the signed-in viewer has reviewed the course. */
    userReviewed: z.boolean(),
  }),
);

export const voteTypeSchema = z.enum(["UPVOTE", "DOWNVOTE"]);
const rating = z.int().check(z.gte(1), z.lte(5));

export const reviewViewSchema = named(
  "Review",
  "A review as anyone may read it: anonymous; `owner`, `userVote` and `reported` are about the signed-in viewer.",
  z.object({
    id,
    courseId: id,
    overallRating: z.number().check(z.gte(1), z.lte(5)),
    usefulnessRating: rating,
    difficultyRating: rating,
    workloadRating: rating,
    interestRating: rating,
    teacherRating: rating,
    teacherName: z.string(),
    /** The professor's page: /professor/{professorSlug}. */
    professorSlug: z.string(),
    semester: z.string(),
    hoursPerWeek: z.number().check(z.gte(0), z.lte(40)),
    attendanceRequired: z.boolean(),
    assignmentTypes: z.string(),
    reviewText: z.string(),
    createdAt: z.string(),
    owner: z.boolean(),
    voteCount: z.int(),
    userVote: z.nullable(voteTypeSchema),
    /** Whether the viewer has already reported it. */
    reported: z.boolean(),
  }),
);

export const reviewPageSchema = named(
  "ReviewPage",
  "One page of reviews, pages numbered from 0.",
  paged(reviewViewSchema),
);

export const myReviewSchema = named(
  "MyReview",
  "One of the signed-in student's reviews, with its course and whether reports have hidden it.",
  z.object({ ...reviewViewSchema.shape, courseCode: z.string(), courseTitle: z.string(), hidden: z.boolean() }),
);

export const voteResultSchema = named(
  "VoteResult",
  "A review's score (upvotes minus downvotes) and the viewer's vote.",
  z.object({ voteCount: z.int(), userVote: z.nullable(voteTypeSchema) }),
);

export const professorViewSchema = named(
  "Professor",
  "A professor as reviews name them: the courses they were reviewed for with their averages, and a page of their reviews.",
  z.object({
    slug: z.string(),
    name: z.string(),
    /** Other spellings students used. */
    aliases: z.array(z.string()),
    averages: ratingAveragesSchema,
    courses: z.array(
      z.object({
        id,
        code: z.string(),
        title: z.string(),
        averages: ratingAveragesSchema,
        lastTerm: z.nullable(z.string()),
      }),
    ),
    reviews: paged(z.object({ ...reviewViewSchema.shape, courseCode: z.string(), courseTitle: z.string() })),
  }),
);

const suggestionSchema = z.object({ id, code: z.string(), title: z.string() });
export const courseSuggestionsSchema = z.array(suggestionSchema);
export const suggestionsSchema = named(
  "Suggestions",
  "What the search box offers for the text typed: up to 8 courses and 3 professors.",
  z.object({
    courses: courseSuggestionsSchema,
    professors: z.array(z.object({ slug: z.string(), name: z.string(), reviews: count })),
  }),
);

export const namedDepartmentsSchema = z.array(z.object({ code: z.string(), name: z.string() }));

const pastedCourseSchema = z.object({
  text: z.string(),
  id,
  code: z.string(),
  title: z.string(),
  notCompleted: z.optional(
    z.enum(["withdrawn", "in progress", "failed", "incomplete", "no credit", "audit", "no grade"]),
  ),
});

export const pastedCodesResultSchema = named(
  "PastedCodes",
  "The courses found in pasted text (a transcript, a degree audit, or codes), read line by line: `matched` with " +
    "`notCompleted` when the grade beside it says so (withdrawn, in progress, failed, incomplete, no credit, audit, " +
    "or no grade where the other courses of a transcript have theirs); " +
    "`completed` the signed-in student's completed courses among them, not offered again; `unmatched` the codes " +
    "that name no course; `notUnderstood` the lines with no course code that are not a transcript's own lines " +
    "(terms, totals, headers); `skipped` the codes past the first 100 different ones, not read.",
  z.object({
    matched: z.array(pastedCourseSchema),
    completed: z.array(pastedCourseSchema),
    unmatched: z.array(z.string()),
    notUnderstood: z.array(z.string()),
    skipped: z.int(),
  }),
);

const minuteOfDay = z.int().check(z.gte(0), z.lte(24 * 60));

const scheduleMeetingSchema = named(
  "SectionMeeting",
  "When and where a section meets. `days` holds day letters in week order (M T W R F S U: `MWF`, `TR`), empty when the schedule gives none; times are minutes after midnight in Boston; dates are ISO (2026-09-02).",
  z.object({
    days: z.string(),
    startMinute: z.nullable(minuteOfDay),
    endMinute: z.nullable(minuteOfDay),
    room: z.nullable(z.string()),
    startDate: z.nullable(z.string()),
    endDate: z.nullable(z.string()),
  }),
);

const sectionInstructorSchema = named(
  "SectionInstructor",
  "Who teaches a section. `professorSlug` names the professor's page (/professor/{professorSlug}), null when no visible review names them anywhere; `teacher` is their average teacher rating over this course's visible reviews of them (`reviews` of them), null without any.",
  z.object({
    firstName: z.string(),
    lastName: z.string(),
    /** "First Last". */
    name: z.string(),
    professorSlug: z.nullable(z.string()),
    teacher: z.nullable(average),
    reviews: count,
  }),
);

const sectionFields = {
  id,
  /** The section's code in its term: "A1", "A2". */
  section: z.string(),
  /** The registrar's class number, which registration asks for; null where the source has none. */
  classNumber: z.nullable(z.int()),
  /** `stopped`: closed to new enrollment. */
  status: z.enum(["active", "cancelled", "stopped"]),
  capacity: z.nullable(count),
  enrolled: z.nullable(count),
  waitCapacity: z.nullable(count),
  waitlist: z.nullable(count),
  creditsMin: z.nullable(z.number().check(z.gte(0))),
  creditsMax: z.nullable(z.number().check(z.gte(0))),
  /** "In-Person", "Online"…, as the source writes it. */
  mode: z.nullable(z.string()),
  /** Plain text; line breaks are the source's. */
  notes: z.nullable(z.string()),
  /** Whether it has a final exam in the exam period; null when the source does not say. */
  finalExam: z.nullable(z.boolean()),
  /**
   * Whether the section has left the term's latest schedule. Such a section is listed only as one a plan chose (a
   * schedule's week), so the plan can say it will not meet; a course's own sections never include it.
   */
  gone: z.boolean(),
  meetings: z.array(scheduleMeetingSchema),
  instructors: z.array(sectionInstructorSchema),
};

export const companionSectionSchema = named(
  "CompanionSection",
  "A discussion, lab or other section that goes with a section a student registers for.",
  z.object(sectionFields),
);

export const courseSectionSchema = named(
  "CourseSection",
  "A section a student registers for, with the companions (discussions, labs) that go with it.",
  z.object({ ...sectionFields, companions: z.array(companionSectionSchema) }),
);

export const courseSectionsSchema = named(
  "CourseSections",
  "A course's sections in each term whose schedule HubRate knows, from the current term on, in calendar order; a term without sections of the course has empty lists. Seats are as of `importedAt`.",
  z.object({
    courseId: id,
    terms: z.array(z.object({
      /** BU's term code: 2268 is Fall 2026. */
      code: z.int(),
      name: z.string(),
      /** Where the sections came from; `demo` is HubRate's own demo schedule. */
      source: z.enum(["registrar", "bulletin", "demo"]),
      /** When the term's sections were imported (ISO 8601): the "as of" of their seats. */
      importedAt: z.string(),
      sections: z.array(courseSectionSchema),
      /** Companions that go with any of the term's sections of the course. */
      unlinkedCompanions: z.array(companionSectionSchema),
    })),
  }),
);

/** A course of a worksheet version: its chosen sections (a section to register for, and its discussion or lab). */
const worksheetCourseSchema = z.object({ courseId: id, sectionIds: z.array(id) });

export const worksheetVersionSchema = named(
  "WorksheetVersion",
  'One named version of a student\'s worksheet for a term ("Plan A"): per course, in the order added, the sections chosen. `shareToken` is set while its read-only share link (/schedule/shared/{shareToken}) is on.',
  z.object({
    id,
    /** BU's term code: 2268 is Fall 2026. */
    term: z.int(),
    name: z.string(),
    shareToken: z.nullable(z.string()),
    courses: z.array(worksheetCourseSchema),
  }),
);

export const worksheetSchema = named(
  "Worksheet",
  "The student's versions of their worksheet for a term, oldest first; empty when they have not started one.",
  z.object({ term: z.int(), versions: z.array(worksheetVersionSchema) }),
);

export const worksheetJoinSchema = named(
  "WorksheetJoin",
  "The versions a visitor's worksheet became on their account, and what was left out, with the reason: a course (`courseId`) whose sections no longer hold, or a whole version or term (`courseId` null).",
  z.object({
    versions: z.array(worksheetVersionSchema),
    skipped: z.array(z.object({ courseId: z.nullable(id), reason: z.string() })),
  }),
);

export const scheduleCourseSchema = named(
  "ScheduleCourse",
  "A course of a schedule, with what a student weighs: its figures over its visible reviews (null without reviews), its Hub units and, for a signed-in student, those of their remaining Hub units it covers (`adds`); the sections chosen (`chosen`) and every section of the term to choose from, each instructor with their teacher average in this course.",
  z.object({
    id,
    code: z.string(),
    title: z.string(),
    reviews: count,
    overall: z.nullable(z.number()),
    workload: z.nullable(z.number()),
    /** The hours a week students report, on average. */
    hoursPerWeek: z.nullable(z.number()),
    hubUnits: z.array(z.string()),
    adds: z.array(z.string()),
    chosen: z.array(id),
    sections: z.array(courseSectionSchema),
    unlinkedCompanions: z.array(companionSectionSchema),
  }),
);

export const scheduleViewSchema = named(
  "ScheduleView",
  'A week of a term\'s sections, as the schedule page shows it: the term, each course with its sections, and for a signed-in student the remaining Hub units the courses cover together (`adds`: "this term adds QR2, CRT").',
  z.object({
    term: z.object({
      code: z.int(),
      name: z.string(),
      source: z.enum(["registrar", "bulletin", "demo"]),
      importedAt: z.string(),
    }),
    courses: z.array(scheduleCourseSchema),
    adds: z.array(z.string()),
  }),
);

export const accountViewSchema = named(
  "Account",
  "The signed-in student's account.",
  z.object({
    email: z.string(),
    college: z.string(),
    major: z.string(),
    expectedGrad: z.int(),
    /** Opted in to the end-of-term review reminder mail. */
    reviewReminders: z.boolean(),
    /** The Hub rules the student follows: as a first-year entrant, or as a transfer student. */
    hubTrack: z.enum(["first-year", "transfer"]),
    /** In the Kilachand Honors College: KHC courses are open to them. */
    kilachand: z.boolean(),
  }),
);

export const meSchema = z.object({ ...accountViewSchema.shape, enabled: z.boolean() });

export const tokenSchema = named(
  "Token",
  "A session token: send it as `Authorization: Bearer <token>`. It lasts 30 days, or until the student signs out or changes the password.",
  z.object({ token: z.string() }),
);

export const signedInSchema = z.object({ message: z.string(), token: z.string() });

export const loginUnverifiedSchema = z.object({
  message: z.string(),
  verificationRequired: z.literal(true),
  email: z.string(),
  codeSent: z.boolean(),
});

export const teacherScoreSchema = z.object({ teacherName: z.string(), averageRating: z.number() });

export const reportResultSchema = z.object({ message: z.string(), hidden: z.boolean() });

export const accountUpdatedSchema = z.object({ message: z.string(), account: accountViewSchema });

export const remindersSchema = z.object({ message: z.string(), reviewReminders: z.boolean() });

export const dashboardSchema = named(
  "Dashboard",
  "The signed-in student's figures and the completed courses still to review.",
  z.object({
    email: z.string(),
    college: z.string(),
    major: z.string(),
    expectedGrad: z.int(),
    coursesCompleted: count,
    coursesInProgress: count,
    coursesSaved: count,
    coursesReviewed: count,
    totalUpvotes: count,
    averageReviewScore: z.number(),
    coursesToReview: z.array(z.string()),
    coursesToReviewLinks: z.array(z.object({ id, name: z.string() })),
  }),
);

/** How far completed and future courses take a Hub area or requirement: the fields both shapes share. */
const progressFields = {
  required: count,
  completed: count,
  projected: count,
  fulfilled: z.boolean(),
  projectedFulfilled: z.boolean(),
  fulfillingCourses: z.array(z.string()),
};

export const hubProgressItemSchema = named(
  "HubProgressItem",
  "One Hub area: units completed and projected (completed plus future courses) against the units required.",
  z.object({
    category: z.string(),
    hubCode: z.string(),
    hubName: z.string(),
    ...progressFields,
    sharedWith: z.optional(z.string()),
    fulfilledBy: z.optional(z.string()),
  }),
);

const requirementProgressSchema = named(
  "HubRequirementProgress",
  "One requirement of the student's Hub rules: met by `required` different courses each carrying one of `codes`; the completed courses that count toward it, and the future ones that would complete it.",
  z.object({
    key: z.string(),
    codes: z.array(z.string()),
    name: z.string(),
    category: z.string(),
    ...progressFields,
    plannedCourses: z.array(z.string()),
  }),
);

export const hubProgressSchema = named(
  "HubProgress",
  "Every Hub area's units, the requirements of the student's Hub rules (first-year entrant or transfer student) with their courses, and the totals over those requirements. Cocurricular units count up to 2 for a first-year entrant and 1 for a transfer student.",
  z.object({
    hubProgress: z.array(hubProgressItemSchema),
    summary: z.object({ total: count, completed: count, inFuture: z.int(), remaining: z.int(), percent: count }),
    track: z.enum(["first-year", "transfer"]),
    requirements: z.array(requirementProgressSchema),
  }),
);

export const hubPlanSchema = named(
  "HubPlan",
  "The Hub requirements still missing under the student's Hub rules, and the fewest courses that complete them, laid over the terms asked for, each with why it was picked.",
  z.object({
    /** The Hub rules counted: as a first-year entrant, or as a transfer student (10 requirements). */
    track: z.enum(["first-year", "transfer"]),
    /** A requirement: "CRT", "SI2/SO2", "PLM/AEX/HCO" (one unit of any of its codes). */
    remaining: z.array(z.object({ code: z.string(), units: count })),
    /** The plan's terms, first to last (none for a plan in no term); `scheduled` when HubRate knows the term's class schedule. */
    terms: z.array(z.object({ code: z.int(), name: z.string(), scheduled: z.boolean() })),
    courses: z.array(z.object({
      ...courseViewSchema.shape,
      covers: z.array(z.string()),
      /** The plan's term for the course (a code of `terms`); null for a plan in no term. */
      term: z.nullable(z.int()),
      /** The sections chosen to fit the student's week, when asked (`fitsWeek`): "A1 + A2", their times, their ids. */
      section: z.nullable(z.object({ sections: z.string(), times: z.string(), ids: z.array(id) })),
      /** The courses of the plan, in earlier terms, that meet its prerequisites. */
      after: z.array(z.string()),
      /** Why it was picked: "covers IIC, GCI", "4.1 from 41 reviews", "offered Spring 2027, 3 sections". */
      why: z.array(z.string()),
      /** The soonest term from the current one on that has sections of it (null when none): "Add to {term} schedule". */
      offering: z.optional(z.nullable(courseOfferingSchema)),
    })),
    covered: z.boolean(),
    /**
     * False when the plan took all the time a plan may (2 s) and is the best found by then: a plan with fewer or
     * better-rated courses may exist (a note says so).
     */
    exact: z.boolean(),
    /** What the student should know: a term whose schedule is not out, courses left out and why. */
    notes: z.array(z.string()),
    /** With `fitsWeek`: the worksheet version fitted (null when the student has none for the term). */
    week: z.nullable(z.object({ version: z.nullable(z.object({ id, name: z.string() })) })),
    /** What the student keeps left out of every plan (PUT /api/users/planner-settings). */
    settings: z.object({
      departments: z.array(z.string()),
      levels: z.array(z.int()),
      courses: z.array(z.object({ id, code: z.string() })),
    }),
  }),
);

export const plannerSettingsSavedSchema = named(
  "PlannerSettings",
  'What the Hub planner leaves out of every plan for the student: departments ("CAS LS"), levels (100 for 100-199 …) and courses.',
  z.object({
    message: z.string(),
    settings: z.object({ departments: z.array(z.string()), levels: z.array(z.int()), courses: z.array(id) }),
  }),
);

export const listChangeSchema = z.object({ message: z.string(), changed: z.boolean(), inList: z.boolean() });
export const listAddSchema = z.object({ added: count, already: count, message: z.string() });

// ------------------------------------------------------------------------------------------------------------------------
// The Hub progress shapes are made by src/lib/hub-counting.ts, whose types are written there: a change to one of them
// without its schema fails the type check. Every other answer's type is the schema's output (api-types.ts).

/** Each assignable to the other: a required field on one side only, or a field of another type, makes it false. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

const sameShapes: [
  Same<z.output<typeof hubProgressItemSchema>, HubProgressItem>,
  Same<z.output<typeof hubProgressSchema>["summary"], HubProgressSummary>,
  Same<z.output<typeof requirementProgressSchema>, RequirementProgress>,
] = [true, true, true];
void sameShapes;
