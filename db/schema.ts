/**
 * The whole HubRate schema. Course identity is college + department + number;
 * averages and counts on `courses` are kept in step with the visible reviews
 * inside the transaction that changes them.
 */
import { sql } from "drizzle-orm";
import { blob, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** 128 random bits as 32 hex digits, as the migration's `lower(hex(randomblob(16)))` makes them. */
export function accountKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`);

/** Every college (school) a course or a student can belong to, with its name. */
export const colleges = sqliteTable("colleges", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
});

/** The departments of each college (CAS CS: Computer Science), so pages show names instead of codes. */
export const departments = sqliteTable("departments", {
  college: text("college").notNull(),
  code: text("code").notNull(),
  name: text("name").notNull(),
}, (t) => [primaryKey({ columns: [t.college, t.code] })]);

export const majors = sqliteTable("majors", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  college: text("college").notNull().references(() => colleges.code, { onDelete: "cascade" }),
  name: text("name").notNull(),
}, (t) => [uniqueIndex("majors_college_name").on(t.college, t.name)]);

export const hubAreas = sqliteTable("hub_areas", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  category: text("category").notNull(),
  /** Units a student needs; null for SI2 and SO2, which share one unit between them. */
  required: integer("required"),
  position: integer("position").notNull(),
});

export const courses = sqliteTable("courses", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  college: text("college").notNull(),
  department: text("department").notNull(),
  number: text("number").notNull(),
  /** Numeric part of `number`, so 120S sorts after 99 and before 121. */
  numberValue: integer("number_value").notNull(),
  title: text("title").notNull(),
  noPreReqs: integer("no_prereqs", { mode: "boolean" }).notNull(),
  /** In BU's recent catalog; a course missing from it may no longer be offered, and is marked so. */
  current: integer("current", { mode: "boolean" }).notNull().default(true),
  numReviews: integer("num_reviews").notNull().default(0),
  avgOverall: real("avg_overall").notNull().default(0),
  avgUsefulness: real("avg_usefulness").notNull().default(0),
  avgDifficulty: real("avg_difficulty").notNull().default(0),
  avgWorkload: real("avg_workload").notNull().default(0),
  avgInterest: real("avg_interest").notNull().default(0),
  avgTeacher: real("avg_teacher").notNull().default(0),
  /**
   * Best Rating's key: the Bayesian average `(C·m + n·avg) / (C + n)` of a rated course, -1 for one without reviews, so
   * that one descending index gives the sort. Kept by the `course_figures_changed` trigger (migration 0011) with the
   * prior m stored in app_settings (`rating_prior`), which follows the mean of the rated courses.
   */
  ratingScore: real("rating_score").notNull().default(-1),
  /** When the figures last changed, on the `figures_stamp` counter of app_settings: what a copy in memory reads to catch up. */
  figuresStamp: integer("figures_stamp").notNull().default(0),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
}, (t) => [
  uniqueIndex("courses_identity").on(t.college, t.department, t.number),
  index("courses_code_order").on(t.numberValue, t.number, t.college, t.department),
  index("courses_department").on(t.department, t.numberValue),
  // The sort orders of search, column for column, so a sorted page reads the index instead of sorting.
  index("courses_best_rating").on(
    sql`${t.ratingScore} DESC`,
    sql`${t.numReviews} DESC`,
    t.college,
    t.department,
    t.numberValue,
    t.number,
  ),
  index("courses_reviews_order").on(sql`${t.numReviews} DESC`, t.college, t.department, t.numberValue, t.number),
  index("courses_no_prereqs").on(t.noPreReqs, t.numberValue),
  index("courses_figures_stamp").on(t.figuresStamp),
  // The prior of Best Rating is the mean of these: read from the index alone.
  index("courses_rated_overall").on(t.avgOverall).where(sql`${t.numReviews} > 0`),
]);

/**
 * The long texts of a course, kept apart so that search, which scans courses,
 * reads narrow rows.
 */
export const courseTexts = sqliteTable("course_texts", {
  courseId: integer("course_id").primaryKey().references(() => courses.id, { onDelete: "cascade" }),
  description: text("description"),
  prerequisites: text("prerequisites"),
  /** What the prerequisite text says besides courses (src/lib/prerequisite-parser.ts); null when nothing. */
  prerequisiteNote: text("prerequisite_note"),
  /** The text asks for something the site cannot check (standing, consent, placement). */
  prerequisiteConditions: integer("prerequisite_conditions", { mode: "boolean" }).notNull().default(false),
  /** How much of the text became course groups: full, partial or none; null without a text. */
  prerequisiteCoverage: text("prerequisite_coverage"),
});

/**
 * What a starting process would otherwise build from many rows, built once and stored for every process: one row per
 * kind, gzipped, with the version it was built at. `catalog`: the catalog in memory (src/services/catalog/catalog-cache.ts),
 * built for a `catalog_version`; `description_postings`: the words of every course description as search matches
 * them (src/services/search/search-descriptions.ts), built for a `descriptions_version`, which triggers on course_texts raise
 * (migration 0012). A cold process reads a few hundred kilobytes instead of 1.4 MB of rows or 4 MB of text; a row of
 * another version or format is built again.
 */
export const derivedData = sqliteTable("derived_data", {
  key: text("key").primaryKey(),
  format: text("format").notNull(),
  builtFor: integer("built_for").notNull(),
  data: blob("data", { mode: "buffer" }).notNull(),
});

/** The courses a prerequisite text names, as groups: every group is required, any one course of a group satisfies it. */
export const coursePrerequisites = sqliteTable(
  "course_prerequisites",
  {
    courseId: integer("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
    groupIndex: integer("group_index").notNull(),
    position: integer("position").notNull(),
    /** "CAS EC 101", as the text names it (placed in a college). */
    code: text("code").notNull(),
    /** The named course in the catalog; null when the catalog has no such course. */
    requiredId: integer("required_id").references(() => courses.id, { onDelete: "set null" }),
    /** The group may also be satisfied by something that is not a course ("or equivalent"). */
    alternative: integer("alternative", { mode: "boolean" }).notNull(),
  },
  (
    t,
  ) => [
    primaryKey({ columns: [t.courseId, t.groupIndex, t.position] }),
    index("course_prerequisites_required").on(t.requiredId),
  ],
);

/**
 * The courses a course's description says cannot count together with it ("Cannot be taken for credit in addition to
 * CAS MA 442."), read with its prerequisites (src/lib/description-exclusions.ts): what the planner and the course page
 * will tell a student who has one of them.
 */
export const courseExclusions = sqliteTable("course_exclusions", {
  courseId: integer("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
  position: integer("position").notNull(),
  /** "CAS MA 442", as the description names it. */
  code: text("code").notNull(),
  /** The named course in the catalog; null when the catalog has no such course. */
  excludedId: integer("excluded_id").references(() => courses.id, { onDelete: "set null" }),
}, (t) => [primaryKey({ columns: [t.courseId, t.position] }), index("course_exclusions_excluded").on(t.excludedId)]);

export const courseHubUnits = sqliteTable("course_hub_units", {
  courseId: integer("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
  hubCode: text("hub_code").notNull().references(() => hubAreas.code),
}, (t) => [
  primaryKey({ columns: [t.courseId, t.hubCode] }),
  index("course_hub_units_by_hub").on(t.hubCode, t.courseId),
]);

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull(),
  passwordHash: text("password_hash").notNull(),
  enabled: integer("enabled", { mode: "boolean" }).notNull().default(false),
  college: text("college").notNull(),
  major: text("major").notNull(),
  expectedGrad: integer("expected_grad").notNull(),
  /** Bumped on logout, password change and reset: tokens carrying an older value stop working. */
  sessionVersion: integer("session_version").notNull().default(1),
  /**
   * Random, made once per account and never reused: tokens and unsubscribe links carry it, so after a backup or export is
   * restored a token made for an account that is gone cannot stand for a new account given the same id.
   * Rows inserted by SQL without one get one from a trigger (migration 0014).
   */
  sessionKey: text("session_key").notNull().$defaultFn(accountKey),
  /** Demo reviewers exist only to own demo reviews; they can never log in. */
  isDemo: integer("is_demo", { mode: "boolean" }).notNull().default(false),
  /** Opted in to one email at the end of each term listing completed courses without a review. */
  reviewReminders: integer("review_reminders", { mode: "boolean" }).notNull().default(false),
  /** The Hub rules the student follows: as a first-year entrant or as a transfer student (src/lib/hub-requirements.ts). */
  hubTrack: text("hub_track", { enum: ["first-year", "transfer"] }).notNull().default("first-year"),
  /** In the Kilachand Honors College, whose courses are open to its students only (src/lib/enrolment-rules.ts). */
  kilachand: integer("kilachand", { mode: "boolean" }).notNull().default(false),
  /** What the Hub planner keeps for the student: departments, levels and courses left out (JSON, src/lib/hub-plan.ts). */
  plannerSettings: text("planner_settings"),
  createdAt: createdAt(),
}, (t) => [uniqueIndex("users_email").on(t.email)]);

/** One row per student and term a review reminder went to: running the reminder task twice sends nothing new. */
export const reviewRemindersSent = sqliteTable("review_reminders_sent", {
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  /** The term the reminder closes, e.g. "2026-fall". */
  term: text("term").notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.userId, t.term] })]);

export const authCodes = sqliteTable("auth_codes", {
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  purpose: text("purpose", { enum: ["verify", "reset"] }).notNull(),
  email: text("email").notNull(),
  codeHash: text("code_hash").notNull(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  attempts: integer("attempts").notNull().default(0),
  /** HMAC of the one-click link's token that the verification mail carries; it lives and dies with the code. */
  linkHash: text("link_hash"),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.userId, t.purpose] }), uniqueIndex("auth_codes_link").on(t.linkHash)]);

export const reviews = sqliteTable("reviews", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  courseId: integer("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  overallRating: real("overall_rating").notNull(),
  usefulnessRating: integer("usefulness_rating").notNull(),
  difficultyRating: integer("difficulty_rating").notNull(),
  workloadRating: integer("workload_rating").notNull(),
  interestRating: integer("interest_rating").notNull(),
  teacherRating: integer("teacher_rating").notNull(),
  teacherName: text("teacher_name").notNull(),
  semester: text("semester").notNull(),
  /** The typed name reduced to a slug (src/lib/professor-names.ts): one spelling across case, spacing and titles. */
  nameKey: text("name_key").notNull().default(""),
  /**
   * The professor: the key of the course's instructor the name matches (table `instructor_names`), else `name_key`.
   * The professor page's slug.
   */
  teacherKey: text("teacher_key").notNull().default(""),
  /** The term the semester text names, as year × 10 + season (src/lib/semesters.ts); null when it cannot be read. */
  term: integer("term"),
  hoursPerWeek: real("hours_per_week").notNull(),
  attendanceRequired: integer("attendance_required", { mode: "boolean" }).notNull().default(false),
  assignmentTypes: text("assignment_types").notNull(),
  reviewText: text("review_text").notNull(),
  upvotes: integer("upvotes").notNull().default(0),
  downvotes: integer("downvotes").notNull().default(0),
  /** Hidden after three reports from different users, until an operator acts. */
  hidden: integer("hidden", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
}, (t) => [
  uniqueIndex("reviews_one_per_user_course").on(t.userId, t.courseId),
  index("reviews_by_course").on(t.courseId, t.hidden, t.createdAt),
  index("reviews_by_course_teacher").on(t.courseId, t.teacherName),
  // A professor's page: their visible reviews newest first, and their courses.
  index("reviews_by_professor").on(t.teacherKey, t.hidden, t.createdAt),
  // The professor a merged spelling's old page (/professor/{name_key}) now redirects to.
  index("reviews_by_name_key").on(t.nameKey, t.hidden),
  // Covers a course's figures (src/services/courses/course-summary.ts) without reading review texts.
  index("reviews_figures").on(
    t.courseId,
    t.hidden,
    t.overallRating,
    t.usefulnessRating,
    t.difficultyRating,
    t.workloadRating,
    t.interestRating,
    t.teacherRating,
    t.hoursPerWeek,
    t.attendanceRequired,
    t.term,
    t.teacherKey,
    t.teacherName,
  ),
]);

export const reviewVotes = sqliteTable("review_votes", {
  reviewId: integer("review_id").notNull().references(() => reviews.id, { onDelete: "cascade" }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  voteType: text("vote_type", { enum: ["UPVOTE", "DOWNVOTE"] }).notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.reviewId, t.userId] }), index("review_votes_by_user").on(t.userId)]);

export const reviewReports = sqliteTable("review_reports", {
  reviewId: integer("review_id").notNull().references(() => reviews.id, { onDelete: "cascade" }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  reason: text("reason").notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.reviewId, t.userId] }), index("review_reports_by_user").on(t.userId)]);

function courseList(name: string) {
  return sqliteTable(name, {
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  }, (t) => [primaryKey({ columns: [t.userId, t.courseId] }), index(`${name}_by_course`).on(t.courseId)]);
}

export const completedCourses = courseList("completed_courses");
export const futureCourses = courseList("future_courses");
export const savedCourses = courseList("saved_courses");

/**
 * A term of BU's class schedule, by the registrar's code: "2" + the year's last two digits + the season (1 spring, 5
 * summer, 8 fall), so 2268 is Fall 2026. `source` says where its sections came from: the registrar's download, the
 * bulletin's course pages, or HubRate's demo schedule.
 */
export const terms = sqliteTable("terms", {
  code: integer("code").primaryKey(),
  name: text("name").notNull(),
  source: text("source", { enum: ["registrar", "bulletin", "demo"] }).notNull(),
  /** When its sections were last imported: the "as of" of their seats. */
  importedAt: integer("imported_at", { mode: "timestamp_ms" }).notNull(),
});

/** The columns of a section that its source gives, in `sections` and in `schedule_staging` alike. */
const sectionFileColumns = () => ({
  /** The registrar's class number, which registration asks for; null where the source has none (the bulletin). */
  classNumber: integer("class_number"),
  enrollment: integer("enrollment", { mode: "boolean" }).notNull(),
  status: text("status", { enum: ["active", "cancelled", "stopped"] }).notNull(),
  capacity: integer("capacity"),
  enrolled: integer("enrolled"),
  waitCapacity: integer("wait_capacity"),
  waitlist: integer("waitlist"),
  creditsMin: real("credits_min"),
  creditsMax: real("credits_max"),
  mode: text("mode"),
  notes: text("notes"),
  /** Whether the section has a final exam in the exam period; null when the source does not say. */
  finalExam: integer("final_exam", { mode: "boolean" }),
});

/**
 * A section of a course in a term: one a student registers for (`enrollment`), or a discussion or lab that goes with
 * one (a companion). Its identity across imports is term, course and section, so a student's plan keeps pointing at it;
 * a section that left its term's latest file is kept, marked `gone`.
 */
export const sections = sqliteTable("sections", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  termCode: integer("term_code").notNull().references(() => terms.code, { onDelete: "cascade" }),
  courseId: integer("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
  section: text("section").notNull(),
  ...sectionFileColumns(),
  gone: integer("gone", { mode: "boolean" }).notNull().default(false),
}, (t) => [
  uniqueIndex("sections_identity").on(t.termCode, t.courseId, t.section),
  index("sections_course").on(t.courseId, t.termCode),
]);

/** When and where a section meets: most have one pattern, some more (an evening exam slot). Times in minutes. */
export const sectionMeetings = sqliteTable("section_meetings", {
  sectionId: integer("section_id").notNull().references(() => sections.id, { onDelete: "cascade" }),
  position: integer("position").notNull(),
  /** Day letters in week order: M T W R F S U ("MWF", "TR"); empty when the source gives no days. */
  days: text("days").notNull(),
  startMinute: integer("start_minute"),
  endMinute: integer("end_minute"),
  room: text("room"),
  /** ISO dates (2026-09-02) of the first and last meeting. */
  startDate: text("start_date"),
  endDate: text("end_date"),
}, (t) => [primaryKey({ columns: [t.sectionId, t.position] })]);

/** Who teaches a section, in the source's order. */
export const sectionInstructors = sqliteTable("section_instructors", {
  sectionId: integer("section_id").notNull().references(() => sections.id, { onDelete: "cascade" }),
  position: integer("position").notNull(),
  lastName: text("last_name").notNull(),
  firstName: text("first_name").notNull(),
}, (t) => [primaryKey({ columns: [t.sectionId, t.position] }), index("section_instructors_name").on(t.lastName)]);

/**
 * The schedule's instructors as professors, one row per professor key (the slug of "First Last"): the name the
 * professor's page and the courses' professor tables show, and whom search finds before any review names them.
 * Rebuilt with `instructor_names` from section_instructors (src/services/schedule/professor-matching.ts).
 */
export const instructors = sqliteTable("instructors", {
  key: text("key").primaryKey(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
});

/**
 * How a student may type the name of one of a course's instructors ("Prof. Marchetti", "E. Marchetti", "Marchetti,
 * Elena"), as the slug of what they type, and the instructor's professor key it stands for. A slug that could be two
 * of the course's instructors is left out: such a review keeps its own grouping.
 */
export const instructorNames = sqliteTable("instructor_names", {
  courseId: integer("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
  nameKey: text("name_key").notNull(),
  teacherKey: text("teacher_key").notNull(),
}, (t) => [primaryKey({ columns: [t.courseId, t.nameKey] }), index("instructor_names_by_key").on(t.teacherKey)]);

/** A companion (discussion, lab) and a section it goes with, where the data says so. */
export const sectionLinks = sqliteTable("section_links", {
  companionId: integer("companion_id").notNull().references(() => sections.id, { onDelete: "cascade" }),
  sectionId: integer("section_id").notNull().references(() => sections.id, { onDelete: "cascade" }),
}, (t) => [primaryKey({ columns: [t.companionId, t.sectionId] })]);

/**
 * A schedule import's sections on their way in (src/services/schedule/schedule-import.ts): written in short
 * transactions while the site serves, then merged into `sections` and the tables beside them in one transaction per
 * term, so visitors' writes never wait long and no one sees half a term. Meetings, instructors and the lectures a
 * companion goes with are JSON arrays, in the shape the merge compares with what is stored. An import's rows are
 * deleted when it ends; rows a crashed import left are deleted by the next one.
 */
export const scheduleStaging = sqliteTable("schedule_staging", {
  importId: text("import_id").notNull(),
  termCode: integer("term_code").notNull(),
  courseId: integer("course_id").notNull(),
  section: text("section").notNull(),
  ...sectionFileColumns(),
  /** [[days, startMinute, endMinute, room, startDate, endDate], …] in position order. */
  meetings: text("meetings").notNull(),
  /** [[lastName, firstName], …] in position order. */
  instructors: text("instructors").notNull(),
  /** The sections of the same course this one is a discussion or lab of: ["A1", …]. */
  lectures: text("lectures").notNull(),
  /** Filled by the merge: the section's id in `sections`, and whether its meetings or instructors differ from those stored. */
  sectionId: integer("section_id"),
  meetingsChanged: integer("meetings_changed", { mode: "boolean" }),
  instructorsChanged: integer("instructors_changed", { mode: "boolean" }),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.importId, t.termCode, t.courseId, t.section] }),
  index("schedule_staging_section").on(t.importId, t.sectionId),
]);

/**
 * A student's worksheet for a term: one named version ("Plan A", "Plan B") of the week they are building, its sections
 * in `schedule_sections`. A visitor's is kept in their browser instead and joins their account when they log in.
 */
export const schedules = sqliteTable("schedules", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  termCode: integer("term_code").notNull().references(() => terms.code),
  name: text("name").notNull(),
  /** The read-only share link's secret (/schedule/shared/{token}); null while sharing is off. */
  shareToken: text("share_token"),
  createdAt: createdAt(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
}, (t) => [
  uniqueIndex("schedules_user_term_name").on(t.userId, t.termCode, t.name),
  uniqueIndex("schedules_share_token").on(t.shareToken),
]);

/** The sections of a worksheet version: per course, the section to register for and the discussion or lab with it. */
export const scheduleSections = sqliteTable(
  "schedule_sections",
  {
    scheduleId: integer("schedule_id").notNull().references(() => schedules.id, { onDelete: "cascade" }),
    sectionId: integer("section_id").notNull().references(() => sections.id, { onDelete: "cascade" }),
    courseId: integer("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
  },
  (
    t,
  ) => [
    primaryKey({ columns: [t.scheduleId, t.sectionId] }),
    index("schedule_sections_course").on(t.scheduleId, t.courseId),
  ],
);

/**
 * How many visible reviews use each spelling of each professor's name: the
 * professor directory (the typeahead's professors, the sitemap), kept exact
 * by triggers on `reviews` (migration 0013) in the transaction of every
 * review written, edited, hidden, restored or deleted (an account's with it).
 * Derived, so not exported (db/transfer.ts): an import's reviews fill it.
 */
export const professorSpellings = sqliteTable("professor_spellings", {
  teacherKey: text("teacher_key").notNull(),
  teacherName: text("teacher_name").notNull(),
  uses: integer("uses").notNull(),
}, (t) => [uniqueIndex("professor_spellings_name").on(t.teacherKey, t.teacherName)]);

export const contactMessages = sqliteTable("contact_messages", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  createdAt: createdAt(),
});

/**
 * Mail waiting to go out, so no request waits on the mail server: written in
 * the transaction that decides to send it, delivered by the outbox worker
 * with retries. Delivered SMTP mail is deleted; without SMTP_URL it stays,
 * marked sent, so a developer can read it.
 */
export const outbox = sqliteTable("outbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html"),
  replyTo: text("reply_to"),
  /** Extra mail headers as a JSON object, e.g. List-Unsubscribe on a reminder. */
  headers: text("headers"),
  attempts: integer("attempts").notNull().default(0),
  /** When the worker may try (again); a worker that claims the row moves it forward, so two instances never send it twice at once. */
  nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull().default(sql`0`),
  sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  /** Set when the worker gave up; the row stays for the operator. */
  failedAt: integer("failed_at", { mode: "timestamp_ms" }),
  lastError: text("last_error"),
  createdAt: createdAt(),
}, (t) => [index("outbox_due").on(t.sentAt, t.failedAt, t.nextAttemptAt), index("outbox_to").on(t.to)]);

export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: integer("reset_at", { mode: "timestamp_ms" }).notNull(),
}, (t) => [index("rate_limits_reset").on(t.resetAt)]);

/** Small facts about this installation, such as which catalog is loaded ("demo" or "imported"). */
export const appSettings = sqliteTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/**
 * A number that rises with every change to what a visitor can see: the catalog, its reference data, reviews,
 * votes and reports. Triggers on those tables raise it (migration 0010), whatever writes them: the app, a
 * command-line task, another process, SQL by hand. Visitor responses are cached under it
 * (src/middleware/response-cache.ts). One row; not exported (db/transfer.ts), since it is the database's
 * state, not data: an import raises it.
 */
export const contentVersion = sqliteTable("content_version", {
  id: integer("id").primaryKey(),
  value: integer("value").notNull(),
});
