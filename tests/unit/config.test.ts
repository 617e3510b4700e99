import { describe, expect, test } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.ts";

const secret = () => "s".repeat(64);

describe("configuration", () => {
  test("defaults make a working development setup", () => {
    const config = loadConfig({}, secret);
    expect(config).toMatchObject({
      port: 8000,
      env: "development",
      origin: "http://localhost:8000",
      databaseUrl: "file:data/hubrate.db",
      demoCatalog: true,
      sessionSecret: "s".repeat(64),
    });
    expect(config.smtpUrl).toBeUndefined();
  });

  test("empty values count as unset", () => {
    expect(loadConfig({ PORT: "", SMTP_URL: "" }, secret)).toMatchObject({ port: 8000, smtpUrl: undefined });
  });

  test.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ APP_ENV: "staging" }, "APP_ENV"],
    [{ DATABASE_URL: "postgres://x" }, "DATABASE_URL"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ CONTACT_TO: "not-an-email" }, "CONTACT_TO"],
    [{ DEMO_CATALOG: "maybe" }, "DEMO_CATALOG"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ APP_ORIGIN: "localhost" }, "APP_ORIGIN"],
  ])("a bad value stops the start with one line naming the variable: %o", (env, name) => {
    let error: unknown;
    try {
      loadConfig(env, secret);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(name);
    expect((error as Error).message).not.toContain("\n");
  });

  test("production requires SESSION_SECRET and APP_ORIGIN and never generates a secret", () => {
    const generated = () => {
      throw new Error("must not generate a secret in production");
    };
    expect(() => loadConfig({ APP_ENV: "production", APP_ORIGIN: "https://hubrate.example" }, generated)).toThrow(
      /SESSION_SECRET/,
    );
    expect(() => loadConfig({ APP_ENV: "production", SESSION_SECRET: "x".repeat(40) }, generated)).toThrow(
      /APP_ORIGIN/,
    );
    const config = loadConfig({
      APP_ENV: "production",
      SESSION_SECRET: "x".repeat(40),
      APP_ORIGIN: "https://hubrate.example/",
    }, generated);
    expect(config.origin).toBe("https://hubrate.example");
  });
});
