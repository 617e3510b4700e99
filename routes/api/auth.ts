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
} from "../../src/services/accounts.ts";
import { collegeCodes, majorsOf } from "../../src/services/catalog.ts";
import { CONTACT_SENT, sendContactMessage } from "../../src/services/contact-messages.ts";
import { addressSubject, enforceLimit, limitKey } from "../../src/services/rate-limit.ts";
import { issueToken } from "../../src/services/sessions.ts";
import { clientIp } from "../../src/server/client-address.ts";
import { requireUser } from "../../src/middleware/require-user.ts";
import { accountDeps } from "../../src/server/account-deps.ts";
import { clearSessionCookie, setSessionCookie } from "../../src/server/session-cookie.ts";
import { validate } from "../../src/server/validation.ts";

const CONTACT_LIMIT = { limit: 5, windowMs: 10 * 60 * 1000 };

/** /api/auth: sign-up, verification, login, passwords, and the lists the sign-up form needs. */
export default new Hono<AppEnv>()
  .get("/colleges", async (c) => c.json(await collegeCodes(c.var.deps.database.db)))
  .get(
    "/majors",
    validate(
      "query",
      z.object({ college: z.string({ error: "Select a college" }).check(z.trim(), z.minLength(1, "Select a college"), z.maxLength(10, "Select a college")) }),
    ),
    async (c) => {
      return c.json(await majorsOf(c.var.deps.database.db, c.req.valid("query").college));
    },
  )
  .post("/contact", validate("json", contactSchema), async (c) => {
    const { database, outbox, config } = c.var.deps;
    await enforceLimit(
      database.db,
      limitKey(config.sessionSecret, "contact-ip", addressSubject(clientIp(c))),
      CONTACT_LIMIT,
      "You have sent several messages already. Please wait a few minutes and try again.",
    );
    await sendContactMessage(database, outbox, config.contactTo, c.req.valid("json"));
    return c.json({ message: CONTACT_SENT });
  })
  .post("/register", validate("json", registerSchema), async (c) => {
    const message = await register(accountDeps(c), c.req.valid("json"), clientIp(c));
    return c.json({ message }, 201);
  })
  .post("/verify", validate("json", verifySchema), async (c) => {
    const { email, verificationCode } = c.req.valid("json");
    const message = await verifyEmail(accountDeps(c), email, verificationCode, clientIp(c));
    // The login page says so, with the email already filled in.
    setNotice(c, "verified", normalizeEmail(email));
    return c.json({ message });
  })
  .post("/verify-link", validate("json", verifyLinkSchema), async (c) => {
    const user = await verifyByLink(accountDeps(c), c.req.valid("json").token, clientIp(c));
    const token = await issueToken(c.var.deps.config.sessionSecret, user);
    setSessionCookie(c, token);
    setNotice(c, "welcome");
    return c.json({ message: MESSAGES.verified, token });
  })
  .post("/resend-verification", validate("query", emailQuerySchema), async (c) => {
    return c.json({ message: await resendVerification(accountDeps(c), c.req.valid("query").email, clientIp(c)) });
  })
  .post("/login", validate("json", loginSchema, MESSAGES.badCredentials), async (c) => {
    const { email, password } = c.req.valid("json");
    const outcome = await login(accountDeps(c), email, password, clientIp(c));
    if (outcome.kind === "unverified") {
      // Only someone who knows the password hears that the account waits for its code; /verify takes it from here.
      setNotice(c, outcome.codeSent ? "verify-sent" : "verify-pending", outcome.email);
      return c.json({ message: outcome.message, verificationRequired: true, email: outcome.email, codeSent: outcome.codeSent }, 403);
    }
    const token = await issueToken(c.var.deps.config.sessionSecret, outcome.user);
    setSessionCookie(c, token);
    return c.json({ token });
  })
  .post("/logout", async (c) => {
    if (c.var.user) await signOut(c.var.deps.database, c.var.user.id);
    clearSessionCookie(c);
    return c.json({ message: MESSAGES.signedOut });
  })
  .post("/forgot-password", validate("query", emailQuerySchema), async (c) => {
    return c.json({ message: await forgotPassword(accountDeps(c), c.req.valid("query").email, clientIp(c)) });
  })
  .post("/reset-password", validate("json", resetPasswordSchema), async (c) => {
    const input = c.req.valid("json");
    const message = await resetPassword(accountDeps(c), input, clientIp(c));
    setNotice(c, "password-reset", normalizeEmail(input.email));
    return c.json({ message });
  })
  .get("/me", requireUser, (c) => c.json({ ...accountView(c.var.user), enabled: c.var.user.enabled }))
  .put("/update-password", requireUser, validate("json", passwordChangeSchema), async (c) => {
    const { oldPassword, newPassword } = c.req.valid("json");
    const session = await changePassword(accountDeps(c), c.var.user.id, oldPassword, newPassword, clientIp(c));
    // Every other session ended; this one continues with a fresh token.
    const token = await issueToken(c.var.deps.config.sessionSecret, session);
    setSessionCookie(c, token);
    return c.json({ message: MESSAGES.passwordUpdated, token });
  });
