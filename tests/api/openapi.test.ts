import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { API_VERSION } from "../../src/server/openapi.ts";
import { type ApiDocument, breakingChanges, versionRaised } from "../../src/server/openapi-changes.ts";
import { COMMITTED_DOCUMENT, declaredDocument } from "../../src/tasks/write-openapi.ts";
import { api, createStudent, type Student } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { answerProblems, checkAnswer, contractOf, type OpenApiDocument } from "../helpers/contract.ts";

const PUBLIC_ORIGIN = "https://hubrate.example";

let t: TestApp;
let document: OpenApiDocument & ApiDocument & Record<string, unknown>;
let student: Student;
let courseId: number;

beforeAll(async () => {
  t = await makeTestApp({ env: { APP_ORIGIN: PUBLIC_ORIGIN } });
  document = await (await t.app.request("/api/openapi.json")).json();
  student = await createStudent(t, "openapi@bu.edu");
  courseId = (await (await api(t, "/api/courses/search?q=CS%20111")).json()).content[0].id;
});
afterAll(() => t.close());

type Operation = {
  operationId: string;
  tags: string[];
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean; example?: unknown; schema?: { example?: unknown } }[];
  responses: Record<
    string,
    { content?: Record<string, { schema: unknown; example?: unknown }>; headers?: Record<string, unknown> }
  >;
};
const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op: op as unknown as Operation }))
  );

