import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { contactMessages, users } from "../../db/schema.ts";
import { issueToken } from "../../src/services/accounts/sessions.ts";
import { jsonRequest, makeTestApp, TEST_SECRET, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const get = (path: string, init?: RequestInit) => t.app.request(path, init);
const scripts = (html: string) => html.match(/<script\b[^>]*>/g) ?? [];
const islands = (html: string) => [...html.matchAll(/data-island="([^"]+)"/g)].map((m) => m[1]);

function expectSecurityHeaders(response: Response) {
  const csp = response.headers.get("content-security-policy") ?? "";
  expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  for (const part of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(part);
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
}

describe("health and reference API", () => {
  test("GET /healthz answers ok after checking the database", async () => {
    const response = await get("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  test("GET /api/auth/colleges lists the BU colleges, sorted", async () => {
    const colleges = await (await get("/api/auth/colleges")).json();
    expect(colleges).toEqual([...colleges].sort());
    for (const code of ["CAS", "COM", "ENG", "QST", "SAR", "CFA", "CDS", "WED"]) expect(colleges).toContain(code);
  });

  test("GET /api/auth/majors?college= lists that college's majors with Undecided", async () => {
    const majors = await (await get("/api/auth/majors?college=ENG")).json();
    expect(majors).toContain("Undecided");
    expect(majors.length).toBeGreaterThan(2);
    expect(await (await get("/api/auth/majors?college=XYZ")).json()).toEqual([]);
    const missing = await get("/api/auth/majors");
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ message: "Select a college" });
  });

  test("unknown /api paths get 404 JSON", async () => {
    const response = await get("/api/nothing/here");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Not found" });
  });
});

describe("contact", () => {
  test.each([
    [{ email: "nope", subject: "Hi", message: "Hello" }, "email", "Please enter a valid email address"],
    [{ email: "a@b.co", subject: "   ", message: "Hello" }, "subject", "Subject is required"],
    [
      { email: "a@b.co", subject: "x".repeat(201), message: "Hello" },
      "subject",
      "Subject must be less than 200 characters",
    ],
    [{ email: "a@b.co", subject: "Hi", message: "" }, "message", "Message is required"],
    [
      { email: "a@b.co", subject: "Hi", message: "x".repeat(3001) },
      "message",
      "Message must be less than 3000 characters",
    ],
    [{ email: 42, subject: ["x"], message: null }, "email", "Please enter a valid email address"],
  ])("refuses %o with the spec's message", async (body, field, message) => {
    const response = await get("/api/auth/contact", {
      ...jsonRequest("POST", body),
      headers: { ...jsonRequest("POST").headers as Record<string, string>, "X-Test-Ip": field },
    });
    expect(response.status).toBe(400);
    const json = await response.json();
    expect(json.fields[field]).toBe(message);
    expect(typeof json.message).toBe("string");
  });

  test("a ZWJ emoji, an RTL mark and combining characters count as one character each", async () => {
    const subject = "👩‍👩‍👧‍👦".repeat(100) + "\u200F" + "e\u0301".repeat(99);
    const response = await get(
      "/api/auth/contact",
      jsonRequest("POST", { email: "emoji@bu.edu", subject, message: "ok" }),
    );
    expect(response.status).toBe(200);
    const [stored] = await t.deps.database.db.select().from(contactMessages).where(
      eq(contactMessages.email, "emoji@bu.edu"),
    );
    expect(stored.subject).toBe(subject);
  });

  test("stores the message, mails it to CONTACT_TO and answers with a message", async () => {
    const response = await get(
      "/api/auth/contact",
      jsonRequest("POST", {
        email: "student@bu.edu",
        subject: "Wrong title",
        message: "CS 111 <script>x</script>",
        extra: "ignored",
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Thanks for reaching out! Your message has been sent." });
    const [stored] = await t.deps.database.db.select().from(contactMessages).where(
      eq(contactMessages.email, "student@bu.edu"),
    );
    expect(stored).toMatchObject({ subject: "Wrong title", message: "CS 111 <script>x</script>" });
    await t.deps.outbox.idle();
    const mail = t.sent.find((m) => m.replyTo === "student@bu.edu")!;
    expect(mail.to).toBe(t.config.contactTo);
    expect(mail.text).toContain("CS 111 <script>x</script>");
    expect(mail.html).toContain("&lt;script&gt;");
  });

  test("a non-JSON body gets 415, a cross-site POST 403, a 17 KiB body 413, broken JSON 400", async () => {
    const plain = await get("/api/auth/contact", {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify({ email: "a@b.co", subject: "s", message: "m" }),
    });
    expect(plain.status).toBe(415);
    expect(await plain.json()).toHaveProperty("message");
    const form = await get("/api/auth/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
      body: "email=a@b.co",
    });
    expect(form.status).toBe(403);
    const crossSite = await get(
      "/api/auth/contact",
      jsonRequest("POST", { email: "a@b.co", subject: "s", message: "m" }, { Origin: "https://evil.example" }),
    );
    expect(crossSite.status).toBe(403);
    const huge = await get(
      "/api/auth/contact",
      jsonRequest("POST", { email: "a@b.co", subject: "s", message: "m".repeat(17 * 1024) }),
    );
    expect(huge.status).toBe(413);
    const broken = await get("/api/auth/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toHaveProperty("message");
  });

  test("is rate limited per client with Retry-After", async () => {
    const own = await makeTestApp({ env: { DEMO_CATALOG: "off" } });
    try {
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 7; i++) {
        last = await own.app.request(
          "/api/auth/contact",
          jsonRequest("POST", { email: "a@b.co", subject: `s${i}`, message: "m" }, {
            "X-Forwarded-For": `10.0.0.${i}`,
          }),
        );
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await own.close();
    }
  });
});

describe("pages", () => {
  test("landing page: headline, the search box, Start Searching, the two sections, and only the search box's island", async () => {
    const response = await get("/");
    expect(response.status).toBe(200);
    expectSecurityHeaders(response);
    const html = await response.text();
    expect(html).toContain('href="/search">Start Searching</a>');
    expect(html).toContain("Why use HubRate?");
    expect(html).toContain("Unlock these features by creating a free account");
    expect(html).toMatch(/<details class="topbar-menu">/);
    expect(html).toContain("© 2025 HubRate");
    expect(islands(html)).toEqual(["SearchBox"]);
    // The search box is a plain form first: without JavaScript it still searches.
    expect(html).toMatch(/<form[^>]*action="\/search"[^>]*role="search"|<form[^>]*role="search"[^>]*action="\/search"/);
  });

  test.each([["/privacy", "November 26, 2026"], ["/terms", "August 20, 2025"]])(
    "%s states the required facts, dated %s, with only the top bar's search box as script",
    async (path, date) => {
      const html = await (await get(path)).text();
      // Terms keeps SPEC's date; the privacy text changed since, and says when.
      expect(html).toContain(`Last updated: ${date}`);
      expect(html).toContain("deleted immediately on account deletion");
      expect(html).toMatch(/not affiliated with/);
      expect(islands(html)).toEqual(["SearchBox"]);
    },
  );

  test("privacy tells of the reminder mail and its opt-in, both cookies, and what becomes of contact messages", async () => {
    const text = (await (await get("/privacy")).text()).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").replace(
      /&quot;/g,
      '"',
    ).replace(/&#x27;/g, "'");
    expect(text).toContain(
      "If you turn on end-of-term review reminders on your Account page (they are off unless you do)",
    );
    expect(text).toContain("one-click unsubscribe link");
    expect(text).toContain("We set two cookies");
    expect(text).toMatch(/The notice cookie carries a one-time message .* expires after 5 minutes/);
    expect(text).toContain(
      "Messages sent through the contact form from your account's email address are deleted with it.",
    );
  });

  test("privacy says reviews show anonymously but are tied internally to the user", async () => {
    const html = await (await get("/privacy")).text();
    expect(html).toContain("Reviews are shown anonymously");
    expect(html).toContain("tied to the account that wrote it");
  });

  test("the contact page carries its form and the search box, booted by one module script with a nonce", async () => {
    const response = await get("/contact");
    const html = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy")!)![1];
    expect(islands(html).sort()).toEqual(["ContactForm", "SearchBox"]);
    const moduleScripts = scripts(html).filter((s) => s.includes('type="module"'));
    expect(moduleScripts).toHaveLength(1);
    expect(moduleScripts[0]).toContain(`nonce="${nonce}"`);
    expect(html).toMatch(/mailto:maintainer@hubrate\.local/);
  });

  test("the search page says when the demo catalog is loaded and lists courses", async () => {
    const html = await (await get("/search?q=cs+111")).text();
    expect(html).toContain("This is the demo catalog");
    expect(html).toMatch(/Found (1 course|[\d,]+ courses)</);
    expect(html).toContain("Introduction to Computer Science 1");
  });

  test("an unknown path shows visitors the landing page with a 404 status and security headers", async () => {
    const response = await get("/no/such/page");
    expect(response.status).toBe(404);
    expectSecurityHeaders(response);
    expect(await response.text()).toContain("Start Searching");
  });

  test("members-only pages send visitors to the landing page", async () => {
    const response = await get("/dashboard");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
  });

  test("static assets are hashed and cached for a year", async () => {
    const html = await (await get("/")).text();
    const css = /href="(\/static\/build\/styles-[A-Z0-9]+\.css)"/.exec(html)![1];
    const response = await get(css);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-type")).toContain("text/css");
  });

  test("sitemap.xml lists the public pages and every course page", async () => {
    const response = await get("/sitemap.xml");
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    expect(xml.match(/<loc>http:\/\/localhost:8000\/course\/\d+<\/loc>/g)).toHaveLength(316);
    for (const path of ["/search", "/privacy", "/terms", "/contact"]) {
      expect(xml).toContain(`<loc>http://localhost:8000${path}</loc>`);
    }
  });

  test("robots.txt points to the sitemap and keeps crawlers out of the API", async () => {
    const text = await (await get("/robots.txt")).text();
    expect(text).toContain("Disallow: /api/");
    expect(text).toContain("Sitemap: http://localhost:8000/sitemap.xml");
  });
});

describe("signed-in layout", () => {
  async function tokenFor(email: string, enabled = true) {
    const [user] = await t.deps.database.db.insert(users).values({
      email,
      passwordHash: "x",
      enabled,
      college: "CAS",
      major: "Physics",
      expectedGrad: 2027,
    })
      .returning();
    return { user, token: await issueToken(TEST_SECRET, user) };
  }

  test("a signed-in student gets the sidebar, Dashboard highlighted for /, and no-store", async () => {
    const { token } = await tokenFor("layout@bu.edu");
    const response = await get("/", { headers: { Cookie: `hubrate_session=${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain('class="sidebar"');
    for (
      const label of [
        "Dashboard",
        "Hub Progress",
        "My Courses",
        "Saved Courses",
        "Schedule",
        "My Reviews",
        "Search Courses",
        "Account",
        "Sign Out",
      ]
    ) {
      expect(html).toContain(`>${label}<`);
    }
    expect(html).toContain('<a href="/dashboard" aria-current="page">Dashboard</a>');
    expect(html).toContain("layout@bu.edu");
  });

  test("a Bearer token works too, an unknown path goes to /dashboard, and a tampered token is a visitor", async () => {
    const { token } = await tokenFor("bearer@bu.edu");
    const unknown = await get("/nowhere", { headers: { Authorization: `Bearer ${token}` } });
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("location")).toBe("/dashboard");
    const tampered = token.slice(0, -2) + (token.endsWith("A") ? "B" : "A");
    const visitor = await get("/", { headers: { Authorization: `Bearer ${tampered}` } });
    expect(await visitor.text()).toContain("Start Searching");
  });

  test("a user who is not enabled sees the visitor's site", async () => {
    const { token } = await tokenFor("pending@bu.edu", false);
    const html = await (await get("/", { headers: { Cookie: `hubrate_session=${token}` } })).text();
    expect(html).toContain("Start Searching");
    expect(html).not.toContain('class="sidebar"');
  });

  test("Sign Out ends the session on the server and clears the cookie", async () => {
    const { token } = await tokenFor("signout@bu.edu");
    const response = await get("/logout", {
      method: "POST",
      headers: {
        Cookie: `hubrate_session=${token}`,
        Origin: "http://localhost:8000",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/");
    expect(response.headers.get("set-cookie")).toMatch(/hubrate_session=;.*Max-Age=0/);
    const after = await get("/", { headers: { Cookie: `hubrate_session=${token}` } });
    expect(await after.text()).toContain("Start Searching");
  });

  test("a cross-site Sign Out is refused", async () => {
    const { token } = await tokenFor("csrf@bu.edu");
    const response = await get("/logout", {
      method: "POST",
      headers: { Cookie: `hubrate_session=${token}`, Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    const still = await get("/", { headers: { Cookie: `hubrate_session=${token}` } });
    expect(await still.text()).toContain('class="sidebar"');
  });
});

describe("errors", () => {
  test("a broken database gives 500 JSON on /api and a friendly page, headers included, 503 on /healthz", async () => {
    const broken = await makeTestApp({ env: { DEMO_CATALOG: "off" } });
    broken.deps.database.close();
    try {
      const api = await broken.app.request("/api/auth/colleges");
      expect(api.status).toBe(500);
      expectSecurityHeaders(api);
      const body = await api.json();
      expect(body).toEqual({ message: "Something went wrong on our side. Please try again." });
      const page = await broken.app.request("/search");
      expect(page.status).toBe(500);
      expectSecurityHeaders(page);
      expect(await page.text()).toContain("Something went wrong");
      expect((await broken.app.request("/healthz")).status).toBe(503);
    } finally {
      await Deno.remove(broken.dir, { recursive: true }).catch(() => {});
    }
  });
});

describe("compression", () => {
  test("bundles are served brotli or gzip compressed as the client accepts, pages and JSON compressed on the fly", async () => {
    const html = await (await get("/contact")).text();
    const boot = /from"(\/static\/build\/boot-[A-Z0-9]+\.js)"/.exec(html)![1];
    const plain = await get(boot);
    expect(plain.headers.get("content-encoding")).toBeNull();
    const size = (await plain.arrayBuffer()).byteLength;
    const br = await get(boot, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toContain("Accept-Encoding");
    expect((await br.arrayBuffer()).byteLength).toBeLessThan(size / 2);
    const gz = await get(boot, { headers: { "Accept-Encoding": "gzip, br;q=0" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    const page = await get("/privacy", { headers: { "Accept-Encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
    const json = await get("/api/courses/search", { headers: { "Accept-Encoding": "gzip" } });
    expect(json.headers.get("content-encoding")).toBe("gzip");
    expect((await new Response(json.body!.pipeThrough(new DecompressionStream("gzip"))).json()).size).toBe(18);
  });

  test("a bundle kept in memory is sent whole by a real server every time, not handed off with its first answer", async () => {
    const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, t.app.fetch);
    try {
      const origin = `http://127.0.0.1:${server.addr.port}`;
      const boot =
        /from"(\/static\/build\/boot-[A-Z0-9]+\.js)"/.exec(await (await fetch(`${origin}/contact`)).text())![1];
      const plain = new Uint8Array(await (await get(boot)).arrayBuffer());
      const same = (body: Uint8Array) =>
        body.byteLength === plain.byteLength && body.every((byte, i) => byte === plain[i]);
      // fetch unpacks brotli itself: each answer, plain or compressed, must come out as the whole bundle.
      for (const encoding of ["identity", "br", "identity", "br"]) {
        const response = await fetch(origin + boot, { headers: { "Accept-Encoding": encoding } });
        const body = new Uint8Array(await response.arrayBuffer());
        expect(plain.byteLength).toBeGreaterThan(1000);
        expect(same(body), `${encoding}: ${body.byteLength} of ${plain.byteLength} bytes`).toBe(true);
      }
    } finally {
      await server.shutdown();
    }
  });
});
