/**
 * The course page, the review form page and the search page as the server
 * renders them: what visitors and students see, the link-preview tags,
 * anonymity of reviewers, and escaping of hostile review text.
 */
import { preferredName } from "../../src/lib/professor-names.ts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import demoCatalog from "../../db/seeds/demo-catalog.json" with { type: "json" };
import { courses } from "../../db/schema.ts";
import { displayTitle } from "../../src/lib/text.ts";
import { api, createStudent, type Student } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { courseSupply, createdReview, jsonEntries, type Ratings, reviewBody, statsOf } from "../helpers/reviews.ts";
import { searchBackHref } from "../../src/lib/urls.ts";

let t: TestApp;
let supply: (n: number) => number[];
beforeAll(async () => {
  t = await makeTestApp({ env: { DEMO_CATALOG: "on" } });
  supply = await courseSupply(t);
});
afterAll(() => t.close());

type CatalogEntry = {
  code: string;
  college: string;
  department: string;
  number: string;
  title: string;
  description: string | null;
  hub_units: string[];
};
const CATALOG = demoCatalog as CatalogEntry[];

let students = 0;
const student = () => createStudent(t, `course-pages-${++students}@bu.edu`);

async function idOf(code: string): Promise<number> {
  const [college, department, number] = code.split(" ");
  const [row] = await t.deps.database.db.select({ id: courses.id }).from(courses).where(
    and(eq(courses.college, college), eq(courses.department, department), eq(courses.number, number)),
  );
  if (!row) throw new Error(`no course ${code}`);
  return row.id;
}

async function page(path: string, token?: string) {
  const response = await t.app.request(path, { headers: token ? { Cookie: `hubrate_session=${token}` } : {} });
  const raw = await response.text();
  // renderToString separates adjacent text nodes with empty comments.
  return { status: response.status, headers: response.headers, raw, html: raw.replace(/<!-- -->/g, "") };
}

/** Every `<script …>` start tag. */
const scripts = (html: string) => html.match(/<script\b[^>]*>/gi) ?? [];
/** The islands' props: the bodies of the JSON script elements. */
const propsScripts = (html: string) =>
  [...html.matchAll(/<script type="application\/json" data-island-props="[^"]*">([\s\S]*?)<\/script>/g)].map((m) =>
    m[1]
  );
/** The props of the named island, parsed. */
const islandProps = (html: string, name: string) => {
  const match = new RegExp(
    `<script type="application/json" data-island-props="[^"]*">([^<]*)</script><div class="island" data-island="${name}"`,
  ).exec(html);
  if (!match) throw new Error(`no ${name} island`);
  return JSON.parse(match[1]);
};
/** React's escaping of text and attribute values. */
const escaped = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
const metaContent = (html: string, attr: "name" | "property", key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1];
const section = (html: string, headingId: string) =>
  new RegExp(`<section aria-labelledby="${headingId}"[^>]*>([\\s\\S]*?)</section>`).exec(html)?.[1] ?? "";
/** Each all-time average of the ratings table: its label and its number as shown. */
const ratingsOf = (html: string) =>
  Object.fromEntries(
    [
      ...section(html, "ratings-heading").matchAll(
        /<tr><th scope="row">([^<]*)<\/th><td>(?:(?!<\/tr>)[\s\S])*?<\/td><td>(?:<span class="score-with-count">)?<span class="score[^"]*">([^<]*)<\/span>/g,
      ),
    ]
      .map((m) => [m[1], m[2]]),
  );
/** The summary under the course's name: each figure's label and its text. */
const summaryOf = (html: string) =>
  Object.fromEntries(
    [.../<dl class="summary-strip">([\s\S]*?)<\/dl>/.exec(html)![1].matchAll(/<dt>([^<]*)<\/dt><dd>([\s\S]*?)<\/dd>/g)]
      .map((m) => [
        m[1],
        m[2].replace(/<[^>]+>/g, "").replace(/\s+/g, " ").trim(),
      ]),
  );

