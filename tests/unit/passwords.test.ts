/**
 * The two argon2id engines: same parameters, and each reads the other's hashes. The portable one (deploy.ts) is tried both ways it can
 * run: with the runtime's WebCrypto Argon2id, and with the pure JavaScript fallback of a runtime without it. Either must leave the
 * event loop free for other requests while it hashes.
 */
import { argon2id } from "@noble/hashes/argon2.js";
import { afterEach, describe, expect, test, vi } from "vitest";
import { ARGON2_PARAMETERS, decoyHash, hashPassword, usePasswordEngine, verifyPassword } from "../../src/services/passwords.ts";

const PREFIX = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;

afterEach(() => {
  vi.restoreAllMocks();
  usePasswordEngine("native");
});

/** How many times a zero-delay timer chain ran while `work` was in progress: none when the work holds the event loop throughout. */
async function timerTurnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let done = false;
  const turn = () => {
    if (done) return;
    turns++;
    timer = setTimeout(turn, 0);
  };
  let timer = setTimeout(turn, 0);
  try {
    await work();
  } finally {
    done = true;
    clearTimeout(timer);
  }
  return turns;
}

const PORTABLE = [
  {
    name: "portable engine with WebCrypto Argon2id",
    /** Watches the runtime's argon2id so the test can tell it was the one used. */
    use() {
      const deriveBits = vi.spyOn(crypto.subtle, "deriveBits");
      usePasswordEngine("portable");
      return () => {
        const argon2 = deriveBits.mock.calls.map(([algorithm]) => algorithm as { name: string; memory?: number });
        expect(argon2.filter(({ name, memory }) => name === "Argon2id" && memory === ARGON2_PARAMETERS.memoryKiB).length).toBeGreaterThan(0);
      };
    },
  },
  {
    name: "portable engine on a runtime without WebCrypto Argon2id",
    /** The runtime refuses the algorithm, as one that predates it does; the engine falls back to JavaScript. */
    use() {
      const deriveBits = vi.spyOn(crypto.subtle, "deriveBits").mockRejectedValue(new DOMException("Unrecognized algorithm name", "NotSupportedError"));
      usePasswordEngine("portable");
      return () => expect(deriveBits).toHaveBeenCalledTimes(1);
    },
  },
];

describe.each(PORTABLE)("$name", ({ use }) => {
  test("writes the exact parameters, verifies the native engine's hashes, and the native engine verifies its own", async () => {
    const passwords = ["a sturdy passphrase", "ünïcødé pass 🔑 with ZWJ 👩‍👩‍👧", "x".repeat(100)];
    const native = [];
    for (const password of passwords) native.push(await hashPassword(password));
    const usedExpectedPath = use();
    const portable = [];
    for (const password of passwords) portable.push(await hashPassword(password));
    for (const [i, password] of passwords.entries()) {
      expect(portable[i]).toMatch(PREFIX);
      expect(await verifyPassword(native[i], password)).toBe(true);
      expect(await verifyPassword(native[i], `${password}!`)).toBe(false);
    }
    usedExpectedPath();
    usePasswordEngine("native");
    for (const [i, password] of passwords.entries()) {
      expect(await verifyPassword(portable[i], password)).toBe(true);
      expect(await verifyPassword(portable[i], password.slice(0, -1))).toBe(false);
    }
  });

  test("refuses a wrong password, and treats a malformed or corrupt stored hash as a mismatch, not an error", async () => {
    use();
    const stored = await hashPassword("correct horse battery");
    expect(await verifyPassword(stored, "correct horse batterY")).toBe(false);
    expect(await verifyPassword(stored, "")).toBe(false);
    const [salt, hash] = stored.split("$").slice(4);
    const malformed = [
      "",
      "not-a-hash",
      "$argon2id$v=19$m=19456,t=2,p=1$short$short",
      stored.slice(0, -10),
      stored.replace("$argon2id$", "$argon2i$"),
      stored.replace("v=19", "v=16"),
      `$argon2id$v=19$m=19456,t=2,p=1$${salt}$${hash}%`,
      // Costs a corrupt row could ask for: gigabytes of memory, endless passes, no lanes.
      `$argon2id$v=19$m=999999999,t=2,p=1$${salt}$${hash}`,
      `$argon2id$v=19$m=19456,t=999999999,p=1$${salt}$${hash}`,
      `$argon2id$v=19$m=19456,t=2,p=0$${salt}$${hash}`,
      `$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$${hash}`,
    ];
    for (const value of malformed) expect(await verifyPassword(value, "correct horse battery"), value).toBe(false);
  });

  test("lets other callbacks run while it hashes, instead of holding the event loop for the whole hash", async () => {
    use();
    // The first hash also loads and prepares the engine; the second is the steady state every login sees.
    await hashPassword("warm up");
    const turns = await timerTurnsDuring(() => hashPassword("a sturdy passphrase"));
    // More than once, so the loop was free during the hash, not only at its start or end.
    expect(turns).toBeGreaterThanOrEqual(3);
  });

  test("several hashes at once all complete and verify", async () => {
    use();
    const passwords = ["first of four", "second of four", "third of four", "fourth of four"];
    const hashes = await Promise.all(passwords.map((password) => hashPassword(password)));
    const checks = await Promise.all(hashes.flatMap((hash, i) => [verifyPassword(hash, passwords[i]), verifyPassword(hash, passwords[(i + 1) % 4])]));
    expect(checks).toEqual([true, false, true, false, true, false, true, false]);
  });

  test("the decoy hash for unknown accounts is a real hash with the same parameters, which nothing matches", async () => {
    use();
    const decoy = await decoyHash();
    expect(decoy).toMatch(PREFIX);
    expect(await verifyPassword(decoy, "any password")).toBe(false);
  });
});

test("the turn counter sees none while a computation holds the event loop (argon2id computed synchronously)", async () => {
  const { memoryKiB: m, iterations: t, parallelism: p, hashBytes: dkLen } = ARGON2_PARAMETERS;
  const turns = await timerTurnsDuring(async () => argon2id("a sturdy passphrase", crypto.getRandomValues(new Uint8Array(16)), { m, t, p, dkLen }));
  expect(turns).toBe(0);
});

test("the native engine writes the exact parameters and refuses malformed hashes", async () => {
  const stored = await hashPassword("correct horse battery");
  expect(stored).toMatch(PREFIX);
  expect(await verifyPassword(stored, "correct horse battery")).toBe(true);
  expect(await verifyPassword(stored, "correct horse batterY")).toBe(false);
  expect(await verifyPassword("not-a-hash", "anything")).toBe(false);
  expect(await verifyPassword("$argon2id$v=19$m=19456,t=2,p=1$short$short", "anything")).toBe(false);
});
