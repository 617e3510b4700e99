/**
 * On a libSQL server every call is a network round trip. A request's
 * statements that are sent together (the reads of a page started side by side
 * with Promise.all) leave as one libSQL batch: one HTTP request to the
 * server instead of one each. Statements wait for the current turn of the
 * event loop to end, so those started together go together, in the order
 * they were sent; statements of different requests never share a batch.
 *
 * A batch runs in one transaction: a read-only one for reads, and one that
 * takes the write lock before its first statement when any statement writes,
 * so a batch that reads and then writes waits for another connection's write
 * instead of failing on the snapshot that write left behind. If it fails, its
 * statements run again one by one, so each gets its own answer or its own
 * error, as without batching.
 */
import { setImmediate } from "node:timers";
import type { Client, InArgs, InStatement, ResultSet } from "@libsql/client";
import { currentUsage } from "./round-trips.ts";

type Pending = { statement: InStatement; resolve: (result: ResultSet) => void; reject: (error: unknown) => void };

const READ = /^\s*(select|with|pragma|explain)\b/i;

function sqlOf(statement: InStatement): string {
  return typeof statement === "string" ? statement : statement.sql;
}

async function flush(client: Client, queue: Pending[]): Promise<void> {
  if (queue.length === 1) {
    const [only] = queue;
    return client.execute(only.statement).then(only.resolve, only.reject);
  }
  const statements = queue.map((p) => p.statement);
  try {
    const results = await client.batch(statements, statements.every((s) => READ.test(sqlOf(s))) ? "read" : "write");
    queue.forEach((p, i) => p.resolve(results[i]));
  } catch {
    for (const p of queue) await client.execute(p.statement).then(p.resolve, p.reject);
  }
}

const OUTSIDE_REQUESTS = {};

/**
 * The client, with the statements each request sends in one turn of the
 * event loop gathered into one batch, run in the order they were sent.
 */
export function batchStatements(client: Client): Client {
  const queues = new WeakMap<object, Pending[]>();
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (property !== "execute") return typeof value === "function" ? value.bind(target) : value;
      return (statement: InStatement | string, args?: InArgs): Promise<ResultSet> => {
        const full: InStatement = args === undefined ? statement : { sql: statement as string, args };
        // Work outside a request (start-up, the outbox) shares one scope: its statements sent together still leave together, in order.
        const scope: object = currentUsage() ?? OUTSIDE_REQUESTS;
        return new Promise<ResultSet>((resolve, reject) => {
          let queue = queues.get(scope);
          if (!queue) {
            queue = [];
            queues.set(scope, queue);
            setImmediate(() => {
              const taken = queues.get(scope) ?? [];
              queues.delete(scope);
              flush(target, taken).catch(() => {});
            });
          }
          queue.push({ statement: full, resolve, reject });
        });
      };
    },
  });
}
