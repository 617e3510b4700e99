/** Helpers for tests that need signed-in students. */
import { eq } from "drizzle-orm";
import { users } from "../../db/schema.ts";
import { hashPassword } from "../../src/services/accounts/passwords.ts";
import { issueToken } from "../../src/services/accounts/sessions.ts";
import { TEST_SECRET, type TestApp } from "./app.ts";

export const ORIGIN = "http://localhost:8000";

/** The password of a test student unless the test gives another. */
export const STUDENT_PASSWORD = "correct horse battery";
/** Hashed once per process: argon2 takes tens of milliseconds, and some tests need a hundred students. */
let studentPasswordHash: Promise<string> | undefined;

export type Student = { id: number; email: string; token: string; password: string; user: typeof users.$inferSelect };

/** A verified student, inserted directly, who can log in with `password`, with a session token. */
export async function createStudent(t: TestApp, email: string, password = STUDENT_PASSWORD): Promise<Student> {
  const passwordHash = password === STUDENT_PASSWORD
    ? await (studentPasswordHash ??= hashPassword(STUDENT_PASSWORD))
    : await hashPassword(password);
  const [user] = await t.deps.database.db.insert(users).values({
    email,
    passwordHash,
    enabled: true,
    college: "CAS",
    major: "Physics",
    expectedGrad: 2027,
  })
    .returning();
  return { id: user.id, email: user.email, token: await issueToken(TEST_SECRET, user), password, user };
}

/** `n` students, `<prefix><i>@bu.edu`. */
export async function createStudents(t: TestApp, prefix: string, n: number): Promise<Student[]> {
  const list: Student[] = [];
  for (let i = 0; i < n; i++) list.push(await createStudent(t, `${prefix}${i}@bu.edu`));
  return list;
}

export async function userByEmail(t: TestApp, email: string) {
  const [row] = await t.deps.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

/** The 6-digit code of the newest mail to `to` (the test mailer keeps mail in `t.sent`). */
export async function codeMailedTo(t: TestApp, to: string, timeoutMs = 5000): Promise<string> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const mail = t.sent.findLast((m) => m.to === to);
    if (mail) return /\b(\d{6})\b/.exec(mail.text)![1];
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`no mail to ${to}`);
}

/** The connection a request seems to come from, as Deno.serve hands it to the app (`ip` in `api`). */
export function fromAddress(ip: string) {
  return { remoteAddr: { hostname: ip, port: 40000, transport: "tcp" } };
}

export function api(
  t: TestApp,
  path: string,
  options: { method?: string; body?: unknown; token?: string; headers?: Record<string, string>; ip?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { Origin: ORIGIN, ...options.headers };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  return Promise.resolve(
    t.app.request(
      path,
      {
        method: options.method ?? "GET",
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      },
      options.ip ? fromAddress(options.ip) : undefined,
    ),
  );
}
