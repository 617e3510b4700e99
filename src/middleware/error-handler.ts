import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { loggedError } from "../lib/log-text.ts";
import type { AppEnv } from "../server/context.ts";
import { requestPath } from "../server/request-path.ts";
import { DomainError } from "../services/platform/domain-errors.ts";

/** `detail` is the error's stack, given in development only. */
export type ErrorPageRenderer = (c: Context<AppEnv>, status: number, message: string, detail?: string) => Response;

function isBusy(error: unknown): boolean {
  const text = String((error as { cause?: unknown })?.cause ?? "") + String((error as Error)?.message ?? "");
  return /SQLITE_BUSY|database is locked/i.test(text);
}

/**
 * Maps errors to `{ message }` with the right status for /api, and to the friendly error page for pages. No stack traces
 * leave a production or test server; in development an unexpected error's page shows its stack, for the developer.
 */
export function handleError(renderErrorPage: ErrorPageRenderer) {
  return async (error: Error, c: Context<AppEnv>): Promise<Response> => {
    let status = 500;
    let message = "Something went wrong on our side. Please try again.";
    let headers: Record<string, string> = {};
    let fields: Record<string, string> | undefined;
    let detail: string | undefined;
    if (error instanceof DomainError) {
      ({ status, message, headers, fields } = error);
    } else if (error instanceof HTTPException) {
      status = error.status;
      message = error.message || (status === 400 ? "Malformed request." : message);
    } else if (isBusy(error)) {
      status = 503;
      message = "HubRate is busy right now. Please try again in a moment.";
      headers = { "Retry-After": "1" };
    } else {
      // Written as a log may write it: no token in the path, no value a failed statement was given.
      console.error(`[error] ${c.req.method} ${requestPath(c)}`, loggedError(error));
      if (c.var.deps?.config.env === "development") detail = error?.stack ?? String(error);
    }
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    if (new URL(c.req.url).pathname.startsWith("/api/") || c.req.method !== "GET") {
      return c.json(fields ? { message, fields } : { message }, status as 400);
    }
    try {
      return renderErrorPage(c, status, message, detail);
    } catch (renderError) {
      console.error("[error] the error page failed too", loggedError(renderError));
      return c.text(message, status as 400);
    }
  };
}
