/**
 * deno run -A tests/bench/password-hashing.ts [runs] [hashes]
 *
 * The argon2id engines that could hash passwords on Deno Deploy (no native
 * addons), measured against the native engine main.ts uses, all with the
 * parameters of SECURITY.md (m=19456 KiB, t=2, p=1, 32-byte hash, 16-byte
 * salt). For each: the first hash (module load, compilation or worker start
 * included), the median of `runs` hashes one after another, four hashes at
 * once, and during each the longest the event loop went without running a
 * 1 ms interval timer, which is how long every other request on the instance
 * waits; then the process's resident memory (VmRSS, and its peak VmHWM, from
 * /proc/self/status) after its first hash and after `hashes` more, one at a
 * time, and, in another process, in groups of four. An instance on Deno
 * Deploy has 512 MB. Each engine's measures run in processes of their own, so
 * no engine's memory is counted against another. The last column says whether
 * its hashes verify with the native engine and the native engine's verify with
 * it. Prints a markdown table; times move with whatever else the machine runs.
 *
 * The script is also the processes it starts (`--child`), and its own worker
 * module: started as a Web Worker, it hashes with hash-wasm what the main
 * thread posts, with hash-wasm's new instances for every hash.
 */
import { argon2idAsync } from "@noble/hashes/argon2.js";
import {
  hashPassword,
  stopPasswordWorker,
  usePasswordEngine,
  usePasswordWorker,
  verifyPassword,
} from "../../src/services/accounts/passwords.ts";

const M = 19456, T = 2, P = 1, HASH_BYTES = 32, SALT_BYTES = 16;

type HashRequest = { id: number; password: string; salt: Uint8Array };

type Engine = {
  hash(password: string): Promise<string>;
  verify(stored: string, password: string): Promise<boolean>;
  close?(): void;
};

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/=+$/, "");
const unbase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const salt = () => crypto.getRandomValues(new Uint8Array(SALT_BYTES));
const phc = (saltBytes: Uint8Array, hash: Uint8Array) =>
  `$argon2id$v=19$m=${M},t=${T},p=${P}$${base64(saltBytes)}$${base64(hash)}`;

/** Engines that give raw bytes get the PHC string and its comparison here. */
function fromBytes(derive: (password: string, salt: Uint8Array) => Promise<Uint8Array>): Engine {
  return {
    async hash(password) {
      const s = salt();
      return phc(s, await derive(password, s));
    },
    async verify(stored, password) {
      const [, , , , saltText, hashText] = stored.split("$");
      const expected = unbase64(hashText);
      const actual = await derive(password, unbase64(saltText));
      return actual.length === expected.length && actual.every((byte, i) => byte === expected[i]);
    },
  };
}

async function native(): Promise<Engine> {
  const { hash, verify } = await import("@node-rs/argon2");
  return {
    hash: (password) =>
      hash(password, { algorithm: 2, memoryCost: M, timeCost: T, parallelism: P, outputLen: HASH_BYTES }),
    verify: (stored, password) => verify(stored, password),
  };
}

/** What deploy.ts runs: the portable engine of src/services/accounts/passwords.ts, in its worker or, where workers fail, on the event loop. */
function portable(inWorker: boolean): Engine {
  usePasswordEngine("portable");
  usePasswordWorker(inWorker);
  return { hash: hashPassword, verify: verifyPassword, close: stopPasswordWorker };
}

async function hashWasmInline(): Promise<Engine> {
  const { argon2id, argon2Verify } = await import("hash-wasm");
  return {
    hash: (password) =>
      argon2id({
        password,
        salt: salt(),
        memorySize: M,
        iterations: T,
        parallelism: P,
        hashLength: HASH_BYTES,
        outputType: "encoded",
      }),
    verify: (stored, password) => argon2Verify({ password, hash: stored }),
  };
}