describe("course page", () => {
  test("header: the code with the department's name, the title, the college's name, the No Prerequisites badge and the review count; description and Hubs", async () => {
    const id = await idOf("CAS CS 111");
    const { status, html } = await page(`/course/${id}`);
    expect(status).toBe(200);
    expect(html).toContain(
      '<p class="course-code"><span class="code">CAS CS 111</span><span class="department-name">Computer Science</span></p>',
    );
    expect(html).toContain("<span>College of Arts &amp; Sciences</span>");
    expect(html).not.toContain("Not offered recently");
    expect(html).toContain("<h1>Introduction to Computer Science 1</h1>");
    expect(html).toContain('<span class="badge badge-success">No Prerequisites</span>');
    const stats = await (await api(t, `/api/courses/${id}`)).json();
    expect(html).toMatch(new RegExp(`<span class="score-count">\\(${stats.numReviews} reviews?\\)</span>`));
    expect(html).toContain(escaped(CATALOG.find((c) => c.code === "CAS CS 111")!.description!));
    const hubs = section(html, "hubs-heading");
    for (const code of ["QR2", "CRT", "CRI"]) expect(hubs).toContain(`<span class="badge">${code}</span>`);
    expect(hubs).toContain("Quantitative Reasoning II");
    expect(hubs).not.toContain("This course does not fulfill any hub requirements.");
    expect(html).toContain('href="/search"');
    expect(html).toContain("← Back to search");
  });

  test("the back button returns to the search the student came from, and only to this site's /search; the page is the same whatever the Referer", async () => {
    const id = await idOf("CAS CS 111");
    const back = async (referer: string) => {
      // A full URL, as a browser's request reaches the server: the host is the site's.
      const response = await t.app.request(`${t.config.origin}/course/${id}`, { headers: { Referer: referer } });
      return /<a href="([^"]*)" class="button button-ghost button-small">← Back to search<\/a>/.exec(
        await response.text(),
      )?.[1];
    };
    // The server renders /search for everyone (a cached copy must not carry one visitor's search to the next) ...
    expect(await back(`${t.config.origin}/search?colleges=CAS&hubReqs=QR2`)).toBe("/search");
    // ... and the browser, hydrating the button, reads where the student came from.
    const origin = t.config.origin;
    expect(searchBackHref(`${origin}/search?colleges=CAS&hubReqs=QR2`, origin)).toBe(
      "/search?colleges=CAS&hubReqs=QR2",
    );
    expect(searchBackHref(`${origin}/search?q=%22%3E%3Cscript%3E`, origin)).toBe("/search?q=%22%3E%3Cscript%3E");
    expect(searchBackHref("https://evil.example/search?x=1", origin)).toBe("/search");
    expect(searchBackHref(`${origin}/dashboard`, origin)).toBe("/search");
    expect(searchBackHref("not a url", origin)).toBe("/search");
    expect(searchBackHref("", origin)).toBe("/search");
  });

  test("a course with prerequisites has no No Prerequisites badge and lists them", async () => {
    const { html } = await page(`/course/${await idOf("CAS CS 112")}`);
    expect(html).not.toContain("No Prerequisites");
    // The prerequisites as linked courses, with BU's own words below them.
    expect(html).toContain('<h2 id="prerequisites-heading">Prerequisites</h2>');
    expect(html).toMatch(/<a href="\/course\/\d+">CAS CS 111<\/a>/);
    expect(html).toContain("As BU&#x27;s catalog words it: “CAS CS 111 or equivalent”");
  });

  test("the ratings overview shows the six averages to one decimal", async () => {
    const [id] = supply(1);
    const empty = await page(`/course/${id}`);
    // No reviews, no rating: never 0.0.
    expect(ratingsOf(empty.html)).toEqual({});
    expect(section(empty.html, "ratings-heading")).toContain("No ratings yet");
    expect(section(empty.html, "ratings-heading")).not.toContain("0.0");
    expect(empty.html).toContain(
      '<p class="summary-strip summary-empty"><span class="score score-none">No ratings yet</span> <span class="score-count">(0 reviews)</span></p>',
    );

    const ratings: Ratings[] = [
      { usefulnessRating: 4, difficultyRating: 2, workloadRating: 3, interestRating: 5, teacherRating: 4 },
      { usefulnessRating: 3, difficultyRating: 3, workloadRating: 4, interestRating: 4, teacherRating: 5 },
      { usefulnessRating: 5, difficultyRating: 1, workloadRating: 1, interestRating: 5, teacherRating: 5 },
    ];
    for (const r of ratings) await createdReview(t, (await student()).token, id, r);
    const expected = statsOf(ratings);
    const { html } = await page(`/course/${id}`);
    expect(ratingsOf(html)).toEqual({
      Overall: expected.averageOverallRating.toFixed(1),
      Usefulness: expected.averageUsefulnessRating.toFixed(1),
      Difficulty: expected.averageDifficultyRating.toFixed(1),
      Workload: expected.averageWorkloadRating.toFixed(1),
      Interest: expected.averageInterestRating.toFixed(1),
      Teacher: expected.averageTeacherRating.toFixed(1),
    });
    // (4.0 + 3.4 + 5.0) / 3 = 4.133…; workload 8/3 = 2.666…
    expect(ratingsOf(html)).toMatchObject({ Overall: "4.1", Usefulness: "4.0", Workload: "2.7", Interest: "4.7" });
    // Under the course's name: overall with its count, difficulty, workload, median hours, attendance.
    expect(summaryOf(html)).toEqual({
      Overall: "4.1(3 reviews)",
      Difficulty: expected.averageDifficultyRating.toFixed(1),
      Workload: "2.7",
      "Hours per week": expect.stringMatching(/^\d+(\.\d)? h median$/),
      "Attendance required": expect.stringMatching(/^\d+% of reviews$/),
    });
  });

  test.each(["CAS CS 591X", "MET AD 100"])(
    "%s has no description and no Hub units: 'No Description Found' and the no-Hub line",
    async (code) => {
      const entry = CATALOG.find((c) => c.code === code)!;
      expect(entry.description).toBeNull();
      expect(entry.hub_units).toEqual([]);
      const { status, html } = await page(`/course/${await idOf(code)}`);
      expect(status).toBe(200);
      expect(section(html, "description-heading")).toContain("<p>No Description Found</p>");
      expect(section(html, "hubs-heading")).toContain("<p>This course does not fulfill any hub requirements.</p>");
      expect(html).toContain(`<h1>${escaped(entry.title)}</h1>`);
    },
  );

  test.each(["999999", "0", "abc", "12abc", "-1", "1e3", "99999999999999999999"])(
    "/course/%s is a 404 with 'Course not found' and 'Back to Search'",
    async (raw) => {
      const { status, html } = await page(`/course/${raw}`);
      expect(status).toBe(404);
      expect(html).toContain("<h1>Course not found</h1>");
      expect(html).toContain('<a class="button" href="/search">Back to Search</a>');
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).toContain("<title>Course not found | HubRate</title>");
    },
  );

  test("visitors see the log-in prompt and none of the student buttons", async () => {
    const id = await idOf("CAS CS 111");
    const { html } = await page(`/course/${id}`);
    expect(html).toContain(`<a href="/login?next=%2Fcourse%2F${id}">Log in</a>`);
    expect(html).toContain('<a href="/register">sign up</a>');
    for (
      const label of [
        "Mark as Completed",
        "Add to Future Courses",
        "Save for Later",
        "Write a review",
        "Review Complete",
      ]
    ) {
      expect(html).not.toContain(label);
    }
  });

  test("a student sees Mark as Completed, Add to Future Courses, Save for Later and Write a review; after reviewing, a disabled '✓ Review Complete'", async () => {
    const [id] = supply(1);
    const me = await createStudent(t, "course-page-student@bu.edu");
    const before = await page(`/course/${id}`, me.token);
    expect(before.status).toBe(200);
    for (const label of ["Mark as Completed", "Add to Future Courses", "Save for Later"]) {
      expect(before.html).toMatch(new RegExp(`<button[^>]*>${label}</button>`));
    }
    expect(before.html).toContain(`<a class="button button-small" href="/course/${id}/review">Write a review</a>`);
    expect(before.html).not.toContain("Review Complete");
    expect(before.html).not.toContain(`/login?next=%2Fcourse%2F${id}"`);

    await createdReview(t, me.token, id);
    expect((await api(t, `/api/users/completed-courses/${id}`, { method: "POST", token: me.token })).status)
      .toBeLessThan(300);
    const after = await page(`/course/${id}`, me.token);
    expect(after.html).toContain(
      '<button type="button" class="button button-small" disabled="">✓ Review Complete</button>',
    );
    expect(after.html).not.toContain("Write a review</a>");
    expect(after.html).toMatch(/<button[^>]*aria-pressed="true"[^>]*>Completed<\/button>/);
    expect(after.html).toContain("Add to Future Courses");
  });

  test.each([
    ["submitted", "Review submitted successfully!"],
    ["updated", "Review updated successfully!"],
  ])("?review=%s shows '%s'", async (value, message) => {
    const id = await idOf("CAS CS 111");
    const { html } = await page(`/course/${id}?review=${value}`);
    expect(html).toContain(`<p class="alert alert-success" role="status">${message}</p>`);
  });

  test("?review= with anything else shows no message, and the value is not echoed", async () => {
    const id = await idOf("CAS CS 111");
    const { html } = await page(`/course/${id}?review=%3Cscript%3Ex%3C%2Fscript%3E`);
    expect(html).not.toContain("successfully!");
    expect(html).not.toContain("<script>x</script>");
  });

  test("title, meta description and og tags describe the course", async () => {
    const entry = CATALOG.find((c) => c.code === "CAS CS 111")!;
    const id = await idOf(entry.code);
    const { html } = await page(`/course/${id}`);
    const title = `${entry.code}: ${entry.title} | HubRate`;
    expect(html).toContain(`<title>${escaped(title)}</title>`);
    expect(metaContent(html, "property", "og:title")).toBe(escaped(title));
    const description = metaContent(html, "name", "description")!;
    expect(description.startsWith(escaped(entry.description!.slice(0, 100)))).toBe(true);
    expect(metaContent(html, "property", "og:description")).toBe(description);
    expect(metaContent(html, "property", "og:url")).toBe(`${t.config.origin}/course/${id}`);
    expect(html).toContain(`<link rel="canonical" href="${t.config.origin}/course/${id}"/>`);
    expect(html).not.toContain('content="noindex"');

    // Each course has its own; one without a description says what it is.
    const other = await page(`/course/${await idOf("MET AD 100")}`);
    expect(other.html).toContain("<title>MET AD 100: Pre-MBA Business Concepts | HubRate</title>");
    expect(metaContent(other.html, "name", "description")).toBe("Pre-MBA Business Concepts at Boston University.");
  });

  test("a reviewed course's description carries its rating", async () => {
    const [id] = supply(1);
    await createdReview(t, (await student()).token, id, {
      usefulnessRating: 5,
      difficultyRating: 1,
      workloadRating: 1,
      interestRating: 5,
      teacherRating: 5,
    });
    const { html } = await page(`/course/${id}`);
    expect(metaContent(html, "name", "description")).toMatch(/ Rated 5\.0\/5 by 1 student\.$/);
  });
});

