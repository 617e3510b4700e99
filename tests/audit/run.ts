/**
 * deno task audit
 * Lighthouse (mobile emulation, simulated slow 4G) on the landing, search,
 * course and dashboard pages of a server started in production mode on a
 * fresh demo database, driving Debian's Chromium. Prints the four category
 * scores, largest contentful paint, total blocking time, layout shift and the
 * JavaScript each page ships.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { eq } from "drizzle-orm";
import { openDatabase } from "../../db/client.ts";
import { courses, users } from "../../db/schema.ts";
import { buildAssets } from "../../src/server/asset-build.ts";
import { issueToken } from "../../src/services/sessions.ts";
import { CHROMIUM_PATH } from "../helpers/browser.ts";

const SECRET = "audit-secret-0123456789-0123456789-0123456789";
const dir = await Deno.makeTempDir({ prefix: "hubrate-audit-" });
const url = `file:${dir}/audit.db`;
const listener = Deno.listen({ port: 0, hostname: "127.0.0.1" });
const port = (listener.addr as Deno.NetAddr).port;
listener.close();
const base = `http://127.0.0.1:${port}`;

await buildAssets();
const v8Flags = /--v8-flags=(\S+)/.exec(JSON.parse(await Deno.readTextFile(new URL("../../deno.json", import.meta.url))).tasks.start)?.[1];
const server = new Deno.Command(Deno.execPath(), {
  args: ["run", "-A", ...(v8Flags ? [`--v8-flags=${v8Flags}`] : []), "main.ts"],
  env: { DATABASE_URL: url, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", APP_ENV: "production", APP_ORIGIN: base, SESSION_SECRET: SECRET },
  stdout: "null",
  stderr: "inherit",
}).spawn();

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
try {
  for (let i = 0; i < 120 && !(await fetch(base + "/healthz").then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 250));
  const database = await openDatabase(url);
  const [student] = await database.db.insert(users).values({
    email: "audit@bu.edu",
    passwordHash: "!",
    enabled: true,
    college: "CAS",
    major: "Physics",
    expectedGrad: 2027,
  })
    .returning();
  const [course] = await database.db.select().from(courses).where(eq(courses.department, "CS")).orderBy(courses.numReviews).limit(1);
  database.close();
  const cookie = `__Host-hubrate_session=${await issueToken(SECRET, student)}`;

  const pages: [string, string, Record<string, string>?][] = [
    ["landing", "/"],
    ["search", "/search"],
    ["course", `/course/${course.id}`],
    ["dashboard (signed in)", "/dashboard", { Cookie: cookie }],
  ];
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  const rows: string[] = [];
  for (const [name, path, headers] of pages) {
    const result = await lighthouse(base + path, { port: chrome.port, output: "json", logLevel: "error", extraHeaders: headers });
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const { categories, audits } = result.lhr;
    const score = (key: string) => String(Math.round((categories[key]?.score ?? 0) * 100));
    const scripts = (audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
    const jsBytes = scripts.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    rows.push(line([
      name,
      score("performance"),
      score("accessibility"),
      score("best-practices"),
      score("seo"),
      audits["largest-contentful-paint"].displayValue ?? "",
      audits["total-blocking-time"].displayValue ?? "",
      audits["cumulative-layout-shift"].displayValue ?? "",
      `${(jsBytes / 1024).toFixed(1)} KB`,
    ]));
  }
  console.log("\nLighthouse, mobile emulation with simulated throttling; production build and server\n");
  console.log(line(["page", "performance", "accessibility", "best practices", "SEO", "LCP", "TBT", "CLS", "JavaScript (transferred)"]));
  console.log(line(["---", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:"]));
  for (const row of rows) console.log(row);
} finally {
  await chrome.kill();
  server.kill("SIGTERM");
  await server.status;
  await Deno.remove(dir, { recursive: true });
}
