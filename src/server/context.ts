import type { Context } from "hono";
import type { ComponentType } from "react";
import type { Database } from "../../db/client.ts";
import type { Config } from "../config.ts";
import type { Mailer } from "../services/mail.ts";
import type { Outbox } from "../services/outbox.ts";
import type { SessionUser } from "../services/sessions.ts";
import type { AssetManifest } from "./asset-files.ts";
import type { LogLine } from "../middleware/request-log.ts";
import type { Notice } from "./notice.ts";

/** What the app is built from; tests build it with a temporary database and their own mailer. */
export type AppDeps = {
  config: Config;
  database: Database;
  /** Delivers what the outbox holds. */
  mailer: Mailer;
  /** Where requests put mail; its worker hands it to the mailer. */
  outbox: Outbox;
  assets: AssetManifest;
  /** Where request log lines go; by default JSON lines on stdout (none in tests). */
  requestLog?: (line: LogLine) => void;
};

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    nonce: string;
    user: SessionUser | null;
  };
};

export type AppContext = Context<AppEnv>;

export type PageMeta = { title: string; description?: string; noindex?: boolean; status?: number };

export type PageProps<Data = undefined> = {
  data: Data;
  user: SessionUser | null;
  /** Path and query of the request, e.g. "/search?page=2". */
  url: string;
  params: Record<string, string>;
  /** What just happened, for the page it was meant for ("Your account is verified. Log in."). */
  notice?: Notice | null;
};

/** Who may open a page: anyone; visitors only (signed-in users go to /dashboard); signed-in users only. */
export type Access = "anyone" | "visitor" | "user";

/** What a file in routes/ exports. */
export type RouteModule<Data = unknown> = {
  default: ComponentType<PageProps<Data>>;
  access?: Access;
  meta?: PageMeta | ((data: Data) => PageMeta);
  /** Loads the page's data, or answers with a Response (a redirect, say) instead of the page. */
  load?: (c: AppContext) => Promise<Data | Response>;
  /** Where a visitor who opens a members-only page is sent; the landing page unless the page says otherwise. */
  visitorRedirect?: (c: AppContext) => string;
};
