import { z } from "zod";
import { dirname } from "node:path";

/** Where generated development state (database, session secret) lives. */
export const DATA_DIR = "data";

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().min(1).default("0.0.0.0"),
  APP_ENV: z.enum(["development", "production", "test"]).default("development"),
  APP_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z.string().regex(
    /^(file:|libsql:\/\/|https?:\/\/|wss?:\/\/)/,
    "must start with file:, libsql://, https:// or wss://",
  )
    .default(`file:${DATA_DIR}/hubrate.db`),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  DATABASE_SYNC_URL: z.string().regex(/^(libsql:\/\/|https?:\/\/)/, "must start with libsql://, https:// or http://")
    .optional(),
  DATABASE_SYNC_INTERVAL: z.coerce.number().int().min(0).max(86_400).default(60),
  DATABASE_BUSY_TIMEOUT: z.coerce.number().int().min(50).max(60_000).default(5000),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default("HubRate <no-reply@hubrate.local>"),
  CONTACT_TO: z.email().default("maintainer@hubrate.local"),
  CONTACT_PROFILE_URL: z.url({ protocol: /^https$/ }).optional(),
  DEMO_CATALOG: z.enum(["on", "off"]).default("on"),
  ASSETS_DIR: z.string().min(1).optional(),
  RESPONSE_CACHE: z.enum(["auto", "on", "off"]).default("auto"),
  RATE_LIMITS: z.enum(["on", "off"]).default("on"),
  PLAN_BUDGET_MS: z.coerce.number().int().min(100).max(120_000).default(2000),
  // The dates themselves (real days, one per term, far enough apart) are checked where they are used, by src/lib/term-ends.ts.
  REVIEW_REMINDER_DATES: z.string().regex(
    /^\s*\d{2}-\d{2}\s*(,\s*\d{2}-\d{2}\s*)*$/,
    "must be MM-DD dates separated by commas, e.g. 12-20,05-15",
  )
    .default("12-20,05-15"),
});

export type Config = {
  port: number;
  host: string;
  env: "development" | "production" | "test";
  origin: string;
  databaseUrl: string;
  databaseAuthToken?: string;
  /** The primary an embedded replica (a `file:` DATABASE_URL) follows. */
  databaseSyncUrl?: string;
  /** Seconds between an embedded replica's pulls from its primary. */
  databaseSyncInterval: number;
  /** Milliseconds a write on the embedded file waits for another process's write lock before it gives up (503). */
  databaseBusyTimeout: number;
  sessionSecret: string;
  smtpUrl?: string;
  mailFrom: string;
  contactTo: string;
  /** The maintainer's professional-network profile, linked from /contact when set. */
  contactProfileUrl?: string;
  demoCatalog: boolean;
  /** Where prebuilt island bundles are read: production always, any mode when ASSETS_DIR is set. */
  assetsDir: string;
  /** ASSETS_DIR was set: the bundles are built by someone else (`deno task build`, or `deno task dev`'s builder), in any mode. */
  assetsGiven: boolean;
  /**
   * Whether visitors' answers are kept in memory while the content version holds (src/middleware/response-cache.ts):
   * "auto" keeps them where reading the version is local (the embedded file, an embedded replica), not on a
   * libSQL server, where a copy that turned out stale would cost a second round trip.
   */
  responseCache: "auto" | "on" | "off";
  /**
   * Whether one address's typeahead and searches, and one student's plans, are limited per instance
   * (src/services/platform/request-limits.ts); off only for load tests and benchmarks that send everything from one machine.
   */
  rateLimits: boolean;
  /** The most time one Hub plan may take to solve, in ms; past it the best plan found so far is the answer. */
  planBudgetMs: number;
  /** When terms end, MM-DD, comma-separated: the end-of-term review reminders go out after each. */
  reviewReminderDates: string;
};

export class ConfigError extends Error {}

/**
 * Reads the environment once. Empty strings count as unset, so `FOO=` in a
 * shell behaves like leaving FOO out. A bad value throws a ConfigError whose
 * message is one line naming the variable.
 */
export function loadConfig(
  env: Record<string, string | undefined> = Deno.env.toObject(),
  readSecret: () => string = developmentSecret,
): Config {
  const cleaned = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, env[key] === "" ? undefined : env[key]]),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid ${name}=${JSON.stringify(cleaned[name] ?? "")}: ${issue.message}`);
  }
  const v = parsed.data;
  if (v.DATABASE_SYNC_URL && !v.DATABASE_URL.startsWith("file:")) {
    throw new ConfigError(
      `Invalid DATABASE_SYNC_URL: an embedded replica needs a file: DATABASE_URL for its local copy (got ${v.DATABASE_URL})`,
    );
  }
  if (v.APP_ENV === "production" && !v.SESSION_SECRET) {
    throw new ConfigError("Missing SESSION_SECRET: it is required when APP_ENV=production (at least 32 characters)");
  }
  if (v.APP_ENV === "production" && !v.APP_ORIGIN) {
    throw new ConfigError(
      "Missing APP_ORIGIN: it is required when APP_ENV=production (for example https://hubrate.example)",
    );
  }
  return {
    port: v.PORT,
    host: v.HOST,
    env: v.APP_ENV,
    origin: (v.APP_ORIGIN ?? `http://localhost:${v.PORT}`).replace(/\/$/, ""),
    databaseUrl: v.DATABASE_URL,
    databaseAuthToken: v.DATABASE_AUTH_TOKEN,
    databaseSyncUrl: v.DATABASE_SYNC_URL,
    databaseSyncInterval: v.DATABASE_SYNC_INTERVAL,
    databaseBusyTimeout: v.DATABASE_BUSY_TIMEOUT,
    sessionSecret: v.SESSION_SECRET ?? readSecret(),
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM,
    contactTo: v.CONTACT_TO,
    contactProfileUrl: v.CONTACT_PROFILE_URL,
    demoCatalog: v.DEMO_CATALOG === "on",
    assetsDir: v.ASSETS_DIR ?? "static/build",
    assetsGiven: v.ASSETS_DIR !== undefined,
    responseCache: v.RESPONSE_CACHE,
    rateLimits: v.RATE_LIMITS === "on",
    planBudgetMs: v.PLAN_BUDGET_MS,
    reviewReminderDates: v.REVIEW_REMINDER_DATES,
  };
}

const SECRET_FILE = `${DATA_DIR}/session-secret`;

/** In development the secret is made once and kept, so sessions survive restarts. */
function developmentSecret(): string {
  try {
    const kept = Deno.readTextFileSync(SECRET_FILE).trim();
    if (kept.length >= 32) return kept;
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const secret = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  Deno.mkdirSync(dirname(SECRET_FILE), { recursive: true });
  Deno.writeTextFileSync(SECRET_FILE, secret + "\n", { mode: 0o600 });
  return secret;
}

/** The connection options of the configured database, for `openDatabase`. */
/** For command-line tasks: the configuration, or one clear line and exit code 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      Deno.exit(1);
    }
    throw error;
  }
}