describe("anonymity", () => {
  const USERISH = /user|author|email|reviewer|creator|writer|poster|by$|owner_?id|account/i;
  const ALLOWED = new Set(["userVote", "userReviewed"]);

  function expectNoAuthor(json: unknown, author: Student, where: string) {
    for (const entry of jsonEntries(json)) {
      if (USERISH.test(entry.key) && !ALLOWED.has(entry.key)) throw new Error(`${where}: user-ish key ${entry.path}`);
      if (entry.value === author.email) throw new Error(`${where}: author email at ${entry.path}`);
    }
  }

  test("after a student reviews, neither the course page nor the reviews JSON holds their email or user id", async () => {
    const [id] = supply(1);
    const author = await createStudent(t, "very-secret-reviewer@bu.edu");
    const other = await student();
    const review = await createdReview(t, author.token, id, {
      teacherName: "Prof. Anon",
      reviewText: "Anonymous thoughts.",
    });

    for (const [who, token] of [["visitor", undefined], ["other", other.token], ["author", author.token]] as const) {
      const { html, headers } = await page(`/course/${id}`, token);
      const where = `/course/${id} as ${who}`;
      expect(html, where).toContain("Anonymous thoughts.");
      for (const [name, value] of headers) expect(`${name}: ${value}`, where).not.toContain("very-secret-reviewer");
      // The author's own layout shows their email in the sidebar; nowhere else may it appear.
      const body = who === "author" ? html.replace(/<p class="sidebar-user"[^>]*>[^<]*<\/p>/, "") : html;
      expect(body, where).not.toContain("very-secret-reviewer");
      expect(body, where).not.toMatch(/user[-_]?id|data-user|data-author/i);
      for (const props of propsScripts(html)) expectNoAuthor(JSON.parse(props), author, where);
      const card = /<article class="card review-card"[\s\S]*?<\/article>/.exec(html)![0];
      expect(card, where).not.toContain(String(author.id) + "@");

      const response = await api(t, `/api/reviews/course/${id}`, { token });
      const text = await response.text();
      expect(text, `${where} JSON`).not.toContain("very-secret-reviewer");
      expect(text).not.toMatch(/"(userId|user_id|email|authorId|author|user|reviewer|reviewerId|createdBy)"\s*:/);
      const json = JSON.parse(text);
      expectNoAuthor(json, author, `${where} JSON`);
      expect(json.content.map((r: { id: number }) => r.id)).toEqual([review.id]);
      expect(json.content[0].owner).toBe(who === "author");
      for (const entry of jsonEntries(json)) {
        if (
          entry.value === author.id && entry.key !== "id" && entry.key !== "courseId" &&
          !/Rating$|hoursPerWeek|voteCount|number|size|total/.test(entry.key)
        ) {
          throw new Error(`${where}: author id ${author.id} under ${entry.path}`);
        }
      }
    }
  });
});

