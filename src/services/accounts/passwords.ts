/**
 * Password hashing (argon2id with fixed parameters) and the common-password list.
 *
 * Two engines compute the same argon2id and read each other's hashes: the
 * native one (`@node-rs/argon2`, the default) and a portable one for hosts
 * that cannot load native addons, such as Deno Deploy. The portable engine
 * must not hold the event loop for a whole hash, since every other request on
 * the instance would wait, nor let the process's memory grow with the number
 * of logins, since an instance on Deno Deploy has 512 MB (the runtime's
 * WebCrypto Argon2id, used before, took hundreds of megabytes to a few
 * gigabytes under a stream of logins). It hashes with hash-wasm in one worker
 * thread (src/services/accounts/password-worker.ts), started on first use and stopped
 * when idle, whose memory stays at one hash's; where a worker cannot start or
 * fails, with the pure JavaScript argon2id of `@noble/hashes` on the event
 * loop, which lets other callbacks run every 10 ms. Either way one hash at a
 * time per process: a burst of logins waits its turn instead of claiming
 * 19 MiB each. `tests/bench/password-hashing.ts` measures the engines.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ArgonCost, DeriveAnswer, DeriveRequest } from "./password-worker.ts";

/** argon2id, m=19456 KiB, t=2, p=1, 32-byte hash, 16-byte salt; set explicitly so a library default change cannot weaken it. */
export const ARGON2_PARAMETERS = {
  memoryKiB: 19456,
  iterations: 2,
  parallelism: 1,
  hashBytes: 32,
  saltBytes: 16,
} as const;

export type PasswordEngineName = "native" | "portable";

type PasswordEngine = {
  hash(password: string): Promise<string>;
  /** Throws on a malformed stored hash; callers treat that as a mismatch. */
  verify(stored: string, password: string): Promise<boolean>;
};

async function nativeEngine(): Promise<PasswordEngine> {
  const { hash, verify } = await import("@node-rs/argon2");
  const options = {
    algorithm: 2,
    memoryCost: ARGON2_PARAMETERS.memoryKiB,
    timeCost: ARGON2_PARAMETERS.iterations,
    parallelism: ARGON2_PARAMETERS.parallelism,
    outputLen: ARGON2_PARAMETERS.hashBytes,
  } as const;
  return { hash: (password) => hash(password, options), verify: (stored, password) => verify(stored, password) };
}

/** The raw argon2id output; the portable engine writes and reads the PHC string around it. */
type Derive = (password: string, salt: Uint8Array, cost: ArgonCost) => Promise<Uint8Array>;

// ---------------------------------------------------------------------------
// The portable engine: hash-wasm in a worker, or JavaScript on the event loop
// ---------------------------------------------------------------------------

/** How long a worker with nothing to hash is kept: it holds a thread and one hash's memory. */
const WORKER_IDLE_MS = 20_000;
const WORKER_URL = new URL("./password-worker.ts", import.meta.url).href;

type Waiting = { resolve: (hash: Uint8Array) => void; reject: (error: Error) => void };

let worker: { thread: Worker; waiting: Map<number, Waiting> } | null = null;
let workersWork = typeof Worker === "function";
let workerUrl = WORKER_URL;
let workerIdleMs = WORKER_IDLE_MS;
let nextDerivation = 0;
let idle: ReturnType<typeof setTimeout> | undefined;

/** The worker cannot hash here; the derivation is done on the event loop instead. */
class WorkerUnavailable extends Error {}

function stopWorker(failure?: Error): void {
  if (!worker) return;
  const { thread, waiting } = worker;
  worker = null;
  thread.terminate();
  for (const { reject } of waiting.values()) reject(failure ?? new Error("the password worker stopped"));
}

/** Hashes go to the event loop from now on, those waiting on the worker included. */
function workerFailed(reason: string): void {
  console.error("[passwords] the hashing worker failed; passwords are hashed on the event loop from now on:", reason);
  workersWork = false;
  stopWorker(new WorkerUnavailable(reason));
}

/** Stops the password worker (a server that shuts down); a later hash starts one again. */
export function stopPasswordWorker(): void {
  clearTimeout(idle);
  stopWorker();
}

/** Where the portable engine hashes: in its worker (running, or started by the next hash), or on the event loop where workers failed. */
export function portableHashing(): "worker running" | "worker stopped" | "event loop" {
  if (!workersWork) return "event loop";
  return worker ? "worker running" : "worker stopped";
}

/**
 * For tests: hash in a worker (true; from `url` to try one that fails, stopped after `idleMs` without work) or on the event loop
 * (false) from now on.
 */
export function usePasswordWorker(
  on: boolean,
  { url = WORKER_URL, idleMs = WORKER_IDLE_MS }: { url?: string; idleMs?: number } = {},
): void {
  stopPasswordWorker();
  workersWork = on && typeof Worker === "function";
  workerUrl = url;
  workerIdleMs = idleMs;
}

function startWorker(): NonNullable<typeof worker> {
  let thread: Worker;
  try {
    thread = new Worker(workerUrl, { type: "module" });
  } catch (error) {
    workerFailed(String(error));
    throw new WorkerUnavailable(String(error));
  }
  const waiting = new Map<number, Waiting>();
  thread.onmessage = ({ data }: MessageEvent<DeriveAnswer>) => {
    // The costs were checked before they were sent, so a refusal says hash-wasm cannot run here (no WebAssembly, no memory):
    // this derivation and those waiting move to the event loop.
    if (!("hash" in data)) return workerFailed(data.error);
    waiting.get(data.id)?.resolve(data.hash);
    waiting.delete(data.id);
  };
  thread.onerror = (event) => {
    event.preventDefault();
    workerFailed(event.message);
  };
  return { thread, waiting };
}

