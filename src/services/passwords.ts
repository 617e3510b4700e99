/**
 * Password hashing (argon2id with fixed parameters) and the common-password list.
 *
 * Two engines compute the same argon2id and read each other's hashes: the
 * native one (`@node-rs/argon2`, the default) and a portable one for hosts
 * that cannot load native addons, such as Deno Deploy. The portable engine
 * must not hold the event loop for a whole hash, since every other request on
 * the instance would wait: it uses the runtime's WebCrypto Argon2id, which
 * computes off the JavaScript thread, and where the runtime has none, the pure
 * JavaScript argon2id of `@noble/hashes`, which lets other callbacks run every
 * 10 ms (`tests/bench/password-hashing.ts` compares these with the
 * alternatives). Each is imported only when chosen.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** argon2id, m=19456 KiB, t=2, p=1, 32-byte hash, 16-byte salt; set explicitly so a library default change cannot weaken it. */
export const ARGON2_PARAMETERS = { memoryKiB: 19456, iterations: 2, parallelism: 1, hashBytes: 32, saltBytes: 16 } as const;

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

type Cost = { memoryKiB: number; iterations: number; parallelism: number; hashBytes: number };
/** The raw argon2id output; the portable engine writes and reads the PHC string around it. */
type Derive = (password: string, salt: Uint8Array, cost: Cost) => Promise<Uint8Array>;

async function webCryptoArgon2(): Promise<Derive | undefined> {
  const derive: Derive = async (password, salt, cost) => {
    // The DOM type declarations predate the WICG modern algorithms: they know neither this key format nor (hence a variable, not a
    // literal) the Argon2 parameters.
    const key = await crypto.subtle.importKey("raw-secret" as "raw", new TextEncoder().encode(password), "Argon2id", false, ["deriveBits"]);
    const algorithm = { name: "Argon2id", nonce: salt, memory: cost.memoryKiB, passes: cost.iterations, parallelism: cost.parallelism };
    return new Uint8Array(await crypto.subtle.deriveBits(algorithm, key, cost.hashBytes * 8));
  };
  try {
    // The cheapest argon2id there is, so a runtime without it is found out before a password depends on it.
    await derive("", new Uint8Array(8), { memoryKiB: 8, iterations: 1, parallelism: 1, hashBytes: 4 });
    return derive;
  } catch {
    return undefined;
  }
}

async function javaScriptArgon2(): Promise<Derive> {
  const { argon2idAsync } = await import("@noble/hashes/argon2.js");
  return (password, salt, cost) =>
    argon2idAsync(password, salt, { m: cost.memoryKiB, t: cost.iterations, p: cost.parallelism, dkLen: cost.hashBytes, asyncTick: 10 });
}

/** At most `slots` derivations at once; later calls wait their turn in order. */
function limited(derive: Derive, slots: number): Derive {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (password, salt, cost) => {
    if (running < slots) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await derive(password, salt, cost);
    } finally {
      // A finished derivation hands its slot straight to the next in line.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

const PHC = /^\$argon2id\$v=19\$m=(\d{1,9}),t=(\d{1,9}),p=(\d{1,9})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;
/** A stored hash may carry other costs than today's, up to these, so a corrupt one cannot ask for gigabytes or minutes. */
const MOST = { memoryKiB: ARGON2_PARAMETERS.memoryKiB * 8, iterations: ARGON2_PARAMETERS.iterations * 8, parallelism: 8, hashBytes: 64 };

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/=+$/, "");
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

function parsePhc(stored: string): { salt: Uint8Array; hash: Uint8Array; cost: Cost } {
  const match = PHC.exec(stored);
  if (!match) throw new Error("Not an argon2id v19 hash");
  const [memoryKiB, iterations, parallelism] = match.slice(1, 4).map(Number);
  const salt = fromBase64(match[4]);
  const hash = fromBase64(match[5]);
  const cost = { memoryKiB, iterations, parallelism, hashBytes: hash.length };
  const within = parallelism >= 1 && parallelism <= MOST.parallelism && memoryKiB >= 8 * parallelism && memoryKiB <= MOST.memoryKiB &&
    iterations >= 1 && iterations <= MOST.iterations && hash.length >= 4 && hash.length <= MOST.hashBytes && salt.length >= 8;
  if (!within) throw new Error("argon2id hash outside the accepted costs");
  return { salt, hash, cost };
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i] ^ b[i];
  return difference === 0;
}

async function portableEngine(): Promise<PasswordEngine> {
  const webCrypto = await webCryptoArgon2();
  // WebCrypto computes on other threads: no more at once than the cores, and never more than four, so a burst of logins cannot claim
  // 19 MiB each without bound. The JavaScript one shares this thread: one at a time, or concurrent hashes would run their 10 ms slices
  // back to back and hold the event loop for all of them together.
  const derive = webCrypto
    ? limited(webCrypto, Math.min(4, Math.max(1, globalThis.navigator?.hardwareConcurrency ?? 1)))
    : limited(await javaScriptArgon2(), 1);
  const { memoryKiB, iterations, parallelism } = ARGON2_PARAMETERS;
  return {
    async hash(password) {
      const salt = crypto.getRandomValues(new Uint8Array(ARGON2_PARAMETERS.saltBytes));
      const hash = await derive(password, salt, ARGON2_PARAMETERS);
      return `$argon2id$v=19$m=${memoryKiB},t=${iterations},p=${parallelism}$${toBase64(salt)}$${toBase64(hash)}`;
    },
    async verify(stored, password) {
      const { salt, hash, cost } = parsePhc(stored);
      return equalBytes(await derive(password, salt, cost), hash);
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
  engine ??= engineName === "portable" ? portableEngine() : nativeEngine();
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

const LIST = join(dirname(fileURLToPath(import.meta.url)), "../../db/seeds/common-passwords.txt");
let common: Set<string> | undefined;

export const COMMON_PASSWORD_MESSAGE = "This password is too common and easy to guess. Choose a different one.";

export function isCommonPassword(password: string): boolean {
  common ??= new Set(Deno.readTextFileSync(LIST).split("\n").filter((line) => line && !line.startsWith("#")));
  return common.has(password.toLowerCase());
}
