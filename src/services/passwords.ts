/**
 * Password hashing (argon2id with fixed parameters) and the common-password list.
 *
 * Two engines compute the same argon2id and read each other's hashes: the
 * native one (`@node-rs/argon2`, the default) and a WebAssembly build
 * (`hash-wasm`) for hosts that cannot load native addons, such as Deno Deploy.
 * Each is imported only when chosen.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** argon2id, m=19456 KiB, t=2, p=1, 32-byte hash, 16-byte salt; set explicitly so a library default change cannot weaken it. */
export const ARGON2_PARAMETERS = { memoryKiB: 19456, iterations: 2, parallelism: 1, hashBytes: 32, saltBytes: 16 } as const;

export type PasswordEngineName = "native" | "wasm";

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

async function wasmEngine(): Promise<PasswordEngine> {
  const { argon2id, argon2Verify } = await import("hash-wasm");
  return {
    hash: (password) =>
      argon2id({
        password,
        salt: crypto.getRandomValues(new Uint8Array(ARGON2_PARAMETERS.saltBytes)),
        memorySize: ARGON2_PARAMETERS.memoryKiB,
        iterations: ARGON2_PARAMETERS.iterations,
        parallelism: ARGON2_PARAMETERS.parallelism,
        hashLength: ARGON2_PARAMETERS.hashBytes,
        outputType: "encoded",
      }),
    verify: (stored, password) => argon2Verify({ password, hash: stored }),
  };
}

let engineName: PasswordEngineName = "native";
let engine: Promise<PasswordEngine> | undefined;

/** Chooses the engine before the first hash; an entry point for a host without native addons picks "wasm". */
export function usePasswordEngine(name: PasswordEngineName): void {
  if (name !== engineName) decoy = undefined;
  engineName = name;
  engine = undefined;
}

function currentEngine(): Promise<PasswordEngine> {
  engine ??= engineName === "wasm" ? wasmEngine() : nativeEngine();
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