describe("hostile review text renders as text", () => {
  const HOSTILE = `<script>alert(1)</script>"><img src=x onerror=alert(2)></script>`;

  test("teacherName and reviewText with <script>, an onerror image and </script> are escaped in the HTML and the props JSON", async () => {
    const [id] = supply(1);
    const writer = await student();
    await createdReview(t, writer.token, id, {
      teacherName: HOSTILE,
      reviewText: `Before ${HOSTILE} after`,
      assignmentTypes: `${HOSTILE} sets`,
    });
    for (const token of [undefined, (await student()).token]) {
      const { status, raw, html } = await page(`/course/${id}`, token);
      expect(status).toBe(200);
      expect(html).not.toMatch(/<img\b/i);
      expect(html).not.toContain("<script>alert");
      expect(html).not.toContain("onerror=alert(2)>");
      // The six islands' props (the search box, the back button, the summary, the actions, the ratings, the reviews) and the one module
      // script: nothing more.
      const tags = scripts(raw);
      expect(tags.filter((s) => s.includes('type="application/json"'))).toHaveLength(6);
      expect(tags.filter((s) => s.includes('type="module"'))).toHaveLength(1);
      expect(tags).toHaveLength(7);
      expect(raw.match(/<\/script>/gi)).toHaveLength(7);

      // As text: the card's professor, text and assignments, the teacher filter's option.
      const text = escaped(HOSTILE);
      expect(html).toMatch(
        new RegExp(`<dd><a href="/professor/[a-z0-9-]+">${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</a></dd>`),
      );
      expect(html).toContain(`<p class="review-text">Before ${text} after</p>`);
      // The filter names the professor as the summary does: an all-lower-case name gets capitals, and stays inert.
      const shown = escaped(preferredName([[HOSTILE, 1]]));
      expect(html).toContain(`<option value="${shown}">${shown}</option>`);

      // In the props: no "<" at all, so nothing can end the element, and the strings round-trip.
      const props = propsScripts(raw);
      expect(props).toHaveLength(6);
      for (const body of props) {
        expect(body).not.toMatch(/[<>]/);
        expect(body).not.toMatch(/<\/script/i);
      }
      const reviews = props.map((body) => JSON.parse(body)).find((p) => p.initial)!;
      expect(reviews.filters.professors.map((p: { name: string }) => p.name.toLowerCase())).toEqual([
        HOSTILE.toLowerCase(),
      ]);
      expect(reviews.initial.content[0]).toMatchObject({
        teacherName: HOSTILE,
        reviewText: `Before ${HOSTILE} after`,
        assignmentTypes: `${HOSTILE} sets`,
      });
    }
  });

  test("the edit form's props hold the hostile text inert too", async () => {
    const [id] = supply(1);
    const writer = await student();
    const review = await createdReview(t, writer.token, id, {
      teacherName: HOSTILE,
      reviewText: `</script><script>alert(1)</script>`,
    });
    const { status, raw } = await page(`/course/${id}/review?edit=${review.id}`, writer.token);
    expect(status).toBe(200);
    expect(raw).not.toMatch(/<img\b/i);
    // The form's props, the search box's, and the module script.
    expect(scripts(raw)).toHaveLength(3);
    for (const props of propsScripts(raw)) expect(props).not.toMatch(/[<>]/);
    expect(islandProps(raw, "ReviewForm").existing).toMatchObject({
      teacherName: HOSTILE,
      reviewText: `</script><script>alert(1)</script>`,
    });
  });
});

