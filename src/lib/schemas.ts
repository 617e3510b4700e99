/**
 * One zod schema per payload, shared by the API validators and the form
 * islands. Messages are those of docs/product.md, word for word. Written with zod/mini so the
 * islands that import them stay small.
 */
import * as z from "zod/mini";
import { COMPARE_LIMIT_MESSAGE, MAX_COMPARED } from "./comparison.ts";
import { parseId } from "./ids.ts";
import { HUB_TRACKS } from "./hub-requirements.ts";
import { PLAN_LEVELS, PLAN_LIMITS } from "./hub-plan.ts";
import { hasControlCharacters, hasLineBreaks, textLength } from "./text.ts";

type TextMessages = {
  required: string;
  tooLong: string;
  /** The field's name in messages ("Subject"). */
  label: string;
  /** A one-line field (a name, a subject) refuses line breaks. */
  singleLine?: boolean;
};

/** The messages for text that holds characters nobody can see, or a line break where a line is expected. */
export function controlCharacterMessage(label: string): string {
  return `${label} contains an invisible control character. Remove it and try again.`;
}
export function lineBreakMessage(label: string): string {
  return `${label} must be on one line.`;
}

/**
 * A required text field, trimmed, measured in user-perceived characters.
 * Control characters other than tab and line breaks are refused: a NUL, say,
 * would hide what follows it from some readers while the text is stored whole.
 */
export function boundedText(min: number, max: number, messages: TextMessages) {
  return z.string({ error: messages.required }).check(
    z.trim(),
    // A cheap bound on raw size first, so a huge string is refused before it is segmented.
    z.maxLength(max * 16, messages.tooLong),
    z.refine((s) => !hasControlCharacters(s), controlCharacterMessage(messages.label)),
    z.refine((s) => !messages.singleLine || !hasLineBreaks(s), lineBreakMessage(messages.label)),
    z.refine((s) => textLength(s) >= min, messages.required),
    z.refine((s) => textLength(s) <= max, messages.tooLong),
  );
}

export function emailAddress(message: string) {
  return z.string({ error: message }).check(z.trim(), z.maxLength(254, message), z.email(message));
}

export const contactSchema = z.object({
  email: emailAddress("Please enter a valid email address"),
  subject: boundedText(1, 200, {
    required: "Subject is required",
    tooLong: "Subject must be less than 200 characters",
    label: "Subject",
    singleLine: true,
  }),
  message: boundedText(1, 3000, {
    required: "Message is required",
    tooLong: "Message must be less than 3000 characters",
    label: "Message",
  }),
});
export type ContactInput = z.infer<typeof contactSchema>;

/** Field name → first message, for showing each message under its field. */
export function fieldErrors(
  error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] },
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

// ---------------------------------------------------------------- accounts

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 100;
export const CODE_LENGTH = 6;
export const GRAD_MIN = 2025;
export const GRAD_MAX_REGISTER = 2032;
export const GRAD_MAX_ACCOUNT = 2035;

/**
 * Passwords are kept exactly as typed (no trimming) and counted in
 * user-perceived characters. A new password may not hold control characters
 * (some systems cut a string at a NUL); a login checks whatever was typed.
 */
function password(messages: { tooShort: string; tooLong: string }, { isNew = true } = {}) {
  return z.string({ error: messages.tooShort }).check(
    z.maxLength(PASSWORD_MAX * 16, messages.tooLong),
    z.refine((s) => !isNew || !hasControlCharacters(s) && !hasLineBreaks(s), controlCharacterMessage("The password")),
    z.refine((s) => textLength(s) >= PASSWORD_MIN, messages.tooShort),
    z.refine((s) => textLength(s) <= PASSWORD_MAX, messages.tooLong),
  );
}

function requiredChoice(message: string) {
  return z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(200, message));
}

