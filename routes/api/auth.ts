import { Hono } from "hono";
import * as z from "zod/mini";
import {
  contactSchema,
  emailQuerySchema,
  loginSchema,
  passwordChangeSchema,
  registerSchema,
  resetPasswordSchema,
  verifyLinkSchema,
  verifySchema,
} from "../../src/lib/schemas.ts";
import type { AppEnv } from "../../src/server/context.ts";
import { setNotice } from "../../src/server/notice.ts";
import {
  accountView,
  changePassword,
  forgotPassword,
  login,
  MESSAGES,
  normalizeEmail,
  register,
  resendVerification,
  resetPassword,
  signOut,
  verifyByLink,
  verifyEmail,
} from "../../src/services/accounts/accounts.ts";
import { collegeCodes, majorsOf } from "../../src/services/catalog/catalog.ts";
import { CONTACT_SENT, sendContactMessage } from "../../src/services/accounts/contact-messages.ts";
import { addressSubject, enforceLimit, limitKey } from "../../src/services/platform/rate-limit.ts";
import { issueToken } from "../../src/services/accounts/sessions.ts";
import { clientIp } from "../../src/server/client-address.ts";
import { requireUser } from "../../src/middleware/require-user.ts";
import { accountDeps } from "../../src/server/account-deps.ts";
import { endBrowserSession, setSessionCookie } from "../../src/server/session-cookie.ts";
import { validate } from "../../src/server/validation.ts";
import { withoutServerTiming } from "../../src/middleware/server-timing.ts";
import {
  errorSchema,
  loginUnverifiedSchema,
  meSchema,
  messageSchema,
  signedInSchema,
  stringListSchema,
  tokenSchema,
} from "../../src/lib/api-schemas.ts";
import { EXAMPLES } from "../../src/server/api-examples.ts";
import { apiRead, apiWrite } from "../../src/server/openapi.ts";

const CONTACT_LIMIT = { limit: 5, windowMs: 10 * 60 * 1000 };
const CONTACT_THROTTLED = "You have sent several messages already. Please wait a few minutes and try again.";
const message = (description: string, text: string) => ({
  description,
  schema: messageSchema,
  example: { message: text },
});
const ACCOUNTS = "Accounts" as const;