const deriveInWorker: Derive = (password, salt, cost) => {
  worker ??= startWorker();
  clearTimeout(idle);
  const { thread, waiting } = worker;
  const id = ++nextDerivation;
  const bytes = new TextEncoder().encode(password);
  return new Promise<Uint8Array>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    // The password's bytes move to the worker rather than being copied, so none stay behind on this thread.
    thread.postMessage({ id, password: bytes, salt, cost } satisfies DeriveRequest, [bytes.buffer]);
  }).finally(() => {
    if (worker?.waiting.size !== 0) return;
    idle = setTimeout(() => {
      if (worker?.waiting.size === 0) stopWorker();
    }, workerIdleMs);
    // The live worker keeps the process up until it is stopped; waiting to stop it must not be a reason of its own.
    Deno.unrefTimer(idle);
  });
};

let javaScriptArgon2: Promise<Derive> | undefined;

function loadJavaScriptArgon2(): Promise<Derive> {
  javaScriptArgon2 ??= import("@noble/hashes/argon2.js").then(({ argon2idAsync }) => (password, salt, cost) =>
    argon2idAsync(password, salt, {
      m: cost.memoryKiB,
      t: cost.iterations,
      p: cost.parallelism,
      dkLen: cost.hashBytes,
      asyncTick: 10,
    })
  );
  return javaScriptArgon2;
}

const deriveSomewhere: Derive = async (password, salt, cost) => {
  if (workersWork) {
    try {
      return await deriveInWorker(password, salt, cost);
    } catch (error) {
      if (!(error instanceof WorkerUnavailable)) throw error;
    }
  }
  return await (await loadJavaScriptArgon2())(password, salt, cost);
};

/**
 * One derivation at a time for the whole process, the others waiting in order: the worker computes one at a time anyway, and on the
 * event loop concurrent derivations would run their 10 ms slices back to back and hold the loop for all of them together.
 */
function oneAtATime(derive: Derive): Derive {
  let previous: Promise<unknown> = Promise.resolve();
  return (password, salt, cost) => {
    const result = previous.then(() => derive(password, salt, cost));
    previous = result.catch(() => {});
    return result;
  };
}

const portableDerive = oneAtATime(deriveSomewhere);

const PHC = /^\$argon2id\$v=19\$m=(\d{1,9}),t=(\d{1,9}),p=(\d{1,9})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;
/** A stored hash may carry other costs than today's, up to these, so a corrupt one cannot ask for gigabytes or minutes. */
const MOST = {
  memoryKiB: ARGON2_PARAMETERS.memoryKiB * 8,
  iterations: ARGON2_PARAMETERS.iterations * 8,
  parallelism: 8,
  hashBytes: 64,
};

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/=+$/, "");
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

function parsePhc(stored: string): { salt: Uint8Array; hash: Uint8Array; cost: ArgonCost } {
  const match = PHC.exec(stored);
  if (!match) throw new Error("Not an argon2id v19 hash");
  const [memoryKiB, iterations, parallelism] = match.slice(1, 4).map(Number);
  const salt = fromBase64(match[4]);
  const hash = fromBase64(match[5]);
  const cost = { memoryKiB, iterations, parallelism, hashBytes: hash.length };
  const within = parallelism >= 1 && parallelism <= MOST.parallelism && memoryKiB >= 8 * parallelism &&
    memoryKiB <= MOST.memoryKiB &&
    iterations >= 1 && iterations <= MOST.iterations && hash.length >= 4 && hash.length <= MOST.hashBytes &&
    salt.length >= 8;
  if (!within) throw new Error("argon2id hash outside the accepted costs");
  return { salt, hash, cost };
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i] ^ b[i];
  return difference === 0;
}

function portableEngine(): PasswordEngine {
  const { memoryKiB, iterations, parallelism } = ARGON2_PARAMETERS;
  return {
    async hash(password) {
      const salt = crypto.getRandomValues(new Uint8Array(ARGON2_PARAMETERS.saltBytes));
      const hash = await portableDerive(password, salt, ARGON2_PARAMETERS);
      return `$argon2id$v=19$m=${memoryKiB},t=${iterations},p=${parallelism}$${toBase64(salt)}$${toBase64(hash)}`;
    },
    async verify(stored, password) {
      const { salt, hash, cost } = parsePhc(stored);
      return equalBytes(await portableDerive(password, salt, cost), hash);
    },
  };
}

let engineName: PasswordEngineName = "native";
let engine: Promise<PasswordEngine> | undefined;

/** Chooses the engine before the first hash; an entry point for a host without native addons picks "portable". */
export function usePasswordEngine(name: PasswordEngineName): void {
  if (name !== engineName) decoy = undefined;
  engineName = name;
  engine = undefined;
}

function currentEngine(): Promise<PasswordEngine> {
  engine ??= engineName === "portable" ? Promise.resolve(portableEngine()) : nativeEngine();
  return engine;
}

export async function hashPassword(password: string): Promise<string> {
  return (await currentEngine()).hash(password);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await (await currentEngine()).verify(stored, password);
  } catch {
    return false;
  }
}

/** A real hash to verify against when the account does not exist, so both cases take the same time. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(crypto.randomUUID());
  return decoy;
}

const LIST = join(dirname(fileURLToPath(import.meta.url)), "../../../db/seeds/common-passwords.txt");
let common: Set<string> | undefined;

export const COMMON_PASSWORD_MESSAGE = "This password is too common and easy to guess. Choose a different one.";

export function isCommonPassword(password: string): boolean {
  common ??= new Set(Deno.readTextFileSync(LIST).split("\n").filter((line) => line && !line.startsWith("#")));
  return common.has(password.toLowerCase());
}