/** A year typed in a number field: a number, or a string of digits from a form. */
function year(max: number, tooLate: string) {
  const required = "Expected graduation year is required";
  return z.pipe(
    z.union([
      z.number({ error: required }),
      z.string({ error: required }).check(z.trim(), z.regex(/^\d{1,6}$/, required)),
    ], { error: required }),
    z.transform((v) => Number(v)),
  ).check(
    z.refine((n) => Number.isInteger(n), required),
    z.refine((n) => n >= GRAD_MIN, "Cannot be less than 2025"),
    z.refine((n) => n <= max, tooLate),
  );
}

function code(message: string) {
  return z.string({ error: message }).check(z.trim(), z.length(CODE_LENGTH, message));
}

export const loginSchema = z.object({
  email: emailAddress("Invalid email address"),
  // docs/product.md gives no message for the password: the field is only marked invalid.
  password: password({ tooShort: "", tooLong: "" }, { isNew: false }),
});

export const registerSchema = z.object({
  email: emailAddress("Invalid email address"),
  college: requiredChoice("Select a college"),
  major: requiredChoice("Select a major, can be undecided"),
  expectedGrad: year(GRAD_MAX_REGISTER, "Expected graduation cannot be after 7+ years"),
  password: password({ tooShort: "Password must be at least 6 characters", tooLong: "Password is too long" }),
});

export const verifySchema = z.object({
  email: emailAddress("Invalid email address"),
  verificationCode: code("Enter the 6-digit code"),
});

export const emailQuerySchema = z.object({
  email: emailAddress("Invalid email address").check(
    z.describe("The account's email."),
    z.meta({ example: "student@bu.edu" }),
  ),
});

/** The one-click verification link's token: 43 base64url characters. */
export const verifyLinkSchema = z.object({
  token: z.string({ error: "This verification link is not valid." }).check(
    z.regex(/^[A-Za-z0-9_-]{43}$/, "This verification link is not valid."),
  ),
});

/** The reset call's body (the form adds a confirmation, checked in the browser). */
export const resetPasswordSchema = z.object({
  email: emailAddress("Invalid email address"),
  verificationCode: code("Reset code must be exactly 6 characters"),
  newPassword: password({ tooShort: "Password must be at least 6 characters", tooLong: "Password is too long" }),
});

export const resetPasswordFormSchema = z.object({
  verificationCode: code("Reset code must be exactly 6 characters"),
  newPassword: password({ tooShort: "Password must be at least 6 characters", tooLong: "Password is too long" }),
  confirmPassword: z.string({ error: "Please confirm your password" }).check(
    z.minLength(PASSWORD_MIN, "Please confirm your password"),
  ),
}).check(
  z.refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] }),
);

export const passwordChangeSchema = z.object({
  oldPassword: z.string({ error: "Current password is required" }).check(
    z.minLength(1, "Current password is required"),
    z.maxLength(PASSWORD_MAX * 16, "Current password is required"),
  ),
  newPassword: password({ tooShort: "Password must be at least 6 characters", tooLong: "Password is too long" }),
});

export const passwordChangeFormSchema = z.object({
  oldPassword: z.string().check(z.minLength(1, "Current password is required")),
  newPassword: z.string().check(z.minLength(PASSWORD_MIN, "Password must be at least 6 characters")),
  confirmPassword: z.string().check(z.minLength(PASSWORD_MIN, "Please confirm your new password")),
}).check(
  z.refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] }),
);

export const accountSchema = z.object({
  college: requiredChoice("Select a college"),
  major: requiredChoice("Select a major"),
  expectedGrad: year(GRAD_MAX_ACCOUNT, "Expected graduation cannot be after 2035"),
  /** Optional: kept as they are when left out. */
  hubTrack: z.optional(z.enum(HUB_TRACKS, { error: "Choose first-year entrant or transfer student" })),
  kilachand: z.optional(z.boolean({ error: "kilachand must be true or false" })),
});