describe("GET /api/openapi.json", () => {
  test("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  test("names the API, its version, this server's origin, bearer authentication and its tags", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info).toMatchObject({ title: "HubRate API", version: API_VERSION });
    expect(document.servers).toEqual([{ url: PUBLIC_ORIGIN, description: "This HubRate" }]);
    expect((document.components as { securitySchemes: unknown }).securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: "http", scheme: "bearer", bearerFormat: "JWT" }),
    });
    const tags = (document.tags as { name: string }[]).map((tag) => tag.name);
    for (const { path, method, op } of operations()) {
      expect(op.tags, `${method} ${path}`).toHaveLength(1);
      expect(tags, `${method} ${path}`).toContain(op.tags[0]);
    }
    const ids = operations().map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("gives every required parameter an example, which a call with the examples gets an answer to", async () => {
    // The reference's "Try it out" starts from these, and tests/api/round-trip-budgets.test.ts builds its reads from them.
    const missing: string[] = [];
    for (const { path, method, op } of operations()) {
      for (const parameter of op.parameters ?? []) {
        const example = parameter.example ?? parameter.schema?.example;
        if (parameter.required && example === undefined) missing.push(`${method} ${path} ${parameter.name}`);
      }
      if (method !== "get") continue;
      let url = path;
      const query = new URLSearchParams();
      for (const parameter of op.parameters ?? []) {
        const example = parameter.example ?? parameter.schema?.example;
        if (example === undefined) continue;
        if (parameter.in === "path") url = url.replace(`{${parameter.name}}`, String(example));
        else for (const value of [example].flat()) query.append(parameter.name, String(value));
      }
      const response = await api(t, query.size ? `${url}?${query}` : url, { token: student.token });
      await response.arrayBuffer();
      // The demo catalog's reviews are not in this database: an example id of a review may be unknown (404), no more.
      expect([200, 404], `${method} ${url}?${query}: ${response.status}`).toContain(response.status);
    }
    expect(missing).toEqual([]);
  });

  test("declares every /api route the app serves, and nothing else", () => {
    const served = new Set(
      t.app.routes.filter((route) => route.method !== "ALL" && route.path.startsWith("/api/"))
        .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, "{$1}")}`),
    );
    const declared = new Set(operations().map(({ path, method }) => `${method.toUpperCase()} ${path}`));
    expect([...served].sort()).toEqual([...declared].sort());
    expect(declared.size).toBeGreaterThan(50);
  });

  test("gives every answer an example that fits its schema, with Retry-After on 429 and 503", () => {
    const contract = contractOf(document);
    let examples = 0;
    for (const { path, method, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        // 304 (a cached read still current) and 301 (moved, to Location) have no body to give an example of.
        if (status === "304" || status === "301") {
          expect(response.content, `${method} ${path} ${status}`).toBeUndefined();
          if (status === "301") expect(response.headers, `${method} ${path} 301`).toHaveProperty("Location");
          continue;
        }
        const [[type, media]] = Object.entries(response.content ?? {});
        expect(media.example, `${method} ${path} ${status}`).toBeDefined();
        if (type === "application/json") {
          const concrete = path.replace(/\{[^}]+\}/g, "1");
          expect(answerProblems(contract, method.toUpperCase(), concrete, Number(status), type, media.example)).toEqual(
            [],
          );
          examples++;
        }
        if (status === "429" || status === "503") {
          expect(Object.keys((response as { headers?: object }).headers ?? {})).toEqual(["Retry-After"]);
        }
      }
    }
    expect(examples).toBeGreaterThan(300);
  });

  test("marks what needs a session, and only reads that need none are open to other sites", async () => {
    for (const { path, method, op } of operations()) {
      const needsSession = JSON.stringify(op.security) === JSON.stringify([{ bearerAuth: [] }]);
      expect(Object.keys(op.responses).includes("401") || !needsSession, `${method} ${path}`).toBe(true);
    }
  });
});

describe("the committed copy", () => {
  test(`${COMMITTED_DOCUMENT} is what the route files declare (run 'deno task openapi' after changing the API)`, async () => {
    const committed = await Deno.readTextFile(COMMITTED_DOCUMENT);
    const declared = await declaredDocument();
    if (committed !== declared) {
      const before = JSON.parse(committed) as ApiDocument;
      const after = JSON.parse(declared) as ApiDocument;
      throw new Error(
        `${COMMITTED_DOCUMENT} is out of date: run 'deno task openapi'.` +
          (breakingChanges(before, after).length ? `\nBreaking: ${breakingChanges(before, after).join("; ")}` : ""),
      );
    }
    // The served document is the same, but for its server.
    expect({ ...JSON.parse(committed), servers: document.servers }).toEqual(document);
  });

  test("a removed endpoint, status or answer field, or a newly required input, is a breaking change; additions are not", () => {
    const before = JSON.parse(JSON.stringify(document)) as ApiDocument;
    expect(breakingChanges(before, before)).toEqual([]);
    const grown = structuredClone(before);
    grown.paths["/api/courses/new-things"] = { get: { responses: { 200: { description: "new" } } } };
    (grown.components!.schemas!.Course as { properties: Record<string, unknown> }).properties.room = { type: "string" };
    expect(breakingChanges(before, grown)).toEqual([]);

    const shrunk = structuredClone(before);
    delete shrunk.paths["/api/suggest"];
    delete (shrunk.paths["/api/courses/{id}"].get.responses as Record<string, unknown>)["404"];
    delete (shrunk.components!.schemas!.Course as { properties: Record<string, unknown> }).properties.title;
    delete (shrunk.components!.schemas!.CourseDetail as { properties: Record<string, unknown> }).properties.title;
    delete (shrunk.components!.schemas!.SearchCourse as { properties: Record<string, unknown> }).properties.title;
    (shrunk.paths["/api/courses/search"].get.parameters as { name: string; required?: boolean }[]).find((p) =>
      p.name === "q"
    )!.required = true;
    const problems = breakingChanges(before, shrunk);
    expect(problems).toContain("GET /api/suggest is gone");
    expect(problems).toContain("GET /api/courses/{id} no longer answers 404");
    expect(problems).toContain("GET /api/courses/{id} 200 lost title");
    expect(problems).toContain("GET /api/courses/search 200 lost content[].title");
    expect(problems).toContain("GET /api/courses/search now requires query q");
    expect(versionRaised("1.0.0", "1.1.0")).toBe(true);
    expect(versionRaised("1.2.0", "1.10.0")).toBe(true);
    expect(versionRaised("1.1.0", "1.1.0")).toBe(false);
  });
});

describe("the contract check of the API tests", () => {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

  test("an answer that drifts from the document fails, naming the call, the status and the mismatch", async () => {
    const contract = contractOf(document);
    const course = await (await api(t, `/api/courses/${courseId}`)).json();
    await checkAnswer(contract, "GET", `/api/courses/${courseId}`, json(course));

    const { title: _, ...untitled } = course;
    await expect(checkAnswer(contract, "GET", `/api/courses/${courseId}`, json(untitled)))
      .rejects.toThrow(
        `GET /api/courses/${courseId} → 200: the body does not fit the schema declared for GET /api/courses/{id} 200: (body) must have required property 'title'`,
      );
    await expect(checkAnswer(contract, "GET", `/api/courses/${courseId}`, json({ ...course, numReviews: "4" })))
      .rejects.toThrow("/numReviews must be integer");
    await expect(
      checkAnswer(contract, "GET", `/api/courses/${courseId}`, json({ ...course, teacherEmail: "x@bu.edu" })),
    )
      .rejects.toThrow("must NOT have additional properties");
    await expect(checkAnswer(contract, "GET", `/api/courses/${courseId}`, json({ message: "I'm a teapot" }, 418)))
      .rejects.toThrow(`GET /api/courses/${courseId} → 418: status 418 is not declared for GET /api/courses/{id}`);
    await expect(checkAnswer(contract, "DELETE", `/api/courses/${courseId}`, json({ ok: true })))
      .rejects.toThrow(`the OpenAPI document has no DELETE /api/courses/${courseId}`);
  });

  test("runs on every answer a test app gives", async () => {
    const drifted = await makeTestApp();
    try {
      // The app's own answers for one path are replaced by drifted ones: the test's request itself fails.
      const fetch = drifted.app.fetch;
      let answer = Response.json([1, 2]);
      drifted.app.fetch = (request, ...rest) =>
        new URL(request.url).pathname === "/api/courses/colleges" ? answer : fetch(request, ...rest);
      await expect(drifted.app.request("/api/courses/colleges"))
        .rejects.toThrow(
          "GET /api/courses/colleges → 200: the body does not fit the schema declared for GET /api/courses/colleges 200: /0 must be string",
        );
      answer = Response.json({ message: "Gone" }, { status: 410 });
      await expect(drifted.app.request("/api/courses/colleges")).rejects.toThrow(
        "status 410 is not declared for GET /api/courses/colleges",
      );
      expect((await drifted.app.request("/api/courses/search")).status).toBe(200);
    } finally {
      await drifted.close();
    }
  });
});

describe("other sites' pages", () => {
  const fromElsewhere = { Origin: "https://student-tool.example" };
  const own = { Origin: PUBLIC_ORIGIN };

  test("may read what needs no session, without credentials: Access-Control-Allow-Origin: *, Vary: Origin", async () => {
    for (
      const path of [
        "/api/courses/search?q=intro",
        `/api/courses/${courseId}`,
        `/api/reviews/course/${courseId}`,
        "/api/suggest?q=cs",
        "/api/openapi.json",
      ]
    ) {
      const response = await api(t, path, { headers: fromElsewhere });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("access-control-allow-origin"), path).toBe("*");
      expect(response.headers.get("access-control-allow-credentials"), path).toBeNull();
      expect(response.headers.get("vary"), path).toContain("Origin");
    }
    const missing = await api(t, "/api/courses/999999", { headers: fromElsewhere });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("access-control-allow-origin")).toBe("*");
  });

  test("a student's own data and every change keep the same-origin rule", async () => {
    const own = await api(t, "/api/users/account", { token: student.token, headers: fromElsewhere });
    expect(own.headers.get("access-control-allow-origin")).toBeNull();
    const write = await api(t, `/api/users/saved-courses/${courseId}`, {
      method: "POST",
      token: student.token,
      headers: fromElsewhere,
    });
    expect(write.status).toBe(403);
    expect(write.headers.get("access-control-allow-origin")).toBeNull();
  });

  test("get no student's personal fields with a cookie: the cookie of a cross-origin request does not count", async () => {
    const review = {
      usefulnessRating: 4,
      difficultyRating: 3,
      workloadRating: 3,
      interestRating: 4,
      teacherRating: 5,
      teacherName: "Avery Quill",
      semester: "Fall 2024",
      hoursPerWeek: 6,
      attendanceRequired: false,
      assignmentTypes: "Problem sets",
      reviewText: "Good course.",
    };
    expect(
      (await api(t, `/api/reviews/course/${courseId}`, {
        method: "POST",
        token: student.token,
        body: review,
        headers: own,
      })).status,
    ).toBe(201);
    const cookie = { Cookie: `hubrate_session=${student.token}`, ...own };

    const sameSite = await (await api(t, `/api/courses/${courseId}`, { headers: cookie })).json();
    expect(sameSite.userReviewed).toBe(true);
    const reviews = await (await api(t, `/api/reviews/course/${courseId}`, { headers: cookie })).json();
    expect(reviews.content.some((r: { owner: boolean }) => r.owner)).toBe(true);

    const elsewhere = await (await api(t, `/api/courses/${courseId}`, { headers: { ...cookie, ...fromElsewhere } }))
      .json();
    expect(elsewhere.userReviewed).toBe(false);
    const elsewhereReviews =
      await (await api(t, `/api/reviews/course/${courseId}`, { headers: { ...cookie, ...fromElsewhere } })).json();
    expect(elsewhereReviews.content.some((r: { owner: boolean }) => r.owner)).toBe(false);
    // Without an Origin, a browser's Sec-Fetch-Site tells the same.
    const sibling = await t.app.request("/api/auth/me", {
      headers: { Cookie: cookie.Cookie, "Sec-Fetch-Site": "same-site" },
    });
    expect(sibling.status).toBe(401);
    expect((await api(t, "/api/auth/me", { headers: { ...cookie, ...fromElsewhere } })).status).toBe(401);
    expect((await api(t, "/api/auth/me", { headers: cookie })).status).toBe(200);
    // A token the tool sends itself is its own choice, not the browser's ambient cookie.
    expect((await api(t, "/api/auth/me", { token: student.token, headers: fromElsewhere })).status).toBe(200);
  });
});

describe("GET /api/docs", () => {
  test("is a page of its own that loads the viewer from this site, with the request's nonce", async () => {
    const response = await t.app.request("/api/docs");
    expect(response.status).toBe(200);
    const html = await response.text();
    const { js, css } = t.deps.assets.apiReference;
    const nonce = /script-src 'nonce-([^']+)'/.exec(response.headers.get("content-security-policy")!)![1];
    expect(html).toContain(`<script type="module" nonce="${nonce}" src="/static/build/${js}"></script>`);
    expect(html).toContain(`<link rel="stylesheet" href="/static/build/${css}">`);
    expect(html).not.toMatch(/https?:\/\//);
    expect((await t.app.request(`/static/build/${js}`)).status).toBe(200);
  });

  test("ships nothing to any other page", async () => {
    const { js, css } = t.deps.assets.apiReference;
    for (const path of ["/", "/search", `/course/${courseId}`, "/login", "/contact"]) {
      const html = await (await t.app.request(path)).text();
      expect(html, path).not.toContain(js);
      expect(html, path).not.toContain(css);
      expect(html, path).not.toContain("api-reference");
    }
    const inputs: Record<string, string[]> = JSON.parse(await Deno.readTextFile(`${t.deps.assets.dir}/inputs.json`));
    const withViewer = Object.entries(inputs).filter(([, files]) => files.some((file) => file.includes("swagger-ui")))
      .map(([output]) => output);
    expect(withViewer.sort()).toEqual([css, js].sort());
  });
});