/** /api/auth: sign-up, verification, login, passwords, and the lists the sign-up form needs. */
export default new Hono<AppEnv>()
  .get(
    "/colleges",
    apiRead({
      operationId: "listSignUpColleges",
      tag: ACCOUNTS,
      summary: "The colleges a student can sign up in",
      access: "anyone",
      answer: { description: "College codes, sorted.", schema: stringListSchema, example: EXAMPLES.colleges },
    }),
    async (c) => c.json(await collegeCodes(c.var.deps.database.db)),
  )
  .get(
    "/majors",
    apiRead({
      operationId: "listMajors",
      tag: ACCOUNTS,
      summary: "A college's majors, with Undecided",
      access: "anyone",
      answer: {
        description: "Major names, sorted; an empty list for an unknown college.",
        schema: stringListSchema,
        example: EXAMPLES.majors,
      },
      errors: { 400: "Select a college" },
    }),
    validate(
      "query",
      z.object({
        college: z.string({ error: "Select a college" }).check(
          z.trim(),
          z.minLength(1, "Select a college"),
          z.maxLength(10, "Select a college"),
          z.describe("A college code, e.g. CAS."),
          z.meta({ example: "CAS" }),
        ),
      }),
    ),
    async (c) => {
      return c.json(await majorsOf(c.var.deps.database.db, c.req.valid("query").college));
    },
  )
  .post(
    "/contact",
    apiWrite({
      operationId: "sendContactMessage",
      tag: ACCOUNTS,
      summary: "Send a message to HubRate's maintainer",
      access: "anyone",
      answer: message("The message is on its way.", CONTACT_SENT),
      errors: { 400: "Please enter a valid email address", 429: CONTACT_THROTTLED },
    }),
    validate("json", contactSchema),
    async (c) => {
      const { database, outbox, config } = c.var.deps;
      await enforceLimit(
        database.db,
        limitKey(config.sessionSecret, "contact-ip", addressSubject(clientIp(c))),
        CONTACT_LIMIT,
        CONTACT_THROTTLED,
      );
      await sendContactMessage(database, outbox, config.contactTo, c.req.valid("json"));
      return c.json({ message: CONTACT_SENT });
    },
  )
  .post(
    "/register",
    apiWrite({
      operationId: "register",
      tag: ACCOUNTS,
      summary: "Create an account; a 6-digit code is mailed to verify the email",
      access: "anyone",
      answer: {
        status: 201,
        ...message("The account waits for its code (POST /api/auth/verify).", MESSAGES.registered),
      },
      errors: { 400: "Select a major, can be undecided", 409: MESSAGES.emailTaken, 429: MESSAGES.codeThrottled },
    }),
    withoutServerTiming,
    validate("json", registerSchema),
    async (c) => {
      const message = await register(accountDeps(c), c.req.valid("json"), clientIp(c));
      return c.json({ message }, 201);
    },
  )
  .post(
    "/verify",
    apiWrite({
      operationId: "verifyEmail",
      tag: ACCOUNTS,
      summary: "Verify an account's email with the mailed code",
      access: "anyone",
      answer: message("Verified: the student can log in.", MESSAGES.verified),
      errors: { 400: MESSAGES.codeRefused, 429: MESSAGES.checksThrottled },
    }),
    withoutServerTiming,
    validate("json", verifySchema),
    async (c) => {
      const { email, verificationCode } = c.req.valid("json");
      const message = await verifyEmail(accountDeps(c), email, verificationCode, clientIp(c));
      // The login page says so, with the email already filled in.
      setNotice(c, "verified", normalizeEmail(email));
      return c.json({ message });
    },
  )
  .post(
    "/verify-link",
    apiWrite({
      operationId: "verifyByLink",
      tag: ACCOUNTS,
      summary: "Verify an account's email with the token of the mailed link",
      description: "It verifies only: the student logs in next with the password (POST /api/auth/login). " +
        "A link someone else made and sent from another site cannot sign the visitor into that person's account.",
      access: "anyone",
      answer: message("Verified: the student can log in.", MESSAGES.verified),
      errors: { 400: MESSAGES.linkRefused, 429: MESSAGES.checksThrottled },
    }),
    withoutServerTiming,
    validate("json", verifyLinkSchema),
    async (c) => {
      const { email } = await verifyByLink(accountDeps(c), c.req.valid("json").token, clientIp(c));
      // The login page says so, with the email already filled in.
      setNotice(c, "verified", email);
      return c.json({ message: MESSAGES.verified });
    },
  )
  .post(
    "/resend-verification",
    apiWrite({
      operationId: "resendVerification",
      tag: ACCOUNTS,
      summary: "Mail a new verification code",
      description:
        "The same answer whether or not an account waits for a code, so it tells no one which emails have accounts.",
      access: "anyone",
      answer: message("A new code was sent if an account waits for one.", MESSAGES.codeSent),
      errors: { 400: "Invalid email address", 429: MESSAGES.codeThrottled },
    }),
    withoutServerTiming,
    validate("query", emailQuerySchema),
    async (c) => {
      return c.json({ message: await resendVerification(accountDeps(c), c.req.valid("query").email, clientIp(c)) });
    },
  )
  .post(
    "/login",
    apiWrite({
      operationId: "login",
      tag: ACCOUNTS,
      summary: "Log in: the answer's token is the session",
      description: "Send the token as `Authorization: Bearer <token>` on the calls that need a student. " +
        "An account that still waits for its email code answers 403 with `verificationRequired`.",
      access: "anyone",
      answer: { description: "Signed in.", schema: tokenSchema, example: EXAMPLES.token },
      otherAnswers: {
        403: {
          description:
            "The email is not verified yet (`verificationRequired`, a new code mailed when `codeSent`), or a request from another site's page.",
          schema: z.union([loginUnverifiedSchema, errorSchema]),
          example: {
            message: MESSAGES.notVerifiedSent,
            verificationRequired: true,
            email: "student@bu.edu",
            codeSent: true,
          },
        },
      },
      errors: { 400: MESSAGES.badCredentials, 401: MESSAGES.badCredentials, 429: MESSAGES.loginThrottled },
    }),
    withoutServerTiming,
    validate("json", loginSchema, MESSAGES.badCredentials),
    async (c) => {
      const { email, password } = c.req.valid("json");
      const outcome = await login(accountDeps(c), email, password, clientIp(c));
      if (outcome.kind === "unverified") {
        // Only someone who knows the password hears that the account waits for its code; /verify takes it from here.
        setNotice(c, outcome.codeSent ? "verify-sent" : "verify-pending", outcome.email);
        return c.json({
          message: outcome.message,
          verificationRequired: true,
          email: outcome.email,
          codeSent: outcome.codeSent,
        }, 403);
      }
      const token = await issueToken(c.var.deps.config.sessionSecret, outcome.user);
      setSessionCookie(c, token);
      return c.json({ token });
    },
  )
  .post(
    "/logout",
    apiWrite({
      operationId: "logout",
      tag: ACCOUNTS,
      summary: "Sign out: every token of the student stops working",
      access: "anyone",
      answer: message("Signed out (also without a session).", MESSAGES.signedOut),
    }),
    async (c) => {
      if (c.var.user) await signOut(c.var.deps.database, c.var.user.id);
      endBrowserSession(c);
      return c.json({ message: MESSAGES.signedOut });
    },
  )
  .post(
    "/forgot-password",
    apiWrite({
      operationId: "forgotPassword",
      tag: ACCOUNTS,
      summary: "Mail a password reset code",
      description: "The same answer whether or not the email has an account.",
      access: "anyone",
      answer: message("A code was sent if the email has an account.", MESSAGES.resetSent),
      errors: { 400: "Invalid email address", 429: MESSAGES.codeThrottled },
    }),
    withoutServerTiming,
    validate("query", emailQuerySchema),
    async (c) => {
      return c.json({ message: await forgotPassword(accountDeps(c), c.req.valid("query").email, clientIp(c)) });
    },
  )
  .post(
    "/reset-password",
    apiWrite({
      operationId: "resetPassword",
      tag: ACCOUNTS,
      summary: "Set a new password with the mailed reset code",
      description: "Every session of the account ends.",
      access: "anyone",
      answer: message("The password is changed.", MESSAGES.resetDone),
      errors: { 400: MESSAGES.resetRefused, 429: MESSAGES.checksThrottled },
    }),
    withoutServerTiming,
    validate("json", resetPasswordSchema),
    async (c) => {
      const input = c.req.valid("json");
      const message = await resetPassword(accountDeps(c), input, clientIp(c));
      setNotice(c, "password-reset", normalizeEmail(input.email));
      return c.json({ message });
    },
  )
  .get(
    "/me",
    apiRead({
      operationId: "currentStudent",
      tag: ACCOUNTS,
      summary: "The signed-in student",
      access: "student",
      answer: { description: "The student's account.", schema: meSchema, example: EXAMPLES.me },
    }),
    requireUser,
    (c) => c.json({ ...accountView(c.var.user), enabled: c.var.user.enabled }),
  )
  .put(
    "/update-password",
    apiWrite({
      operationId: "changePassword",
      tag: ACCOUNTS,
      summary: "Change the password; the answer's token replaces the old one",
      description: "Every other session of the student ends.",
      access: "student",
      answer: {
        description: "Changed: use the new token from now on.",
        schema: signedInSchema,
        example: { message: MESSAGES.passwordUpdated, ...EXAMPLES.token },
      },
      errors: { 400: MESSAGES.wrongCurrent, 429: MESSAGES.passwordThrottled },
    }),
    requireUser,
    validate("json", passwordChangeSchema),
    async (c) => {
      const { oldPassword, newPassword } = c.req.valid("json");
      const session = await changePassword(accountDeps(c), c.var.user, oldPassword, newPassword, clientIp(c));
      // Every other session ended; this one continues with a fresh token.
      const token = await issueToken(c.var.deps.config.sessionSecret, session);
      setSessionCookie(c, token);
      return c.json({ message: MESSAGES.passwordUpdated, token });
    },
  );
