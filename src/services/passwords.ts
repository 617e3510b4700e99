/** Password hashing (argon2id with fixed parameters) and the common-password list. */
import { hash, verify } from "@node-rs/argon2";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** argon2id, m=19456 KiB, t=2, p=1, set explicitly so a library default change cannot weaken it. */
const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
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
