import { Hono } from "hono";
import { z } from "zod";
import { contactSchema } from "../../lib/schemas.ts";
import type { AppEnv } from "../../server/context.ts";
import { collegeCodes, majorsOf } from "../../services/catalog.ts";
import { CONTACT_SENT, sendContactMessage } from "../../services/contact.ts";
import { enforceLimit } from "../../services/rate-limit.ts";
import { clientIp } from "../client-ip.ts";
import { validate } from "../validate.ts";

const CONTACT_LIMIT = { limit: 5, windowMs: 10 * 60 * 1000 };

export const authApi = new Hono<AppEnv>()
  .get("/colleges", async (c) => c.json(await collegeCodes(c.var.deps.database.db)))
  .get("/majors", validate("query", z.object({ college: z.string({ error: "Select a college" }).trim().min(1, "Select a college").max(10) })), async (c) => {
    return c.json(await majorsOf(c.var.deps.database.db, c.req.valid("query").college));
  })
  .post("/contact", validate("json", contactSchema), async (c) => {
    const { database, mailer, config } = c.var.deps;
    await enforceLimit(
      database.db,
      `contact:${clientIp(c)}`,
      CONTACT_LIMIT,
      "You have sent several messages already. Please wait a few minutes and try again.",
    );
    await sendContactMessage(database, mailer, config.contactTo, c.req.valid("json"));
    return c.json({ message: CONTACT_SENT });
  });