/** hash-wasm as it comes, in one worker kept and reused, requests queued in it: every hash makes new WebAssembly instances. */
function hashWasmWorker(): Engine {
  const worker = new Worker(import.meta.url, { type: "module" });
  const waiting = new Map<number, (hash: string) => void>();
  let next = 0;
  worker.onmessage = ({ data }: MessageEvent<{ id: number; hash: string }>) => {
    waiting.get(data.id)?.(data.hash);
    waiting.delete(data.id);
  };
  const run = (password: string, saltBytes: Uint8Array) =>
    new Promise<string>((resolve) => {
      const id = next++;
      waiting.set(id, resolve);
      worker.postMessage({ id, password, salt: saltBytes } satisfies HashRequest);
    });
  return {
    hash: (password) => run(password, salt()),
    async verify(stored, password) {
      return (await run(password, unbase64(stored.split("$")[4]))) === stored;
    },
    close: () => worker.terminate(),
  };
}

/** Deno's WebCrypto Argon2id (WICG modern algorithms), computed in Rust off the JavaScript thread. */
function webCrypto(): Engine {
  return fromBytes(async (password, s) => {
    const key = await crypto.subtle.importKey(
      "raw-secret" as "raw",
      new TextEncoder().encode(password),
      "Argon2id",
      false,
      ["deriveBits"],
    );
    const params = { name: "Argon2id", nonce: s, memory: M, passes: T, parallelism: P };
    return new Uint8Array(await crypto.subtle.deriveBits(params, key, HASH_BYTES * 8));
  });
}

const ENGINES: Record<string, { name: string; make: () => Engine | Promise<Engine> }> = {
  native: { name: "native `@node-rs/argon2` (main.ts; not on Deploy)", make: native },
  portable: {
    name: "**deploy.ts now**: hash-wasm in its worker, instances reused (passwords.ts)",
    make: () => portable(true),
  },
  fallback: {
    name: "deploy.ts where workers fail: `@noble/hashes` argon2idAsync on the loop, one at a time",
    make: () => portable(false),
  },
  webcrypto: { name: "WebCrypto Argon2id (`crypto.subtle`; deploy.ts until now)", make: webCrypto },
  "hash-wasm-worker": { name: "hash-wasm in a worker, new instances every hash", make: hashWasmWorker },
  "hash-wasm-inline": { name: "hash-wasm on the event loop", make: hashWasmInline },
  "noble-async": {
    name: "`@noble/hashes` argon2idAsync, asyncTick 10, unqueued",
    make: () =>
      fromBytes((password, s) => argon2idAsync(password, s, { t: T, m: M, p: P, dkLen: HASH_BYTES, asyncTick: 10 })),
  },
};

/** The longest time between two runs of a 1 ms interval timer while `work` is in progress. */
async function longestBlock<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; blockMs: number }> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  const started = performance.now();
  try {
    const result = await work();
    const ms = performance.now() - started;
    longest = Math.max(longest, performance.now() - last);
    return { result, ms, blockMs: longest };
  } finally {
    clearInterval(timer);
  }
}