/** PUT /api/users/review-reminders: the end-of-term reminder choice of /account. */
export const reviewRemindersSchema = z.object({
  enabled: z.boolean({ error: "enabled must be true or false" }),
}, { error: "Send a JSON object with enabled set to true or false" });

export type RegisterInput = z.infer<typeof registerSchema>;
export type AccountInput = z.infer<typeof accountSchema>;

// ---------------------------------------------------------------- reviews

export const RATING_CAPTIONS = ["Very low", "Low", "Medium", "High", "Very high"] as const;
export const REVIEW_LIMITS = {
  teacherName: 100,
  semester: 100,
  assignmentTypes: 500,
  reviewText: 2000,
  hoursMax: 40,
} as const;

function rating(label: string) {
  const message = `${label} must be a whole number from 1 to 5`;
  return z._default(z.number({ error: message }).check(z.int(message), z.gte(1, message), z.lte(5, message)), 3);
}

export const reviewSchema = z.object({
  usefulnessRating: rating("Usefulness"),
  difficultyRating: rating("Difficulty"),
  workloadRating: rating("Workload"),
  interestRating: rating("Interest"),
  teacherRating: rating("Teacher"),
  teacherName: boundedText(1, REVIEW_LIMITS.teacherName, {
    required: "Professor name is required",
    tooLong: "Professor name must be at most 100 characters",
    label: "Professor name",
    singleLine: true,
  }),
  semester: boundedText(1, REVIEW_LIMITS.semester, {
    required: "Semester is required",
    tooLong: "Semester must be at most 100 characters",
    label: "Semester",
    singleLine: true,
  }),
  hoursPerWeek: z.pipe(
    z.union([
      z.number({ error: "Hours per week must be a number from 0 to 40" }),
      z.string().check(z.trim(), z.regex(/^\d+(\.\d+)?$/, "Hours per week must be a number from 0 to 40")),
    ], {
      error: "Hours per week must be a number from 0 to 40",
    }),
    z.transform((v) => Number(v)),
  ).check(
    z.refine(
      (n) => Number.isFinite(n) && n >= 0 && n <= REVIEW_LIMITS.hoursMax,
      "Hours per week must be a number from 0 to 40",
    ),
  ),
  attendanceRequired: z._default(z.boolean({ error: "Attendance required must be true or false" }), false),
  assignmentTypes: boundedText(1, REVIEW_LIMITS.assignmentTypes, {
    required: "Assignment types are required",
    tooLong: "Assignment types must be at most 500 characters",
    label: "Assignment types",
  }),
  reviewText: boundedText(1, REVIEW_LIMITS.reviewText, {
    required: "Review text is required",
    tooLong: "Review must be at most 2000 characters",
    label: "Your review",
  }),
});
export type ReviewInput = z.infer<typeof reviewSchema>;

export const reportSchema = z.object({
  reason: boundedText(1, 500, {
    required: "Say why you are reporting this review",
    tooLong: "The reason must be at most 500 characters",
    label: "The reason",
  }),
});

/** docs/product.md, Ratings: lower difficulty and workload count as better. */
export function overallRating(
  r: {
    usefulnessRating: number;
    difficultyRating: number;
    workloadRating: number;
    interestRating: number;
    teacherRating: number;
  },
): number {
  return ((6 - r.difficultyRating) + (6 - r.workloadRating) + r.interestRating + r.usefulnessRating + r.teacherRating) /
    5;
}

/** The codes a student pastes on My Courses: text, at most 2,000 characters. */
/** The most text a paste may hold: a whole transcript (about 4,000 characters) with room to spare, within the API's 16 KiB body. */
export const PASTE_LIMIT = 12_000;

export const pastedCodesSchema = z.object({
  text: z.string({ error: "Paste some course codes" }).check(
    z.trim(),
    z.minLength(1, "Paste some course codes"),
    z.maxLength(PASTE_LIMIT, "Paste at most 12,000 characters"),
    z.refine((text) => !hasControlCharacters(text.replace(/[\t\r\n]/g, "")), controlCharacterMessage("Course codes")),
  ),
});

