/**
 * Counts what each request asks of the database: statements, round trips and
 * the time spent waiting for them. On a libSQL server every call to the client
 * is one network round trip (a batch of statements is one; a transaction is
 * one per call inside it, its BEGIN riding with the first, and one for its
 * end), so the
 * counts say what a page will cost at a distance even when it runs on the
 * embedded file.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Client, InStatement, Transaction, TransactionMode } from "@libsql/client";

export type DbUsage = {
  statements: number;
  roundTrips: number;
  ms: number;
  /** The SQL of every statement, in order, when the usage was made to keep it (a check that two requests send the same). */
  texts?: string[];
  /** The usage this one was started inside: what a request does counts in a measurement around it too. */
  outer?: DbUsage;
};

const current = new AsyncLocalStorage<DbUsage>();

export function newUsage(options: { texts?: boolean } = {}): DbUsage {
  return options.texts ? { statements: 0, roundTrips: 0, ms: 0, texts: [] } : { statements: 0, roundTrips: 0, ms: 0 };
}

/** The usage of the request running now, if any: the scope statements are counted (and batched) in. */
export function currentUsage(): DbUsage | undefined {
  return current.getStore();
}

/** Runs `work` with every database call it makes (directly or in promises it starts) counted in `usage`. */
export function countingInto<T>(usage: DbUsage, work: () => Promise<T>): Promise<T> {
  const outer = current.getStore();
  if (usage.outer === undefined && outer !== usage) usage.outer = outer;
  return current.run(usage, work);
}

type Sent = InStatement | string;
const sqlOf = (statement: Sent) => typeof statement === "string" ? statement : statement.sql;

async function counted<T>(statements: Sent[] | number, call: () => Promise<T>, trips = 1): Promise<T> {
  const usage = current.getStore();
  if (!usage) return call();
  const count = typeof statements === "number" ? statements : statements.length;
  for (let u: DbUsage | undefined = usage; u; u = u.outer) {
    u.roundTrips += trips;
    u.statements += count;
    if (u.texts && typeof statements !== "number") u.texts.push(...statements.map(sqlOf));
  }
  const started = performance.now();
  try {
    return await call();
  } finally {
    const ms = performance.now() - started;
    for (let u: DbUsage | undefined = usage; u; u = u.outer) u.ms += ms;
  }
}

/** Statements in a script that executeMultiple sends at once; a semicolon inside a string may overcount, never undercount a trip. */
function statementsIn(sql: string): string[] {
  const parts = sql.split(";").filter((part) => part.trim());
  return parts.length ? parts : [sql];
}

function countedTransaction(tx: Transaction): Transaction {
  return new Proxy(tx, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (typeof value !== "function") return value;
      switch (property) {
        case "execute":
          return (statement: InStatement) => counted([statement], () => target.execute(statement));
        case "batch":
          return (statements: InStatement[]) => counted(statements, () => target.batch(statements));
        case "executeMultiple":
          return (sql: string) => counted(statementsIn(sql), () => target.executeMultiple(sql));
        case "commit":
        case "rollback":
          return () => counted([String(property).toUpperCase()], () => (value as () => Promise<void>).call(target));
        default:
          return value.bind(target);
      }
    },
  });
}

/** The client, with each call counted in the usage of the request that made it. */
export function countRoundTrips(client: Client): Client {
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (typeof value !== "function") return value;
      switch (property) {
        case "execute":
          return (statement: InStatement, args?: unknown) =>
            counted(
              [statement],
              () => (target.execute as (s: InStatement, a?: unknown) => ReturnType<Client["execute"]>)(statement, args),
            );
        case "batch":
          return (statements: InStatement[], mode?: Parameters<Client["batch"]>[1]) =>
            counted(statements, () => target.batch(statements, mode));
        case "executeMultiple":
          return (sql: string) => counted(statementsIn(sql), () => target.executeMultiple(sql));
        case "migrate":
          return (statements: InStatement[]) => counted(statements, () => target.migrate(statements));
        case "transaction":
          // Opening one sends nothing: its BEGIN leaves with its first statement.
          return async (mode?: TransactionMode) =>
            countedTransaction(await counted(0, () => target.transaction(mode), 0));
        default:
          return value.bind(target);
      }
    },
  });
}

/** Runs `work` outside any request's count (and batches): work a request starts for the process, that it does not wait for. */
export function outsideRequests<T>(work: () => Promise<T>): Promise<T> {
  // A usage of its own, tied to no request: what the work sends is counted (and batched) apart from every request's,
  // whichever context a continuation of the work comes back in.
  return current.run(newUsage(), work);
}
