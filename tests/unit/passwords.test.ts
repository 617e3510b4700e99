/**
 * The two argon2id engines: same parameters, and each reads the other's hashes. The portable one (deploy.ts) is tried both ways it can
 * run: with hash-wasm in its worker, and with the pure JavaScript fallback on the event loop where a worker cannot start or fails.
 * Either must leave the event loop free for other requests while it hashes.
 */
import { argon2id } from "@noble/hashes/argon2.js";
import { afterEach, describe, expect, test, vi } from "vitest";
import {
  ARGON2_PARAMETERS,
  decoyHash,
  hashPassword,
  portableHashing,
  stopPasswordWorker,
  usePasswordEngine,
  usePasswordWorker,
  verifyPassword,
} from "../../src/services/accounts/passwords.ts";
import { turnsDuring } from "../helpers/event-loop.ts";

const PREFIX = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  usePasswordEngine("native");
  // Also stops the worker a test started: a live worker would keep the test process from exiting.
  usePasswordWorker(true);
});

/** How many timer turns ran while `work` was in progress (tests/helpers/event-loop.ts). */
async function timerTurnsDuring(work: () => Promise<unknown>): Promise<number> {
  return (await turnsDuring(work)).turns;
}

/** The worker's failure is said once on the console; the test keeps it off the output and checks it. */
function expectWorkerFailureLogged() {
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  return () =>
    expect(logged.mock.calls.filter(([message]) => String(message).startsWith("[passwords] the hashing worker failed")))
      .toHaveLength(1);
}

const PORTABLE = [
  {
    name: "portable engine, hash-wasm in its worker",
    use() {
      usePasswordEngine("portable");
      usePasswordWorker(true);
      return () => expect(portableHashing()).toBe("worker running");
    },
  },
  {
    name: "portable engine where the worker fails (its module does not exist)",
    /** The first derivation goes to a worker that never starts; it and every later one are computed on the event loop. */
    use() {
      const logged = expectWorkerFailureLogged();
      usePasswordEngine("portable");
      usePasswordWorker(true, { url: new URL("./no-such-password-worker.ts", import.meta.url).href });
      return () => {
        expect(portableHashing()).toBe("event loop");
        logged();
      };
    },
  },
];

describe.each(PORTABLE)("$name", ({ use }) => {
  test("writes the exact parameters, verifies the native engine's hashes, and the native engine verifies its own", async () => {
    const passwords = ["a sturdy passphrase", "ünïcødé pass 🔑 with ZWJ 👩‍👩‍👧", "x".repeat(100), ""];
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
      expect(await verifyPassword(portable[i], `${password}?`)).toBe(false);
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
    // The engine is still sound after the refusals.
    expect(await verifyPassword(stored, "correct horse battery")).toBe(true);
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
    const checks = await Promise.all(
      hashes.flatMap((hash, i) => [verifyPassword(hash, passwords[i]), verifyPassword(hash, passwords[(i + 1) % 4])]),
    );
    expect(checks).toEqual([true, false, true, false, true, false, true, false]);
  });

  test("the decoy hash for unknown accounts is a real hash with the same parameters, which nothing matches", async () => {
    use();
    const decoy = await decoyHash();
    expect(decoy).toMatch(PREFIX);
    expect(await verifyPassword(decoy, "any password")).toBe(false);
  });
});

describe("the portable engine's worker", () => {
  test("reads hashes of other costs than today's, one after another in the same worker, as the native engine wrote them", async () => {
    const { hash } = await import("@node-rs/argon2");
    const costs = [
      { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 },
      { memoryCost: 64, timeCost: 1, parallelism: 4, outputLen: 16 },
      { memoryCost: 19456 * 2, timeCost: 3, parallelism: 2, outputLen: 64 },
      { memoryCost: 4096, timeCost: 1, parallelism: 1, outputLen: 32 },
      { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 },
    ];
    const stored = [];
    for (const [i, cost] of costs.entries()) stored.push(await hash(`password ${i}`, { algorithm: 2, ...cost }));
    usePasswordEngine("portable");
    for (const [i, value] of stored.entries()) {
      expect(await verifyPassword(value, `password ${i}`), value).toBe(true);
      expect(await verifyPassword(value, `password ${i + 1}`), value).toBe(false);
    }
    expect(portableHashing()).toBe("worker running");
  });

  test("is stopped by stopPasswordWorker, and a later hash starts a new one", async () => {
    usePasswordEngine("portable");
    expect(portableHashing()).toBe("worker stopped");
    const first = await hashPassword("before the stop");
    expect(portableHashing()).toBe("worker running");
    stopPasswordWorker();
    expect(portableHashing()).toBe("worker stopped");
    expect(await verifyPassword(first, "before the stop")).toBe(true);
    expect(portableHashing()).toBe("worker running");
    usePasswordEngine("native");
    expect(await verifyPassword(first, "before the stop")).toBe(true);
  });

  test("stops itself once it has had nothing to hash for a while", async () => {
    usePasswordEngine("portable");
    usePasswordWorker(true, { idleMs: 50 });
    await hashPassword("then idle");
    await vi.waitFor(() => expect(portableHashing()).toBe("worker stopped"), { timeout: 10_000, interval: 25 });
    expect(await hashPassword("after the idle stop")).toMatch(PREFIX);
    expect(portableHashing()).toBe("worker running");
  });

  test("where a worker cannot be created, hashes on the event loop from then on", async () => {
    const logged = expectWorkerFailureLogged();
    vi.stubGlobal(
      "Worker",
      class {
        constructor() {
          throw new DOMException("Workers are not available", "NotSupportedError");
        }
      },
    );
    usePasswordEngine("portable");
    usePasswordWorker(true);
    const stored = await hashPassword("no workers here");
    expect(portableHashing()).toBe("event loop");
    logged();
    usePasswordEngine("native");
    expect(await verifyPassword(stored, "no workers here")).toBe(true);
  });

  test("where the worker answers that it cannot hash, that hash and the later ones are done on the event loop", async () => {
    const logged = expectWorkerFailureLogged();
    const refusing = `data:text/javascript,${
      encodeURIComponent("onmessage = ({ data }) => postMessage({ id: data.id, error: 'no WebAssembly here' });")
    }`;
    usePasswordEngine("portable");
    usePasswordWorker(true, { url: refusing });
    const stored = await hashPassword("refused by the worker");
    expect(portableHashing()).toBe("event loop");
    logged();
    usePasswordEngine("native");
    expect(await verifyPassword(stored, "refused by the worker")).toBe(true);
  });
});

test("the turn counter sees none while a computation holds the event loop (argon2id computed synchronously)", async () => {
  const { memoryKiB: m, iterations: t, parallelism: p, hashBytes: dkLen } = ARGON2_PARAMETERS;
  const turns = await timerTurnsDuring(async () =>
    argon2id("a sturdy passphrase", crypto.getRandomValues(new Uint8Array(16)), { m, t, p, dkLen })
  );
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
