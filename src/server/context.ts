/**
 * The types every request shares: what the app is built from, what the
 * middleware puts on the context, and what files in routes/ export.
 */
import type { Context, Hono } from "hono";
import type { ComponentType, ReactNode } from "react";
import type { Database } from "../../db/client.ts";
import type { Config } from "../config.ts";
import type { Mailer } from "../services/mail/mail.ts";
import type { Outbox } from "../services/mail/outbox.ts";
import type { RequestLimits } from "../services/platform/request-limits.ts";
import type { SessionUser } from "../services/accounts/sessions.ts";
import type { AssetManifest } from "./asset-manifest.ts";

/** One line of the request log: never a query string, body, cookie, code or token. */
export type LogLine = {
  time: string;
  level: "info" | "warn" | "error";
  requestId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
};

/** What the app is built from; tests build it with a temporary database and their own mailer. */
export type AppDeps = {
  config: Config;
  database: Database;
  /** Delivers what the outbox holds. */
  mailer: Mailer;
  /** Where requests put mail; its worker hands it to the mailer. */
  outbox: Outbox;
  assets: AssetManifest;
  /** What one address or student may ask of this instance at a time (src/services/platform/request-limits.ts). */
  limits: RequestLimits;
  /** Where request log lines go; by default JSON lines on stdout (none in tests). */
  requestLog?: (line: LogLine) => void;
};

type Variables = {
  deps: AppDeps;
  nonce: string;
  /** The ETag of the body, when the response cache already knows it (see src/middleware/response-cache.ts). */
  etag?: string;
  /** The signed-in user, or null for a visitor (set by the session middleware). */
  user: SessionUser | null;
  /** The OpenAPI document of the API this app serves, made on first use (GET /api/openapi.json). */
  apiDocument: () => Promise<Record<string, unknown>>;
  /** False on the routes whose answers leave out Server-Timing (src/middleware/server-timing.ts). */
  serverTiming?: false;
  /** The top bar's course search box (routes/_top-bar-search.tsx), or null when the app has none. */
  topBarSearch: ReactNode;
};

export type AppEnv = { Variables: Variables };
export type AppContext = Context<AppEnv>;

/** The state behind `requireUser`, and on pages with `access = "user"`: a verified user is always there. */
export type SignedInEnv = { Variables: Omit<Variables, "user"> & { user: SessionUser } };
export type SignedInContext = Context<SignedInEnv>;
/** Either: for helpers that serve visitors and students alike. */
export type RequestContext = AppContext | SignedInContext;

/** A notice reports a success, or says what is still to do. */
export type NoticeTone = "success" | "info";
export type NoticeKind = "verified" | "password-reset" | "account-deleted" | "verify-pending" | "verify-sent";
/** What just happened, for the page it was meant for ("Your account is verified. Log in."). */
export type Notice = { kind: NoticeKind; text: string; tone: NoticeTone; email: string | null };

/** `ownSearchBox`: the page leads with its own course search box, so the top bar shows none (routes/_top-bar-search.tsx). */
export type PageMeta = {
  title: string;
  description?: string;
  noindex?: boolean;
  status?: number;
  ownSearchBox?: boolean;
};

export type PageProps<Data = undefined> = {
  data: Data;
  user: SessionUser | null;
  /** Path and query of the request, e.g. "/search?page=2". */
  url: string;
  params: Record<string, string>;
  notice?: Notice | null;
};

/** Who may open a page: anyone; visitors only (signed-in users go to /dashboard); signed-in users only. */
export type Access = "anyone" | "visitor" | "user";

/**
 * What a page shows when its data cannot be loaded (the database is down,
 * say): its heading and the message docs/product.md gives, with status 500.
 */
export type LoadFailure = {
  heading: string;
  message: string | ((c: RequestContext) => string);
  back?: { href: string; label: string };
};

/** A page file in routes/: a React component and what the loader needs to serve it. */
export type PageModule<Data = unknown> = {
  default: ComponentType<PageProps<Data>>;
  access?: Access;
  meta?: PageMeta | ((data: Data) => PageMeta);
  /**
   * Loads the page's data, or answers with a Response (a redirect, say)
   * instead of the page. On a page with `access = "user"` it takes a
   * SignedInContext: the loader checks the user before it calls it.
   */
  load?: ((c: AppContext) => Promise<Data | Response>) | ((c: SignedInContext) => Promise<Data | Response>);
  /** Where a visitor who opens a members-only page is sent; the landing page unless the page says otherwise. */
  visitorRedirect?: (c: AppContext) => string;
  loadFailure?: LoadFailure;
};

/** A handler file in routes/: a Hono app, mounted at the file's URL (`routes/api/auth.ts` → `/api/auth`). */
export type HandlerModule = { default: Hono<AppEnv> | Hono<SignedInEnv> };

export type RouteModule = PageModule | HandlerModule;