describe("review form page", () => {
  test("a visitor is sent to log in and come back", async () => {
    const id = await idOf("CAS CS 111");
    const response = await t.app.request(`/course/${id}/review`);
    expect([302, 303]).toContain(response.status);
    expect(response.headers.get("location")).toBe(`/login?next=%2Fcourse%2F${id}%2Freview`);
  });

  test("a student gets the form island for a course not reviewed yet", async () => {
    const [id] = supply(1);
    const { status, raw, html } = await page(`/course/${id}/review`, (await student()).token);
    expect(status).toBe(200);
    expect(raw).toContain('data-island="ReviewForm"');
    expect(html).toContain("<h1>Write a review</h1>");
    expect(html).toContain("Submit Review");
  });

  test("a student who already reviewed the course gets the notice with the edit link instead of a form", async () => {
    const [id] = supply(1);
    const me = await student();
    const review = await createdReview(t, me.token, id);
    const { status, raw, html } = await page(`/course/${id}/review`, me.token);
    expect(status).toBe(200);
    expect(html).toContain("You have already reviewed this course.");
    expect(html).toContain(`<a href="/course/${id}/review?edit=${review.id}">Edit your review</a>`);
    expect(raw).not.toContain('data-island="ReviewForm"');

    // The edit link opens the prefilled form.
    const edit = await page(`/course/${id}/review?edit=${review.id}`, me.token);
    expect(edit.status).toBe(200);
    expect(edit.html).toContain("<h1>Edit your review</h1>");
    expect(edit.html).toContain("Update Review");
    expect(islandProps(edit.raw, "ReviewForm").existing).toMatchObject({
      id: review.id,
      teacherName: reviewBody().teacherName,
    });
  });

  test.each([
    ["someone else's review", "other"],
    ["a review of another course", "wrong-course"],
    ["an unknown review", "unknown"],
    ["a non-number", "junk"],
  ])("?edit= of %s shows 'Failed to load review details'", async (_label, kind) => {
    const [id, otherCourse] = supply(2);
    const owner = await student();
    const me = await student();
    const theirs = await createdReview(t, owner.token, id);
    const mine = await createdReview(t, me.token, otherCourse);
    const edit = { other: String(theirs.id), "wrong-course": String(mine.id), unknown: "99999999", junk: "abc" }[kind];
    const { status, raw, html } = await page(`/course/${id}/review?edit=${edit}`, me.token);
    expect(status).toBe(404);
    expect(html).toContain('<p class="alert alert-error" role="alert">Failed to load review details</p>');
    expect(raw).not.toContain('data-island="ReviewForm"');
    expect(raw).not.toContain(theirs.reviewText as string);
  });

  test("an unknown course shows 'Failed to load course details'", async () => {
    const { status, html } = await page(`/course/999999/review`, (await student()).token);
    expect(status).toBe(404);
    expect(html).toContain("Failed to load course details");
  });
});

