/**
 * What the schedule builder's API accepts (routes/api/schedules.ts), with the messages a student or a client reads
 * when a request is refused.
 */
import * as z from "zod/mini";
import { parseId } from "./ids.ts";
import { WORKSHEET_LIMITS } from "./schedule-rules.ts";
import { termName } from "./term-codes.ts";

export const TERM_MESSAGE = "term must be a term code, e.g. 2268 (Fall 2026)";

const termCode = z.int({ error: TERM_MESSAGE }).check(
  z.refine((code) => termName(code) !== null, TERM_MESSAGE),
  z.describe("BU's term code: 2268 is Fall 2026."),
  z.meta({ example: 2268 }),
);

/** A term code in a query string. */
const termQuery = z.pipe(
  z.string({ error: TERM_MESSAGE }).check(z.regex(/^\d{4}$/, TERM_MESSAGE), z.meta({ example: "2268" })),
  z.transform((raw) => Number(raw)),
).check(z.refine((code) => termName(code) !== null, TERM_MESSAGE));

/** Ids separated by commas in a query string ("41,44"), at most `max`; empty when absent. */
function idList(name: string, max: number, example: string) {
  const message = `${name} must be ids separated by commas, e.g. ${name}=${example}`;
  return z.optional(
    z.pipe(
      z.string({ error: message }).check(z.maxLength(max * 11, `At most ${max} ${name}`), z.meta({ example })),
      z.transform((raw, ctx) => {
        const parts = raw.split(",").map((part) => part.trim()).filter(Boolean);
        const ids = parts.map(parseId);
        if (ids.some((id) => id === null)) {
          ctx.issues.push({ code: "custom", message, input: raw });
          return z.NEVER;
        }
        const unique = [...new Set(ids as number[])];
        if (unique.length > max) {
          ctx.issues.push({ code: "custom", message: `At most ${max} ${name}`, input: raw });
          return z.NEVER;
        }
        return unique;
      }),
    ),
  );
}

/** GET /api/schedules/view and its calendar: the term, the courses and the sections chosen of them. */
export const scheduleQuerySchema = z.object({
  term: termQuery,
  courses: idList("courses", WORKSHEET_LIMITS.coursesPerVersion, "3,4"),
  sections: idList("sections", WORKSHEET_LIMITS.coursesPerVersion * 2, "41,44"),
});

export const TERM_REQUIRED = "term is required";

const versionName = z.string({ error: "name is required" }).check(
  z.maxLength(100, "A plan's name is at most 40 characters"),
  z.meta({ example: "Plan B" }),
);

export const createVersionSchema = z.object({
  term: termCode,
  name: versionName,
  /** A version of the same term to copy the courses of. */
  copyOf: z.optional(z.int().check(z.gte(1), z.describe("A version of the same term to copy the courses of."))),
});

export const updateVersionSchema = z.object({
  name: z.optional(versionName),
  shared: z.optional(
    z.boolean({ error: "shared must be true or false" }).check(
      z.describe("true turns the read-only share link on (a new link each time), false turns it off."),
    ),
  ),
}).check(
  z.refine((body) => body.name !== undefined || body.shared !== undefined, "Give a new name or shared"),
);

const sectionIds = z.array(z.int({ error: "sectionIds must be section ids" }).check(z.gte(1)), {
  error: "sectionIds is required: the section to register for and its discussion or lab",
}).check(
  z.minLength(1, "Choose a section to register for"),
  z.maxLength(4, "Choose one section to register for and one discussion or lab"),
  z.meta({ example: [41, 44] }),
);

export const courseChoiceSchema = z.object({ sectionIds });

export const joinWorksheetsSchema = z.object({
  worksheets: z.array(
    z.object({
      term: termCode,
      versions: z.array(
        z.object({
          name: z.string().check(z.maxLength(100)),
          courses: z.array(
            z.object({ courseId: z.int().check(z.gte(1)), sectionIds: z.array(z.int().check(z.gte(1))) }),
          )
            .check(z.maxLength(WORKSHEET_LIMITS.coursesPerVersion * 2)),
        }),
      ).check(z.maxLength(WORKSHEET_LIMITS.versionsPerTerm * 2)),
    }),
    { error: "worksheets is required" },
  ).check(z.maxLength(6, "At most 6 terms")),
});

export const worksheetQuerySchema = z.object({ term: termQuery });
