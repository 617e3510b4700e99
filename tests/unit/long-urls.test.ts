/**
 * A flood of distinct long URLs against main.ts as `deno task start` runs it
 * (its 128 MB heap cap included): the server keeps answering, and its memory
 * stays where a first flood of the same size left it. Each URL just under the
 * maximum is a new entry for the response cache, whose keys count against its
 * budget; a longer one is refused with 414 before anything keeps it. Were keys
 * left out of the budget, each of these requests would keep about 9 KB for
 * good, and the second flood would take the server past its heap cap.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { MAX_URL_LENGTH } from "../../src/middleware/request-guards.ts";
import { type Server, startServer, stopServer } from "../load/harness.ts";
import { TEST_BUILD_DIR } from "../helpers/build-dir.ts";
import { freePort, residentMb } from "../helpers/processes.ts";
import { preparedDatabase } from "../helpers/test-config.ts";

/** Requests per flood: enough that uncounted keys (about 9 KB of heap each) would pass the heap cap within two floods. */
const FLOOD = 7_000;
const PARALLEL = 8;
/** How far resident memory may move between the two floods: the garbage collector's slack, far below what a leak adds. */
const SLACK_MB = 32;

let dir: string;
let server: Server;

beforeAll(async () => {
  dir = await Deno.makeTempDir({ prefix: "hubrate-long-urls-" });
  await Deno.copyFile(preparedDatabase("on"), `${dir}/hubrate.db`);
  server = await startServer(`file:${dir}/hubrate.db`, freePort(), "on", { ASSETS_DIR: TEST_BUILD_DIR });
}, 120_000);

afterAll(async () => {
  if (server) await stopServer(server);
  await Deno.remove(dir, { recursive: true }).catch(() => {});
});

/** A URL of `length` characters (path and query), distinct by `n`. */
function longUrl(path: string, n: number, length: number): string {
  const start = `${path}?n=${n}&pad=`;
  return start + "x".repeat(length - start.length);
}

/**
 * Small answers, whose URL is most of what a cache entry holds; a page now and then (rarely enough that pages alone
 * would not fill the budget and push the small entries out); and every twentieth URL over the maximum.
 */
function request(n: number): { url: string; status: number } {
  const under = MAX_URL_LENGTH - 10;
  if (n % 100 === 0) return { url: longUrl("/privacy", n, under), status: 200 };
  if (n % 20 === 1) {
    return { url: longUrl(n % 40 === 1 ? "/api/courses/colleges" : "/robots.txt", n, 60_000), status: 414 };
  }
  return { url: longUrl(n % 2 === 0 ? "/robots.txt" : "/api/courses/colleges", n, under), status: 200 };
}

/** Sends requests `from` … `from + FLOOD - 1`, PARALLEL at a time; counts the answers that were not the expected one. */
async function flood(from: number): Promise<string[]> {
  const wrong: string[] = [];
  let next = from;
  const worker = async () => {
    while (next < from + FLOOD) {
      const n = next++;
      const { url, status } = request(n);
      try {
        const response = await fetch(server.base + url);
        await response.arrayBuffer();
        if (response.status !== status) wrong.push(`${url.slice(0, 40)}… → ${response.status}, not ${status}`);
      } catch (error) {
        wrong.push(`${url.slice(0, 40)}… → no answer (${String(error).slice(0, 80)})`);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return wrong;
}

test("thousands of distinct long URLs: the server keeps answering and its memory stays flat", async () => {
  const warmUp = await flood(0);
  expect(warmUp.slice(0, 5), `${warmUp.length} wrong answers in the first flood`).toEqual([]);
  const afterWarmUp = residentMb(server.proc.pid);

  const second = await flood(FLOOD);
  expect(second.slice(0, 5), `${second.length} wrong answers in the second flood`).toEqual([]);
  const afterFlood = residentMb(server.proc.pid);
  expect(
    afterFlood,
    `resident memory: ${afterWarmUp.toFixed(0)} MB after the first flood, ${afterFlood.toFixed(0)} MB after the second`,
  )
    .toBeLessThan(afterWarmUp + SLACK_MB);

  for (const path of ["/healthz", "/robots.txt", "/api/courses/colleges", "/privacy"]) {
    const response = await fetch(server.base + path);
    await response.arrayBuffer();
    expect(response.status, path).toBe(200);
  }
}, 600_000);