describe("search page", () => {
  test.each([
    ["minRating=abc", "minRating must be a number"],
    ["minRating=-1", "minRating must be between 0 and 5"],
    ["minRating=1e309", "minRating must be a number"],
    ["maxDifficulty=NaN", "maxDifficulty must be a number"],
    ["page=-3", "page must be between 0 and 100000"],
    ["hubReqs=XYZ", "Unknown Hub requirement: XYZ"],
  ])("/search?%s renders the page with the message, never a 500", async (query, message) => {
    const { status, html } = await page(`/search?${query}`);
    expect(status).toBeLessThan(500);
    expect(html).toContain("<h1>Search Courses</h1>");
    expect(html).toContain(`<p class="alert alert-error" role="alert">${escaped(message)}</p>`);
    // The page still works: the unfiltered first page.
    expect(html).toMatch(/Found \d+ courses/);
  });

  test("a hostile college name comes back escaped", async () => {
    const { status, raw } = await page(`/search?colleges=${encodeURIComponent("<script>alert(1)</script>")}`);
    expect(status).toBeLessThan(500);
    expect(raw).not.toMatch(/<script>alert/i);
    expect(raw).toContain("Unknown college: &lt;SCRIPT&gt;ALERT(1)&lt;/SCRIPT&gt;");
  });

  test("/search?colleges=CAS&hubReqs=QR2 server-renders the matching cards with those filters checked", async () => {
    const matching = CATALOG.filter((c) => c.college === "CAS" && c.hub_units.includes("QR2"));
    expect(matching.length).toBeGreaterThan(0);
    expect(matching.length).toBeLessThanOrEqual(18);
    const { status, raw, html } = await page("/search?colleges=CAS&hubReqs=QR2");
    expect(status).toBe(200);
    expect(html).toContain(`Found ${matching.length} courses`);
    const titles = [
      ...html.matchAll(
        /<article class="card course-card">[\s\S]*?<h3 class="course-title"><a href="\/course\/\d+">([^<]*)<\/a><\/h3>/g,
      ),
    ].map((
      m,
    ) => m[1]);
    expect(titles.sort()).toEqual(matching.map((c) => escaped(displayTitle(c.title))).sort());
    const codes = [...html.matchAll(/<p class="course-code"><span class="code">([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(new Set(codes)).toEqual(new Set(matching.map((c) => c.code)));

    const checkbox = (name: string, value: string) =>
      (raw.match(/<input type="checkbox"[^>]*>/g) ?? []).find((tag) =>
        tag.includes(`name="${name}"`) && tag.includes(`value="${value}"`)
      ) ?? "";
    expect(checkbox("colleges", "CAS")).toContain('checked=""');
    expect(checkbox("hubReqs", "QR2")).toContain('checked=""');
    expect(checkbox("colleges", "ENG")).not.toContain("checked");
    expect(checkbox("hubReqs", "QR1")).not.toContain("checked");
    // CAS is chosen, so its departments are there to pick from.
    expect(checkbox("departments", "CS")).not.toBe("");
    expect(checkbox("departments", "CS")).not.toContain("checked");
    const props = propsScripts(raw).map((body) => JSON.parse(body)).find((p) => p.filter)!;
    expect(props.filter).toMatchObject({ colleges: ["CAS"], hubReqs: ["QR2"], page: 0 });
  });
});
