/**
 * deno run -A tests/bench/password-hashing.ts [runs]
 *
 * The argon2id engines that could hash passwords on Deno Deploy (no native
 * addons), measured in one run against the native engine main.ts uses, all
 * with the parameters of SECURITY.md (m=19456 KiB, t=2, p=1, 32-byte hash,
 * 16-byte salt). For each: the first hash (module load, compilation or worker
 * start included), the median of `runs` hashes one after another, four hashes
 * at once, and during each the longest the event loop went without running a
 * 1 ms interval timer, which is how long every other request on the instance
 * waits. The last column says whether its hashes verify with the native
 * engine and the native engine's verify with it. Prints a markdown table.
 *
 * The script is also its own worker module: started as a Web Worker, it hashes
 * with hash-wasm what the main thread posts.
 */
import { argon2idAsync } from "@noble/hashes/argon2.js";
import { hashPassword, usePasswordEngine, verifyPassword } from "../../src/services/passwords.ts";

const M = 19456, T = 2, P = 1, HASH_BYTES = 32, SALT_BYTES = 16;

type HashRequest = { id: number; password: string; salt: Uint8Array };

type Engine = {
  name: string;
  hash(password: string): Promise<string>;
  verify(stored: string, password: string): Promise<boolean>;
  close?(): void;
};

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/=+$/, "");
const unbase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const salt = () => crypto.getRandomValues(new Uint8Array(SALT_BYTES));
const phc = (saltBytes: Uint8Array, hash: Uint8Array) => `$argon2id$v=19$m=${M},t=${T},p=${P}$${base64(saltBytes)}$${base64(hash)}`;

