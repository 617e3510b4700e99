/**
 * Holds a database's write lock from another process, the way a second server
 * or a maintenance task would: `deno run -A tests/helpers/hold-write-lock.ts
 * PATH MILLISECONDS` prints "locked" once it holds BEGIN IMMEDIATE, then lets go.
 */
import { createClient } from "@libsql/client/node";

const [path, milliseconds] = Deno.args;
const client = createClient({ url: `file:${path}` });
const tx = await client.transaction("write");
console.log("locked");
await new Promise((resolve) => setTimeout(resolve, Number(milliseconds)));
await tx.rollback();
client.close();
