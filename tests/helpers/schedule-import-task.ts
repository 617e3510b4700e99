/** `deno task schedule:import FILE` as an operator runs it, on a test app's database: its exit code and its output. */
import type { TestApp } from "./app.ts";

export type ImportRun = { code: number; stdout: string; stderr: string; out: string };

export async function runScheduleImport(t: TestApp, file: string): Promise<ImportRun> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "src/tasks/import-schedule.ts", file],
    env: { DATABASE_URL: t.config.databaseUrl, SESSION_SECRET: t.config.sessionSecret, APP_ENV: "test" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  const [stdout, stderr] = [decoder.decode(output.stdout), decoder.decode(output.stderr)];
  return { code: output.code, stdout, stderr, out: stdout + stderr };
}