/** Engines that give raw bytes get the PHC string and its comparison here. */
function fromBytes(name: string, derive: (password: string, salt: Uint8Array) => Promise<Uint8Array>): Engine {
  return {
    name,
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

async function nativeEngine(): Promise<Engine> {
  const { hash, verify } = await import("@node-rs/argon2");
  return {
    name: "native `@node-rs/argon2` (main.ts; not on Deploy)",
    hash: (password) => hash(password, { algorithm: 2, memoryCost: M, timeCost: T, parallelism: P, outputLen: HASH_BYTES }),
    verify: (stored, password) => verify(stored, password),
  };
}

async function hashWasmInline(): Promise<Engine> {
  const { argon2id, argon2Verify } = await import("hash-wasm");
  return {
    name: "(a) hash-wasm inline (deploy.ts until now)",
    hash: (password) => argon2id({ password, salt: salt(), memorySize: M, iterations: T, parallelism: P, hashLength: HASH_BYTES, outputType: "encoded" }),
    verify: (stored, password) => argon2Verify({ password, hash: stored }),
  };
}

/** One worker, kept and reused; requests queue in it. Verify recomputes with the stored salt and compares, as a worker-backed engine would. */
async function hashWasmWorker(): Promise<Engine> {
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
    name: "(b) hash-wasm in a Web Worker",
    hash: (password) => run(password, salt()),
    async verify(stored, password) {
      const saltText = stored.split("$")[4];
      return (await run(password, unbase64(saltText))) === stored;
    },
    close: () => worker.terminate(),
  };
}

function nobleAsync(asyncTick: number): Engine {
  return fromBytes(
    `(c) \`@noble/hashes\` argon2idAsync, asyncTick ${asyncTick}`,
    (password, s) => argon2idAsync(password, s, { t: T, m: M, p: P, dkLen: HASH_BYTES, asyncTick }),
  );
}

/** Deno's own WebCrypto Argon2id (WICG modern algorithms), computed in Rust off the JavaScript thread. */
function webCrypto(): Engine {
  return fromBytes("(d) WebCrypto Argon2id (`crypto.subtle`, built into Deno)", async (password, s) => {
    const key = await crypto.subtle.importKey("raw-secret" as "raw", new TextEncoder().encode(password), "Argon2id", false, ["deriveBits"]);
    const params = { name: "Argon2id", nonce: s, memory: M, passes: T, parallelism: P };
    return new Uint8Array(await crypto.subtle.deriveBits(params, key, HASH_BYTES * 8));
  });
}

/**
 * What deploy.ts runs: the portable engine of src/services/passwords.ts, as it chooses on this runtime, or as on a runtime whose
 * WebCrypto refuses Argon2id (its pure JavaScript fallback, one hash at a time).
 */
function portable(withoutWebCryptoArgon2: boolean): Engine {
  const deriveBits = crypto.subtle.deriveBits;
  if (withoutWebCryptoArgon2) crypto.subtle.deriveBits = () => Promise.reject(new DOMException("Unrecognized algorithm name", "NotSupportedError"));
  usePasswordEngine("portable");
  return {
    name: withoutWebCryptoArgon2 ? "deploy.ts now, on a runtime without WebCrypto Argon2id (c, one at a time)" : "deploy.ts now: the portable engine (d here)",
    hash: hashPassword,
    verify: verifyPassword,
    close() {
      crypto.subtle.deriveBits = deriveBits;
      usePasswordEngine("native");
    },
  };
}

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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (ms: number) => String(Math.round(ms));

async function main(): Promise<void> {
  const runs = Number(Deno.args[0] ?? 5);
  const idle = await longestBlock(() => new Promise((resolve) => setTimeout(resolve, 300)));
  const native = await nativeEngine();
  const candidates: (() => Engine | Promise<Engine>)[] = [
    () => native,
    hashWasmInline,
    hashWasmWorker,
    () => nobleAsync(10),
    webCrypto,
    () => portable(false),
    () => portable(true),
  ];
  const rows: string[][] = [];
  for (const make of candidates) {
    const first = await longestBlock(async () => {
      const engine = await make();
      return { engine, hash: await engine.hash("first use") };
    });
    const { engine } = first.result;
    const times: number[] = [];
    let blockMs = 0;
    for (let i = 0; i < runs; i++) {
      const one = await longestBlock(() => engine.hash(`password ${i}`));
      times.push(one.ms);
      blockMs = Math.max(blockMs, one.blockMs);
    }
    const four = await longestBlock(() => Promise.all([1, 2, 3, 4].map((i) => engine.hash(`at once ${i}`))));
    const password = "a sturdy passphrase ✓";
    const ours = await engine.hash(password);
    const theirs = await native.hash(password);
    const verifies = ours.startsWith(`$argon2id$v=19$m=${M},t=${T},p=${P}$`) &&
      await native.verify(ours, password) && !await native.verify(ours, "wrong") &&
      await engine.verify(theirs, password) && !await engine.verify(theirs, "wrong");
    engine.close?.();
    rows.push([
      engine.name,
      `${round(first.ms)} / ${round(first.blockMs)}`,
      round(median(times)),
      round(blockMs),
      `${round(four.ms)} / ${round(four.blockMs)}`,
      verifies ? "yes" : "NO",
    ]);
  }
  const header = [
    "engine",
    "first use: ms / longest block",
    "ms per hash (median)",
    "longest block, ms",
    "4 at once: ms / longest block",
    "verifies both ways",
  ];
  console.log(`argon2id m=${M} KiB, t=${T}, p=${P}; ${runs} runs each; ${navigator.hardwareConcurrency} cores; Deno ${Deno.version.deno}`);
  console.log(`idle event loop: longest gap between 1 ms timer runs ${idle.blockMs.toFixed(1)} ms\n`);
  console.log(`| ${header.join(" | ")} |\n|${header.map(() => " --- ").join("|")}|`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
}

if (typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== "undefined") {
  const { argon2id } = await import("hash-wasm");
  const scope = globalThis as unknown as { onmessage: (event: MessageEvent<HashRequest>) => void; postMessage(message: unknown): void };
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
} else {
  await main();
}
