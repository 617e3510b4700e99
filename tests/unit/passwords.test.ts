/** The two argon2id engines: same parameters, and each reads the other's hashes. */
import { afterEach, describe, expect, test } from "vitest";
import { hashPassword, usePasswordEngine, verifyPassword } from "../../src/services/passwords.ts";

const PREFIX = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;

afterEach(() => usePasswordEngine("native"));

describe("password engines", () => {
  test("native and WebAssembly argon2id write the same format and parameters", async () => {
    usePasswordEngine("native");
    const native = await hashPassword("correct horse battery");
    usePasswordEngine("wasm");
    const wasm = await hashPassword("correct horse battery");
    expect(native).toMatch(PREFIX);
    expect(wasm).toMatch(PREFIX);
    expect(wasm).not.toBe(native);
  });

  test("each engine verifies the other's hashes and refuses wrong passwords", async () => {
    usePasswordEngine("native");
    const native = await hashPassword("a sturdy passphrase");
    usePasswordEngine("wasm");
    const wasm = await hashPassword("a sturdy passphrase");
    expect(await verifyPassword(native, "a sturdy passphrase")).toBe(true);
    expect(await verifyPassword(native, "a sturdy passphrasE")).toBe(false);
    usePasswordEngine("native");
    expect(await verifyPassword(wasm, "a sturdy passphrase")).toBe(true);
    expect(await verifyPassword(wasm, "")).toBe(false);
  });

  test("a malformed stored hash is a mismatch in both engines, not an error", async () => {
    for (const engine of ["native", "wasm"] as const) {
      usePasswordEngine(engine);
      expect(await verifyPassword("not-a-hash", "anything")).toBe(false);
      expect(await verifyPassword("$argon2id$v=19$m=19456,t=2,p=1$short$short", "anything")).toBe(false);
    }
  });
});
