import type { AccountDeps } from "../services/accounts/accounts.ts";
import type { RequestContext } from "./context.ts";

/** What the account services need, from the request's app. */
export function accountDeps(c: RequestContext): AccountDeps {
  const { database, outbox, config } = c.var.deps;
  return { database, outbox, secret: config.sessionSecret, origin: config.origin };
}