/** Courses to add to a list at once: 1 to 60 course ids. */
export const courseIdsSchema = z.object({
  ids: z.array(
    z.number({ error: "ids must be course ids" }).check(
      z.int("ids must be course ids"),
      z.gte(1, "ids must be course ids"),
      z.lte(2 ** 31 - 1, "ids must be course ids"),
    ),
    {
      error: "ids must be a list of course ids",
    },
  ).check(z.minLength(1, "Choose at least one course"), z.maxLength(60, "Add at most 60 courses at once")),
});

/** ?q= of the typeahead endpoints: one line of at most 200 characters. */
export const suggestQuery = z.object({
  q: z.string({ error: "q is required" }).check(
    z.trim(),
    z.maxLength(200, "q must be at most 200 characters"),
    z.refine(
      (q) => !hasControlCharacters(q) && !hasLineBreaks(q),
      "q must be one line of text without control characters",
    ),
    z.describe("What was typed: one line, at most 200 characters."),
    z.meta({ example: "intro" }),
  ),
});

export const COMPARE_IDS_MESSAGE = "ids must be course ids (whole numbers) separated by commas, e.g. ids=12,34";

/**
 * The courses to compare: `ids=12,34`, one to four course ids. Blank entries
 * (a trailing comma) are ignored and a repeated id counts once, so a link
 * edited by hand still works; anything that is not an id is refused.
 */
export const compareQuerySchema = z.object({
  ids: z.pipe(
    z.string({
      error: (issue) =>
        issue.input === undefined
          ? "ids is required: one to four course ids separated by commas, e.g. ids=12,34"
          : "Give ids once, with the course ids separated by commas, e.g. ids=12,34",
    }).check(z.describe("One to four course ids separated by commas, e.g. 12,34."), z.meta({ example: "3,4" })),
    z.transform((raw, ctx) => {
      const parts = raw.split(",").map((part) => part.trim()).filter(Boolean);
      const ids = parts.map(parseId);
      if (ids.some((id) => id === null)) {
        ctx.issues.push({ code: "custom", message: COMPARE_IDS_MESSAGE, input: raw });
        return z.NEVER;
      }
      const unique = [...new Set(ids as number[])];
      if (!unique.length) {
        ctx.issues.push({ code: "custom", message: "Choose at least one course to compare", input: raw });
      } else if (unique.length > MAX_COMPARED) {
        ctx.issues.push({ code: "custom", message: COMPARE_LIMIT_MESSAGE, input: raw });
      }
      return unique;
    }),
  ),
});

/** PUT /api/users/planner-settings: what the Hub planner leaves out of every plan (src/lib/hub-plan.ts). */
export const plannerSettingsSchema = z.object({
  departments: z.array(
    z.string({ error: "departments must be codes like CAS LS" }).check(
      z.regex(/^[A-Z]{2,4} [A-Z]{2}$/, "departments must be codes like CAS LS"),
    ),
    { error: "departments must be a list of codes like CAS LS" },
  ).check(z.maxLength(PLAN_LIMITS.departments, `Leave out at most ${PLAN_LIMITS.departments} departments`)),
  levels: z.array(
    z.union(PLAN_LEVELS.map((level) => z.literal(level)), { error: "levels must be 100, 200, 300 or 400" }),
    { error: "levels must be a list of 100, 200, 300 or 400" },
  ),
  courses: z.array(
    z.number({ error: "courses must be course ids" }).check(
      z.int("courses must be course ids"),
      z.gte(1, "courses must be course ids"),
      z.lte(2 ** 31 - 1, "courses must be course ids"),
    ),
    { error: "courses must be a list of course ids" },
  ).check(z.maxLength(PLAN_LIMITS.courses, `Leave out at most ${PLAN_LIMITS.courses} courses`)),
}, { error: "Send a JSON object with departments, levels and courses" });