/** This process's resident memory now and at its peak, in MB. */
function memory(): { rss: number; peak: number } {
  const status = Deno.readTextFileSync("/proc/self/status");
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]);
  return { rss: kib("VmRSS") / 1024, peak: kib("VmHWM") / 1024 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (value: number) => String(Math.round(value));

type Timings = { first: number[]; median: number; blockMs: number; four: number[]; verifies: boolean };
type Memory = { first: number; rss: number; peak: number; ms: number };

async function timings(engine: Engine, runs: number): Promise<Timings> {
  const first = await longestBlock(() => engine.hash("first use"));
  const times: number[] = [];
  let blockMs = 0;
  for (let i = 0; i < runs; i++) {
    const one = await longestBlock(() => engine.hash(`password ${i}`));
    times.push(one.ms);
    blockMs = Math.max(blockMs, one.blockMs);
  }
  const four = await longestBlock(() => Promise.all([1, 2, 3, 4].map((i) => engine.hash(`at once ${i}`))));
  const reference = await native();
  const password = "a sturdy passphrase ✓";
  const ours = await engine.hash(password);
  const theirs = await reference.hash(password);
  const verifies = ours.startsWith(`$argon2id$v=19$m=${M},t=${T},p=${P}$`) &&
    await reference.verify(ours, password) && !await reference.verify(ours, "wrong") &&
    await engine.verify(theirs, password) && !await engine.verify(theirs, "wrong");
  return { first: [first.ms, first.blockMs], median: median(times), blockMs, four: [four.ms, four.blockMs], verifies };
}

async function memoryAfter(engine: Engine, hashes: number, group: number): Promise<Memory> {
  await engine.hash("first use");
  const first = memory().rss;
  const started = performance.now();
  for (let i = 0; i < hashes; i += group) {
    await Promise.all(Array.from({ length: Math.min(group, hashes - i) }, (_, j) => engine.hash(`password ${i + j}`)));
  }
  return { first, ...memory(), ms: (performance.now() - started) / hashes };
}

/** In a process of its own: one engine, one measure; prints it as JSON. */
async function child([key, measure, count]: string[]): Promise<void> {
  const engine = await ENGINES[key].make();
  const result = measure === "timings"
    ? await timings(engine, Number(count))
    : await memoryAfter(engine, Number(count), measure === "fours" ? 4 : 1);
  engine.close?.();
  console.log(JSON.stringify(result));
}

async function inProcess<T>(...args: string[]): Promise<T> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", import.meta.filename!, "--child", ...args],
    cwd: new URL("../..", import.meta.url),
    stderr: "inherit",
  }).output();
  if (!output.success) throw new Error(`${args.join(" ")} failed`);
  return JSON.parse(new TextDecoder().decode(output.stdout).trim().split("\n").at(-1)!);
}

async function main(): Promise<void> {
  const runs = Number(Deno.args[0] ?? 5);
  const hashes = Number(Deno.args[1] ?? 200);
  const idle = await longestBlock(() => new Promise((resolve) => setTimeout(resolve, 300)));
  const load = Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
  const rows: string[][] = [];
  for (const [key, { name }] of Object.entries(ENGINES)) {
    const time = await inProcess<Timings>(key, "timings", String(runs));
    const one = await inProcess<Memory>(key, "one", String(hashes));
    const fours = await inProcess<Memory>(key, "fours", String(hashes));
    rows.push([
      name,
      time.first.map(round).join(" / "),
      round(time.median),
      round(time.blockMs),
      time.four.map(round).join(" / "),
      round(one.first),
      `${round(one.rss)} / ${round(one.peak)}`,
      `${round(fours.rss)} / ${round(fours.peak)}`,
      time.verifies ? "yes" : "NO",
    ]);
    console.error(`measured ${key}`);
  }
  const header = [
    "engine",
    "first use: ms / longest block",
    "ms per hash (median)",
    "longest block, ms",
    "4 at once: ms / longest block",
    "RSS after first hash, MB",
    `RSS after ${hashes} one at a time: now / peak, MB`,
    `RSS after ${hashes} in fours: now / peak, MB`,
    "verifies both ways",
  ];
  console.log(
    `argon2id m=${M} KiB, t=${T}, p=${P}; ${runs} runs each; ${navigator.hardwareConcurrency} cores; Deno ${Deno.version.deno}`,
  );
  console.log(
    `load average at the start ${load}; idle event loop: longest gap between 1 ms timer runs ${
      idle.blockMs.toFixed(1)
    } ms\n`,
  );
  console.log(`| ${header.join(" | ")} |\n|${header.map(() => " --- ").join("|")}|`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
}

if (typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== "undefined") {
  const { argon2id } = await import("hash-wasm");
  const scope = globalThis as unknown as {
    onmessage: (event: MessageEvent<HashRequest>) => void;
    postMessage(message: unknown): void;
  };
  scope.onmessage = async ({ data }) => {
    const hash = await argon2id({
      password: data.password,
      salt: data.salt,
      memorySize: M,
      iterations: T,
      parallelism: P,
      hashLength: HASH_BYTES,
      outputType: "encoded",
    });
    scope.postMessage({ id: data.id, hash });
  };
} else if (Deno.args[0] === "--child") {
  await child(Deno.args.slice(1));
} else {
  await main();
}
