// @vitest-environment happy-dom
import { act, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import AccountSettings from "../../islands/AccountSettings.tsx";
import LoginForm, { safeNextPath } from "../../islands/LoginForm.tsx";
import RegisterForm from "../../islands/RegisterForm.tsx";
import ResetPasswordForm from "../../islands/ResetPasswordForm.tsx";
import ResetRequestForm from "../../islands/ResetRequestForm.tsx";
import VerifyForm from "../../islands/VerifyForm.tsx";
import VerifyLinkButton from "../../islands/VerifyLinkButton.tsx";
import { bootIslands } from "../../src/client/boot.ts";
import { IslandCollector, IslandContext } from "../../src/client/island.tsx";
import { RESET_EMAIL_KEY, VERIFICATION_EMAIL_KEY, VERIFICATION_SENT_KEY } from "../../src/client/storage.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ISLANDS = {
  AccountSettings,
  LoginForm,
  RegisterForm,
  ResetPasswordForm,
  ResetRequestForm,
  VerifyForm,
  VerifyLinkButton,
};

/** Renders the island as the server does, then hydrates it as the browser does. */
async function mount(element: ReactElement) {
  document.body.innerHTML = renderToString(
    <IslandContext.Provider value={new IslandCollector()}>{element}</IslandContext.Provider>,
  );
  await act(async () => bootIslands(ISLANDS));
}

function field<T extends HTMLElement = HTMLInputElement>(name: string): T {
  const element = document.querySelector<T>(`[name="${name}"]`);
  if (!element) throw new Error(`no field named ${name}`);
  return element;
}

/** Types into an input, or picks an option of a select, the way React sees a user do it. */
async function type(name: string, value: string) {
  const element = field<HTMLInputElement | HTMLSelectElement>(name);
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), "value")!.set!;
  await act(async () => {
    setter.call(element, value);
    element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  });
}

/** Submits the form holding the named field (the only form when no name is given). */
async function submit(name?: string) {
  const form = name ? field(name).closest("form")! : document.querySelector("form")!;
  await act(async () => {
    form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
  });
}

async function click(element: HTMLElement) {
  await act(async () => {
    element.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
  });
}

async function press(key: string) {
  await act(async () => {
    (document.activeElement ?? document.body).dispatchEvent(
      new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }),
    );
  });
}

const submitButton = (name?: string) =>
  (name ? field(name).closest("form")! : document).querySelector<HTMLButtonElement>("button[type=submit]")!;
const buttonNamed = (text: string | RegExp) =>
  [...document.querySelectorAll<HTMLButtonElement>("button")].find((b) =>
    typeof text === "string" ? b.textContent === text : text.test(b.textContent ?? "")
  );
const messageUnder = (name: string) =>
  document.getElementById(
    field(name).getAttribute("aria-describedby")?.split(" ").find((id) => id.endsWith("-message")) ?? "",
  )?.textContent;
const alertText = (root: ParentNode = document) => root.querySelector("[role=alert]")?.textContent;
const statusText = (root: ParentNode = document) => root.querySelector("[role=status]")?.textContent;
const optionTexts = (name: string) => [...field<HTMLSelectElement>(name).options].map((o) => o.textContent);
const sent = (call = 0) => {
  const [url, init] = vi.mocked(fetch).mock.calls[call];
  return {
    url: String(url),
    method: init?.method ?? "GET",
    body: init?.body === undefined ? undefined : JSON.parse(init.body as string),
  };
};

/** A fetch answer the test releases when it wants, to look at the form while the call is in flight. */
function deferred() {
  let answer!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => (answer = resolve));
  return { promise, answer: (response: Response) => act(async () => answer(response)) };
}

const html502 = () => new Response("<html>bad gateway</html>", { status: 502 });

let consoleErrors: ReturnType<typeof vi.spyOn>;
let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
let replace: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

beforeEach(() => {
  vi.stubGlobal("fetch", vi.fn());
  consoleErrors = vi.spyOn(console, "error");
  assign = vi.fn<(url: string | URL) => void>();
  replace = vi.fn<(url: string | URL) => void>();
  vi.spyOn(globalThis.location, "assign").mockImplementation(assign);
  vi.spyOn(globalThis.location, "replace").mockImplementation(replace);
  localStorage.clear();
});

afterEach(() => {
  // A hydration mismatch is reported through console.error: none may happen unless the test expected one.
  expect(consoleErrors).not.toHaveBeenCalled();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** For tests that expect the island to log: swallows the output and hands back the calls. */
function expectConsoleErrors() {
  consoleErrors.mockImplementation(() => {});
  return () => {
    const calls = [...consoleErrors.mock.calls];
    consoleErrors.mockClear();
    return calls;
  };
}

// ---------------------------------------------------------------- login

describe("LoginForm island", () => {
  test("hydrates with the two fields and the 'Log In' button", async () => {
    await mount(<LoginForm next={null} />);
    expect(document.querySelector("[data-island=LoginForm]")).not.toBeNull();
    expect(field("email").type).toBe("email");
    expect(field("password").type).toBe("password");
    expect(submitButton().textContent).toBe("Log In");
  });

  test("invalid fields are only marked: aria-invalid and the highlight, no text, nothing sent", async () => {
    await mount(<LoginForm next={null} />);
    await type("email", "not-an-email");
    await type("password", "12345");
    await submit();
    for (const name of ["email", "password"]) {
      expect(field(name).getAttribute("aria-invalid")).toBe("true");
      expect(field(name).closest(".field")!.classList.contains("field-invalid")).toBe(true);
    }
    expect(document.querySelector(".field-error")).toBeNull();
    expect(document.body.textContent).not.toContain("Invalid email address");
    expect(document.activeElement).toBe(field("email"));
    expect(fetch).not.toHaveBeenCalled();

    await type("email", "me@bu.edu");
    expect(field("email").getAttribute("aria-invalid")).toBeNull();
    await type("password", "x".repeat(101));
    await submit();
    expect(field("email").getAttribute("aria-invalid")).toBeNull();
    expect(field("password").getAttribute("aria-invalid")).toBe("true");
    expect(fetch).not.toHaveBeenCalled();
  });

  test("shows 'Logging In' and cannot double-submit while in flight, then goes to /dashboard", async () => {
    const call = deferred();
    vi.mocked(fetch).mockReturnValue(call.promise);
    await mount(<LoginForm next={null} />);
    await type("email", " me@bu.edu ");
    await type("password", "secret1");
    await submit();
    expect(submitButton().textContent).toBe("Logging In");
    expect(submitButton().disabled).toBe(true);
    await submit();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sent()).toEqual({
      url: "/api/auth/login",
      method: "POST",
      body: { email: "me@bu.edu", password: "secret1" },
    });
    await call.answer(Response.json({ token: "t" }));
    expect(assign).toHaveBeenCalledWith("/dashboard");
  });

  test("goes to a safe ?next= path, never to another site", async () => {
    vi.mocked(fetch).mockImplementation(() => Promise.resolve(Response.json({ token: "t" })));
    await mount(<LoginForm next="/course/12?tab=reviews" />);
    await type("email", "me@bu.edu");
    await type("password", "secret1");
    await submit();
    expect(assign).toHaveBeenCalledWith("/course/12?tab=reviews");

    assign.mockClear();
    await mount(<LoginForm next="//evil.example/" />);
    await type("email", "me@bu.edu");
    await type("password", "secret1");
    await submit();
    expect(assign).toHaveBeenCalledWith("/dashboard");
  });

  test("safeNextPath accepts same-site paths only", () => {
    expect(safeNextPath("/account")).toBe("/account");
    expect(safeNextPath("/search?q=cs")).toBe("/search?q=cs");
    for (
      const bad of [
        undefined,
        null,
        "",
        "account",
        "//evil.example",
        "/\\evil.example",
        "https://evil.example",
        "/\t/evil.example",
        42,
      ]
    ) {
      expect(safeNextPath(bad)).toBeNull();
    }
  });

  test("a failure shows the server's message under the password, or 'Incorrect email or password'", async () => {
    vi.mocked(fetch).mockResolvedValueOnce(
      Response.json({ message: "Please verify your email before logging in." }, { status: 403 }),
    );
    await mount(<LoginForm next={null} />);
    await type("email", "me@bu.edu");
    await type("password", "secret1");
    await submit();
    const alert = document.querySelector("[role=alert]")!;
    expect(alert.textContent).toBe("Please verify your email before logging in.");
    // Under the password field.
    expect(field("password").compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(submitButton().textContent).toBe("Log In");
    expect(submitButton().disabled).toBe(false);

    vi.mocked(fetch).mockResolvedValueOnce(html502());
    await submit();
    expect(alertText()).toBe("Incorrect email or password");
    vi.mocked(fetch).mockResolvedValueOnce(Response.json({}, { status: 401 }));
    await submit();
    expect(alertText()).toBe("Incorrect email or password");
    expect(assign).not.toHaveBeenCalled();
  });
});

// ---------------------------------------------------------------- register

const COLLEGES = [
  { code: "CAS", name: "College of Arts & Sciences" },
  { code: "ENG", name: "College of Engineering" },
];
const MAJORS: Record<string, string[]> = {
  CAS: ["Biology", "Computer Science", "Undecided"],
  ENG: ["Mechanical Engineering", "Undecided"],
};

/** Answers /api/auth/majors from MAJORS; other calls go to `other`. */
function majorsApi(other: (url: string, init?: RequestInit) => Promise<Response> = () => Promise.resolve(html502())) {
  vi.mocked(fetch).mockImplementation((input, init) => {
    const url = String(input);
    const match = /^\/api\/auth\/majors\?college=(\w+)$/.exec(url);
    if (match) return Promise.resolve(Response.json(MAJORS[match[1]] ?? []));
    return other(url, init);
  });
}

async function fillRegistration(
  values: Partial<Record<"email" | "college" | "major" | "expectedGrad" | "password", string>> = {},
) {
  const all = {
    email: "me@gmail.com",
    college: "CAS",
    major: "Biology",
    expectedGrad: "2028",
    password: "secret1",
    ...values,
  };
  await type("email", all.email);
  await type("college", all.college);
  await type("major", all.major);
  await type("expectedGrad", all.expectedGrad);
  await type("password", all.password);
}

describe("RegisterForm island", () => {
  test("the major select is disabled until a college is chosen, then filled from /api/auth/majors", async () => {
    const majors = deferred();
    vi.mocked(fetch).mockReturnValueOnce(majors.promise);
    await mount(<RegisterForm colleges={COLLEGES} />);
    expect(optionTexts("college")).toEqual([
      "Select your college",
      "CAS — College of Arts & Sciences",
      "ENG — College of Engineering",
    ]);
    expect(field<HTMLSelectElement>("college").options[1].value).toBe("CAS");
    expect(field<HTMLSelectElement>("major").disabled).toBe(true);
    expect(optionTexts("major")).toEqual(["Select your college first"]);

    await type("college", "CAS");
    expect(sent()).toEqual({ url: "/api/auth/majors?college=CAS", method: "GET", body: undefined });
    expect(optionTexts("major")).toEqual(["Select your major"]);
    expect(field<HTMLSelectElement>("major").disabled).toBe(true);
    await majors.answer(Response.json(MAJORS.CAS));
    expect(field<HTMLSelectElement>("major").disabled).toBe(false);
    expect(optionTexts("major")).toEqual(["Select your major", "Biology", "Computer Science", "Undecided"]);

    await type("major", "Biology");
    expect(field<HTMLSelectElement>("major").value).toBe("Biology");
    majorsApi();
    await type("college", "ENG");
    // Choosing another college clears the major.
    expect(field<HTMLSelectElement>("major").value).toBe("");
    expect(optionTexts("major")).toEqual(["Select your major", "Mechanical Engineering", "Undecided"]);
  });

  test("an answer for a college no longer chosen is dropped", async () => {
    const slow = deferred();
    vi.mocked(fetch).mockReturnValueOnce(slow.promise).mockResolvedValueOnce(Response.json(MAJORS.ENG));
    await mount(<RegisterForm colleges={COLLEGES} />);
    await type("college", "CAS");
    await type("college", "ENG");
    await slow.answer(Response.json(MAJORS.CAS));
    expect(optionTexts("major")).toEqual(["Select your major", "Mechanical Engineering", "Undecided"]);
  });

  test("when the majors cannot be loaded the list is empty and the error is only logged", async () => {
    const logged = expectConsoleErrors();
    vi.mocked(fetch).mockResolvedValueOnce(html502());
    await mount(<RegisterForm colleges={COLLEGES} />);
    await type("college", "CAS");
    expect(optionTexts("major")).toEqual(["Select your major"]);
    expect(field<HTMLSelectElement>("major").disabled).toBe(true);
    expect(document.querySelector("[role=alert]")).toBeNull();
    expect(logged().length).toBe(1);
  });

  test("shows the spec's message under each invalid field and sends nothing", async () => {
    await mount(<RegisterForm colleges={COLLEGES} />);
    await submit();
    expect(messageUnder("email")).toBe("Invalid email address");
    expect(messageUnder("college")).toBe("Select a college");
    expect(messageUnder("major")).toBe("Select a major, can be undecided");
    expect(messageUnder("expectedGrad")).toBe("Expected graduation year is required");
    expect(messageUnder("password")).toBe("Password must be at least 6 characters");
    expect(field("college").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(field("email"));

    await type("expectedGrad", "2024");
    await type("password", "x".repeat(101));
    await submit();
    expect(messageUnder("expectedGrad")).toBe("Cannot be less than 2025");
    expect(messageUnder("password")).toBe("Password is too long");
    await type("expectedGrad", "2033");
    await submit();
    expect(messageUnder("expectedGrad")).toBe("Expected graduation cannot be after 7+ years");
    await type("expectedGrad", "2028.5");
    await submit();
    expect(messageUnder("expectedGrad")).toBe("Expected graduation year is required");
    expect(fetch).not.toHaveBeenCalled();
  });

  test("shows 'Registering...' and cannot double-submit, then stores the email and goes to /verify", async () => {
    const call = deferred();
    majorsApi(() => call.promise);
    await mount(<RegisterForm colleges={COLLEGES} />);
    await fillRegistration();
    await submit();
    expect(submitButton().textContent).toBe("Registering...");
    expect(submitButton().disabled).toBe(true);
    await submit();
    const calls = vi.mocked(fetch).mock.calls.filter(([url]) => String(url) === "/api/auth/register");
    expect(calls.length).toBe(1);
    expect(JSON.parse(calls[0][1]!.body as string)).toEqual({
      email: "me@gmail.com",
      college: "CAS",
      major: "Biology",
      expectedGrad: 2028,
      password: "secret1",
    });
    expect(calls[0][1]!.method).toBe("POST");
    expect(localStorage.getItem(VERIFICATION_EMAIL_KEY)).toBeNull();
    await call.answer(Response.json({ message: "Registered" }, { status: 201 }));
    expect(localStorage.getItem(VERIFICATION_EMAIL_KEY)).toBe("me@gmail.com");
    expect(assign).toHaveBeenCalledWith("/verify");
  });

  test("still goes to /verify when storage refuses the email", async () => {
    majorsApi(() => Promise.resolve(Response.json({ message: "Registered" }, { status: 201 })));
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new Error("QuotaExceededError");
    });
    await mount(<RegisterForm colleges={COLLEGES} />);
    await fillRegistration();
    await submit();
    expect(assign).toHaveBeenCalledWith("/verify");
  });

  test("a failure shows the server's message under the form and its field messages, or the spec's fallback", async () => {
    const answers = [
      Response.json({
        message: "Please correct the highlighted fields.",
        fields: { email: "An account with this email already exists" },
      }, { status: 400 }),
      html502(),
    ];
    majorsApi(() => Promise.resolve(answers.shift()!));
    await mount(<RegisterForm colleges={COLLEGES} />);
    await fillRegistration();
    await submit();
    const alert = document.querySelector("[role=alert]")!;
    expect(alert.textContent).toBe("Please correct the highlighted fields.");
    expect(submitButton().compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(messageUnder("email")).toBe("An account with this email already exists");
    expect(submitButton().textContent).toBe("Register");
    await submit();
    expect(alertText()).toBe("Registration failed. Try again.");
    expect(localStorage.getItem(VERIFICATION_EMAIL_KEY)).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });
});

// ---------------------------------------------------------------- verify

const resendButton = () => buttonNamed(/^(Resend verification email|Sending\.\.\.)/)!;

describe("VerifyForm island", () => {
  test("prefills the read-only email from storage after hydration", async () => {
    localStorage.setItem(VERIFICATION_EMAIL_KEY, "me@gmail.com");
    await mount(<VerifyForm />);
    expect(field("email").value).toBe("me@gmail.com");
    expect(field("email").readOnly).toBe(true);
    expect(field("verificationCode").placeholder).toBe("6-digit code");
    expect(submitButton().textContent).toBe("Verify Account");
    expect(resendButton().textContent).toBe("Resend verification email");
  });

  test("shows the spec's messages and sends nothing", async () => {
    await mount(<VerifyForm />);
    await type("verificationCode", "12345");
    await submit();
    expect(messageUnder("email")).toBe("Invalid email address");
    expect(messageUnder("verificationCode")).toBe("Enter the 6-digit code");
    localStorage.setItem(VERIFICATION_EMAIL_KEY, "me@gmail.com");
    await mount(<VerifyForm />);
    await type("verificationCode", "1234567");
    await submit();
    expect(messageUnder("verificationCode")).toBe("Enter the 6-digit code");
    expect(fetch).not.toHaveBeenCalled();
  });

  test("shows 'Verifying...' and cannot double-submit, then removes the stored email and loads /login", async () => {
    localStorage.setItem(VERIFICATION_EMAIL_KEY, "me@gmail.com");
    const call = deferred();
    vi.mocked(fetch).mockReturnValue(call.promise);
    await mount(<VerifyForm />);
    await type("verificationCode", " A1B2C3 ");
    await submit();
    expect(submitButton().textContent).toBe("Verifying...");
    expect(submitButton().disabled).toBe(true);
    await submit();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sent()).toEqual({
      url: "/api/auth/verify",
      method: "POST",
      body: { email: "me@gmail.com", verificationCode: "A1B2C3" },
    });
    await call.answer(Response.json({ message: "Verified" }));
    expect(localStorage.getItem(VERIFICATION_EMAIL_KEY)).toBeNull();
    expect(assign).toHaveBeenCalledWith("/login");
  });

  test("a failure shows the server's message, or 'Failed to verify, try again later', and keeps the email", async () => {
    localStorage.setItem(VERIFICATION_EMAIL_KEY, "me@gmail.com");
    vi.mocked(fetch).mockResolvedValueOnce(
      Response.json({ message: "That code is wrong or has expired." }, { status: 400 }),
    );
    await mount(<VerifyForm />);
    await type("verificationCode", "123456");
    await submit();
    expect(alertText(document.querySelector("form")!)).toBe("That code is wrong or has expired.");
    vi.mocked(fetch).mockResolvedValueOnce(html502());
    await submit();
    expect(alertText(document.querySelector("form")!)).toBe("Failed to verify, try again later");
    expect(submitButton().textContent).toBe("Verify Account");
    expect(localStorage.getItem(VERIFICATION_EMAIL_KEY)).toBe("me@gmail.com");
    expect(assign).not.toHaveBeenCalled();
  });

  test("resend without a stored email shows 'No email found' and sends nothing", async () => {
    await mount(<VerifyForm />);
    await click(resendButton());
    expect(alertText()).toBe("No email found");
    expect(fetch).not.toHaveBeenCalled();
  });

  test("resend shows 'Sending...', then counts down 60 seconds one second at a time, ignoring clicks", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    localStorage.setItem(VERIFICATION_EMAIL_KEY, "me+test@gmail.com");
    const call = deferred();
    vi.mocked(fetch).mockReturnValueOnce(call.promise);
    await mount(<VerifyForm />);
    await click(resendButton());
    expect(resendButton().textContent).toBe("Sending...");
    expect(resendButton().disabled).toBe(true);
    await click(resendButton());
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sent()).toEqual({
      url: "/api/auth/resend-verification?email=me%2Btest%40gmail.com",
      method: "POST",
      body: undefined,
    });
    await call.answer(Response.json({ message: "A new code is on its way." }));
    expect(statusText()).toBe("A new code is on its way.");
    expect(resendButton().textContent).toBe("Resend verification email (60s)");

    for (let left = 59; left >= 1; left--) {
      await act(async () => vi.advanceTimersByTime(1000));
      expect(resendButton().textContent).toBe(`Resend verification email (${left}s)`);
      if (left === 30) {
        await click(resendButton());
        expect(fetch).toHaveBeenCalledTimes(1);
      }
    }
    await act(async () => vi.advanceTimersByTime(1000));
    expect(resendButton().textContent).toBe("Resend verification email");
    await act(async () => vi.advanceTimersByTime(5000));
    expect(resendButton().textContent).toBe("Resend verification email");

    vi.mocked(fetch).mockResolvedValueOnce(Response.json({ message: "Sent again." }));
    await click(resendButton());
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(resendButton().textContent).toBe("Resend verification email (60s)");
  });

  test("a resend failure shows the server's message, or 'Failed to resend email, try again later', and starts no countdown", async () => {
    localStorage.setItem(VERIFICATION_EMAIL_KEY, "me@gmail.com");
    vi.mocked(fetch).mockResolvedValueOnce(
      Response.json({ message: "Please wait before asking for another code." }, { status: 429 }),
    );
    await mount(<VerifyForm />);
    await click(resendButton());
    expect(alertText()).toBe("Please wait before asking for another code.");
    expect(resendButton().textContent).toBe("Resend verification email");
    vi.mocked(fetch).mockResolvedValueOnce(html502());
    await click(resendButton());
    expect(alertText()).toBe("Failed to resend email, try again later");
    expect(resendButton().disabled).toBe(false);
  });

  test("right after registration the countdown continues from when the code was mailed", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    vi.setSystemTime(new Date("2026-01-01T12:00:00Z"));
    localStorage.setItem(VERIFICATION_EMAIL_KEY, "new@gmail.com");
    localStorage.setItem(VERIFICATION_SENT_KEY, String(Date.now() - 10_000));
    await mount(<VerifyForm />);
    expect(resendButton().textContent).toBe("Resend verification email (50s)");
    await click(resendButton());
    expect(fetch).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1000));
    expect(resendButton().textContent).toBe("Resend verification email (49s)");
  });

  test("a 429 with Retry-After counts down for as long as the server asks", async () => {
    localStorage.setItem(VERIFICATION_EMAIL_KEY, "me@gmail.com");
    vi.mocked(fetch).mockResolvedValueOnce(
      Response.json({ message: "Please wait before requesting another code." }, {
        status: 429,
        headers: { "Retry-After": "42" },
      }),
    );
    await mount(<VerifyForm />);
    await click(resendButton());
    expect(alertText()).toBe("Please wait before requesting another code.");
    expect(resendButton().textContent).toBe("Resend verification email (42s)");
  });
});

// ---------------------------------------------------------------- reset request

describe("ResetRequestForm island", () => {
  test("shows 'Invalid email address' and sends nothing", async () => {
    await mount(<ResetRequestForm />);
    expect(submitButton().textContent).toBe("Send Reset Code");
    await submit();
    expect(messageUnder("email")).toBe("Invalid email address");
    await type("email", "me@");
    await submit();
    expect(messageUnder("email")).toBe("Invalid email address");
    expect(fetch).not.toHaveBeenCalled();
  });

  test("shows 'Sending...' and cannot double-submit, then stores the email and goes to /reset-password", async () => {
    const call = deferred();
    vi.mocked(fetch).mockReturnValue(call.promise);
    await mount(<ResetRequestForm />);
    await type("email", "me@bu.edu");
    await submit();
    expect(submitButton().textContent).toBe("Sending...");
    expect(submitButton().disabled).toBe(true);
    await submit();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sent()).toEqual({ url: "/api/auth/forgot-password?email=me%40bu.edu", method: "POST", body: undefined });
    await call.answer(Response.json({ message: "If an account exists, a code was sent." }));
    expect(localStorage.getItem(RESET_EMAIL_KEY)).toBe("me@bu.edu");
    expect(assign).toHaveBeenCalledWith("/reset-password");
  });

  test("a failure shows the server's message, or 'Reset failed, please try again later'", async () => {
    vi.mocked(fetch).mockResolvedValueOnce(
      Response.json({ message: "Too many requests. Try again later." }, { status: 429 }),
    );
    await mount(<ResetRequestForm />);
    await type("email", "me@bu.edu");
    await submit();
    expect(alertText()).toBe("Too many requests. Try again later.");
    vi.mocked(fetch).mockResolvedValueOnce(html502());
    await submit();
    expect(alertText()).toBe("Reset failed, please try again later");
    expect(submitButton().textContent).toBe("Send Reset Code");
    expect(localStorage.getItem(RESET_EMAIL_KEY)).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });
});

// ---------------------------------------------------------------- reset password

describe("ResetPasswordForm island", () => {
  test("without a stored email it goes back to /reset", async () => {
    await mount(<ResetPasswordForm />);
    expect(replace).toHaveBeenCalledWith("/reset");
  });

  test("with a stored email it names it and stays", async () => {
    localStorage.setItem(RESET_EMAIL_KEY, "me@bu.edu");
    await mount(<ResetPasswordForm />);
    expect(replace).not.toHaveBeenCalled();
    expect(document.body.textContent).toContain("Enter the reset code sent to me@bu.edu");
    expect(submitButton().textContent).toBe("Reset Password");
  });

  test("shows the spec's messages and sends nothing", async () => {
    localStorage.setItem(RESET_EMAIL_KEY, "me@bu.edu");
    await mount(<ResetPasswordForm />);
    await submit();
    expect(messageUnder("verificationCode")).toBe("Reset code must be exactly 6 characters");
    expect(messageUnder("newPassword")).toBe("Password must be at least 6 characters");
    expect(messageUnder("confirmPassword")).toBe("Please confirm your password");
    await type("verificationCode", "123456");
    await type("newPassword", "secret1");
    await type("confirmPassword", "secret2");
    await submit();
    expect(messageUnder("verificationCode")).toBeUndefined();
    expect(messageUnder("confirmPassword")).toBe("Passwords don't match");
    expect(fetch).not.toHaveBeenCalled();
  });

  test("shows 'Resetting...' and cannot double-submit, then removes the stored email and goes to /login", async () => {
    localStorage.setItem(RESET_EMAIL_KEY, "me@bu.edu");
    const call = deferred();
    vi.mocked(fetch).mockReturnValue(call.promise);
    await mount(<ResetPasswordForm />);
    await type("verificationCode", "123456");
    await type("newPassword", "secret1");
    await type("confirmPassword", "secret1");
    await submit();
    expect(submitButton().textContent).toBe("Resetting...");
    expect(submitButton().disabled).toBe(true);
    await submit();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sent()).toEqual({
      url: "/api/auth/reset-password",
      method: "POST",
      body: { email: "me@bu.edu", verificationCode: "123456", newPassword: "secret1" },
    });
    await call.answer(Response.json({ message: "Password reset" }));
    expect(localStorage.getItem(RESET_EMAIL_KEY)).toBeNull();
    expect(assign).toHaveBeenCalledWith("/login");
  });

  test("a failure shows the server's message, or 'Reset failed, try again later'", async () => {
    localStorage.setItem(RESET_EMAIL_KEY, "me@bu.edu");
    vi.mocked(fetch).mockResolvedValueOnce(
      Response.json({ message: "That code is wrong or has expired." }, { status: 400 }),
    );
    await mount(<ResetPasswordForm />);
    await type("verificationCode", "123456");
    await type("newPassword", "secret1");
    await type("confirmPassword", "secret1");
    await submit();
    expect(alertText()).toBe("That code is wrong or has expired.");
    vi.mocked(fetch).mockResolvedValueOnce(html502());
    await submit();
    expect(alertText()).toBe("Reset failed, try again later");
    expect(submitButton().textContent).toBe("Reset Password");
    expect(localStorage.getItem(RESET_EMAIL_KEY)).toBe("me@bu.edu");
    expect(assign).not.toHaveBeenCalled();
  });
});

// ---------------------------------------------------------------- account

const ACCOUNT = {
  email: "me@bu.edu",
  college: "CAS",
  major: "Biology",
  expectedGrad: 2027,
  reviewReminders: false,
  hubTrack: "first-year" as const,
  kilachand: false,
  colleges: COLLEGES,
  majors: MAJORS.CAS,
};
const accountForm = () => field("college").closest("form")!;
const passwordForm = () => field("oldPassword").closest("form")!;

describe("AccountSettings island", () => {
  test("hydrates with the account's values", async () => {
    await mount(<AccountSettings {...ACCOUNT} />);
    expect(field("email").value).toBe("me@bu.edu");
    expect(field("email").readOnly).toBe(true);
    expect(field<HTMLSelectElement>("college").value).toBe("CAS");
    expect(field<HTMLSelectElement>("major").value).toBe("Biology");
    expect(optionTexts("major")).toEqual(["Select your major", "Biology", "Computer Science", "Undecided"]);
    expect(field("expectedGrad").value).toBe("2027");
    expect(submitButton("college").textContent).toBe("Update Account");
    expect(submitButton("oldPassword").textContent).toBe("Change Password");
    expect(buttonNamed("Delete My Account")).toBeDefined();
  });

  test("changing the college empties the major and reloads the majors", async () => {
    const majors = deferred();
    vi.mocked(fetch).mockReturnValueOnce(majors.promise);
    await mount(<AccountSettings {...ACCOUNT} />);
    await type("college", "ENG");
    expect(field<HTMLSelectElement>("major").value).toBe("");
    expect(field<HTMLSelectElement>("major").disabled).toBe(true);
    expect(sent().url).toBe("/api/auth/majors?college=ENG");
    await majors.answer(Response.json(MAJORS.ENG));
    expect(field<HTMLSelectElement>("major").disabled).toBe(false);
    expect(optionTexts("major")).toEqual(["Select your major", "Mechanical Engineering", "Undecided"]);
    await type("college", "");
    expect(optionTexts("major")).toEqual(["Select your college first"]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test("the account form shows the spec's messages and sends nothing", async () => {
    await mount(<AccountSettings {...ACCOUNT} />);
    await type("college", "");
    await type("expectedGrad", "");
    await submit("college");
    expect(messageUnder("college")).toBe("Select a college");
    expect(messageUnder("major")).toBe("Select a major");
    expect(messageUnder("expectedGrad")).toBe("Expected graduation year is required");
    await type("expectedGrad", "2024");
    await submit("college");
    expect(messageUnder("expectedGrad")).toBe("Cannot be less than 2025");
    await type("expectedGrad", "2036");
    await submit("college");
    expect(messageUnder("expectedGrad")).toBe("Expected graduation cannot be after 2035");
    expect(fetch).not.toHaveBeenCalled();
  });

  test("accepts 2035, shows 'Updating...' while in flight, then the server's message", async () => {
    const call = deferred();
    vi.mocked(fetch).mockReturnValue(call.promise);
    await mount(<AccountSettings {...ACCOUNT} />);
    await type("major", "Computer Science");
    await type("expectedGrad", "2035");
    await submit("college");
    expect(submitButton("college").textContent).toBe("Updating...");
    expect(submitButton("college").disabled).toBe(true);
    await submit("college");
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sent()).toEqual({
      url: "/api/users/account",
      method: "PUT",
      body: { college: "CAS", major: "Computer Science", expectedGrad: 2035, hubTrack: "first-year", kilachand: false },
    });
    await call.answer(
      Response.json({
        message: "Account updated successfully",
        account: { email: "me@bu.edu", college: "CAS", major: "Computer Science", expectedGrad: 2035 },
      }),
    );
    expect(statusText(accountForm())).toBe("Account updated successfully");
    expect(submitButton("college").textContent).toBe("Update Account");
    expect(field("expectedGrad").value).toBe("2035");
  });

  test("an update failure shows the server's message and field messages, or 'Failed to update account'", async () => {
    vi.mocked(fetch).mockResolvedValueOnce(
      Response.json({ message: "Please correct the highlighted fields.", fields: { major: "Select a major" } }, {
        status: 400,
      }),
    );
    await mount(<AccountSettings {...ACCOUNT} />);
    await submit("college");
    expect(alertText(accountForm())).toBe("Please correct the highlighted fields.");
    expect(messageUnder("major")).toBe("Select a major");
    vi.mocked(fetch).mockResolvedValueOnce(html502());
    await submit("college");
    expect(alertText(accountForm())).toBe("Failed to update account");
  });

  test("the password form shows the spec's messages and sends nothing", async () => {
    await mount(<AccountSettings {...ACCOUNT} />);
    await submit("oldPassword");
    expect(messageUnder("oldPassword")).toBe("Current password is required");
    expect(messageUnder("newPassword")).toBe("Password must be at least 6 characters");
    expect(messageUnder("confirmPassword")).toBe("Please confirm your new password");
    await type("oldPassword", "old");
    await type("newPassword", "secret1");
    await type("confirmPassword", "secret2");
    await submit("oldPassword");
    expect(messageUnder("oldPassword")).toBeUndefined();
    expect(messageUnder("confirmPassword")).toBe("Passwords don't match");
    expect(fetch).not.toHaveBeenCalled();
  });

  test("a password change shows 'Changing...', sends the old and new password, then succeeds and clears the fields", async () => {
    const call = deferred();
    vi.mocked(fetch).mockReturnValue(call.promise);
    await mount(<AccountSettings {...ACCOUNT} />);
    await type("oldPassword", "old-secret");
    await type("newPassword", "secret1");
    await type("confirmPassword", "secret1");
    await submit("oldPassword");
    expect(submitButton("oldPassword").textContent).toBe("Changing...");
    expect(submitButton("oldPassword").disabled).toBe(true);
    await submit("oldPassword");
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sent()).toEqual({
      url: "/api/auth/update-password",
      method: "PUT",
      body: { oldPassword: "old-secret", newPassword: "secret1" },
    });
    await call.answer(Response.json({ message: "Password updated" }));
    expect(statusText(passwordForm())).toBe("Password updated successfully!");
    for (const name of ["oldPassword", "newPassword", "confirmPassword"]) expect(field(name).value).toBe("");
    expect(submitButton("oldPassword").textContent).toBe("Change Password");
  });

  test("a password change failure shows the server's message, or 'Incorrect current password'", async () => {
    vi.mocked(fetch).mockResolvedValueOnce(
      Response.json({ message: "Your current password is not correct." }, { status: 400 }),
    );
    await mount(<AccountSettings {...ACCOUNT} />);
    await type("oldPassword", "wrong");
    await type("newPassword", "secret1");
    await type("confirmPassword", "secret1");
    await submit("oldPassword");
    expect(alertText(passwordForm())).toBe("Your current password is not correct.");
    vi.mocked(fetch).mockResolvedValueOnce(html502());
    await submit("oldPassword");
    expect(alertText(passwordForm())).toBe("Incorrect current password");
    expect(field("oldPassword").value).toBe("wrong");
  });

  test("Delete My Account opens a confirm dialog; Cancel and Escape close it without deleting", async () => {
    await mount(<AccountSettings {...ACCOUNT} />);
    expect(document.querySelector("[role=alertdialog]")).toBeNull();
    await click(buttonNamed("Delete My Account")!);
    const dialog = document.querySelector<HTMLElement>("[role=alertdialog]")!;
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.getElementById(dialog.getAttribute("aria-labelledby")!)?.textContent).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(buttonNamed("Yes, delete my account")).toBeDefined();

    await click(buttonNamed("Cancel")!);
    expect(document.querySelector("[role=alertdialog]")).toBeNull();
    expect(document.activeElement).toBe(buttonNamed("Delete My Account"));

    await click(buttonNamed("Delete My Account")!);
    expect(document.querySelector("[role=alertdialog]")).not.toBeNull();
    await press("Escape");
    expect(document.querySelector("[role=alertdialog]")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  test("Tab stays inside the dialog", async () => {
    await mount(<AccountSettings {...ACCOUNT} />);
    await click(buttonNamed("Delete My Account")!);
    expect(document.activeElement).toBe(buttonNamed("Cancel"));
    await press("Tab");
    // Cancel → confirm is the browser's own move; from the last button Tab wraps to the first.
    buttonNamed("Yes, delete my account")!.focus();
    await press("Tab");
    expect(document.activeElement).toBe(buttonNamed("Cancel"));
  });

  test("confirming deletes the account with DELETE /api/users/delete and goes to /", async () => {
    const call = deferred();
    vi.mocked(fetch).mockReturnValue(call.promise);
    await mount(<AccountSettings {...ACCOUNT} />);
    await click(buttonNamed("Delete My Account")!);
    await click(buttonNamed("Yes, delete my account")!);
    expect(buttonNamed("Yes, delete my account")!.disabled).toBe(true);
    await click(buttonNamed("Yes, delete my account")!);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sent()).toEqual({ url: "/api/users/delete", method: "DELETE", body: undefined });
    await call.answer(Response.json({ message: "Account deleted" }));
    expect(assign).toHaveBeenCalledWith("/");
  });

  test("a 401 on delete shows the server's message; other failures are only logged", async () => {
    vi.mocked(fetch).mockResolvedValueOnce(Response.json({ message: "Please log in again." }, { status: 401 }));
    await mount(<AccountSettings {...ACCOUNT} />);
    await click(buttonNamed("Delete My Account")!);
    await click(buttonNamed("Yes, delete my account")!);
    expect(document.querySelector("[role=alertdialog]")).toBeNull();
    expect(alertText(document.querySelector(".danger-zone")!)).toBe("Please log in again.");
    expect(assign).not.toHaveBeenCalled();

    const logged = expectConsoleErrors();
    vi.mocked(fetch).mockResolvedValueOnce(html502());
    await click(buttonNamed("Delete My Account")!);
    await click(buttonNamed("Yes, delete my account")!);
    expect(document.querySelector(".danger-zone [role=alert]")).toBeNull();
    expect(logged().length).toBe(1);
    expect(assign).not.toHaveBeenCalled();
  });
});

// ---------------------------------------------------------------- review reminders on /account

describe("the review reminder choice on /account", () => {
  const box = () => field("reviewReminders");
  const section = () => document.querySelector<HTMLElement>('section[aria-labelledby="account-reminders-heading"]')!;
  const ON = "End-of-term review reminders are on: you will get one email when each term ends.";

  test("a labelled, described checkbox in its own section, showing the saved choice", async () => {
    await mount(<AccountSettings {...ACCOUNT} reviewReminders />);
    expect(document.getElementById("account-reminders-heading")?.textContent).toBe("Review reminders");
    expect(box().type).toBe("checkbox");
    expect(box().checked).toBe(true);
    expect(box().closest("label")?.textContent).toBe(
      "Email me at the end of each term about courses I completed but have not reviewed",
    );
    expect(document.getElementById(box().getAttribute("aria-describedby")!)?.textContent).toMatch(
      /one-click unsubscribe link/,
    );
    await mount(<AccountSettings {...ACCOUNT} />);
    expect(box().checked).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  test("ticking it saves at once: the box keeps the focus and stays enabled, a change while saving is ignored, then the server's message", async () => {
    const call = deferred();
    vi.mocked(fetch).mockReturnValue(call.promise);
    await mount(<AccountSettings {...ACCOUNT} />);
    box().focus();
    await click(box());
    expect(box().checked).toBe(true);
    expect(sent()).toEqual({ url: "/api/users/review-reminders", method: "PUT", body: { enabled: true } });
    expect(statusText(section())).toBe("Saving...");
    expect(box().disabled).toBe(false);
    expect(document.activeElement).toBe(box());
    await click(box());
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(box().checked).toBe(true);
    await call.answer(Response.json({ message: ON, reviewReminders: true }));
    expect(statusText(section())).toBe(ON);
    expect(box().checked).toBe(true);
    expect(alertText(section())).toBeUndefined();
  });

  test("unticking sends enabled: false", async () => {
    vi.mocked(fetch).mockResolvedValueOnce(
      Response.json({ message: "End-of-term review reminders are off.", reviewReminders: false }),
    );
    await mount(<AccountSettings {...ACCOUNT} reviewReminders />);
    await click(box());
    expect(sent().body).toEqual({ enabled: false });
    expect(box().checked).toBe(false);
    expect(statusText(section())).toBe("End-of-term review reminders are off.");
  });

  test("a failed save puts the box back and says why: the server's message, or a general one", async () => {
    vi.mocked(fetch).mockResolvedValueOnce(Response.json({ message: "Please log in again." }, { status: 401 }));
    await mount(<AccountSettings {...ACCOUNT} />);
    await click(box());
    expect(box().checked).toBe(false);
    expect(alertText(section())).toBe("Please log in again.");
    vi.mocked(fetch).mockResolvedValueOnce(html502());
    await click(box());
    expect(box().checked).toBe(false);
    expect(alertText(section())).toBe("Failed to save your reminder choice. Try again.");
    expect(statusText(section())).toBeUndefined();
  });
});

// ---------------------------------------------------------------- sign-up without dead ends

describe("finishing sign-up from anywhere", () => {
  test("/verify with nothing stored (another browser, another device, a closed tab): the email is editable and is what gets sent", async () => {
    vi.mocked(fetch).mockResolvedValueOnce(
      Response.json({ message: "If an account is waiting for this code, a new code has been sent." }),
    );
    vi.mocked(fetch).mockResolvedValueOnce(Response.json({ message: "Your account is verified. Log in." }));
    await mount(<VerifyForm />);
    expect(field("email").readOnly).toBe(false);
    expect(field("email").value).toBe("");
    await type("email", "elsewhere@gmail.com");
    await click(resendButton());
    expect(sent(0).url).toBe("/api/auth/resend-verification?email=elsewhere%40gmail.com");
    await type("verificationCode", "123456");
    await submit();
    expect(sent(1)).toEqual({
      url: "/api/auth/verify",
      method: "POST",
      body: { email: "elsewhere@gmail.com", verificationCode: "123456" },
    });
    expect(assign).toHaveBeenCalledWith("/login");
  });

  test("an email the server names (after a login) is filled in read-only from the first render, stored, and its code's countdown starts", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    await mount(<VerifyForm email="pending@gmail.com" codeJustSent />);
    expect(field("email").value).toBe("pending@gmail.com");
    expect(field("email").readOnly).toBe(true);
    expect(localStorage.getItem(VERIFICATION_EMAIL_KEY)).toBe("pending@gmail.com");
    expect(resendButton().textContent).toBe("Resend verification email (60s)");
  });

  test("'Use a different email' makes a remembered email editable again", async () => {
    localStorage.setItem(VERIFICATION_EMAIL_KEY, "typo@gmial.com");
    await mount(<VerifyForm />);
    expect(field("email").readOnly).toBe(true);
    await click(buttonNamed("Use a different email")!);
    expect(field("email").readOnly).toBe(false);
    expect(field("email").value).toBe("");
    expect(localStorage.getItem(VERIFICATION_EMAIL_KEY)).toBeNull();
    expect(buttonNamed("Use a different email")).toBeUndefined();
  });

  test("logging in with the right password on an unverified account goes to /verify with the email kept", async () => {
    vi.mocked(fetch).mockResolvedValueOnce(
      Response.json({
        message: "Your email is not verified yet.",
        verificationRequired: true,
        email: "pending@gmail.com",
        codeSent: true,
      }, { status: 403 }),
    );
    await mount(<LoginForm next={null} />);
    await type("email", "Pending@gmail.com");
    await type("password", "secret1");
    await submit();
    expect(assign).toHaveBeenCalledWith("/verify");
    expect(localStorage.getItem(VERIFICATION_EMAIL_KEY)).toBe("Pending@gmail.com");
    expect(Number(localStorage.getItem(VERIFICATION_SENT_KEY))).toBeGreaterThan(0);
    expect(submitButton().textContent).toBe("Logging In");
  });

  test("the login form starts with the email the page was given (after a verification or a reset)", async () => {
    await mount(<LoginForm next={null} email="verified@gmail.com" />);
    expect(field("email").value).toBe("verified@gmail.com");
    expect(field("password").value).toBe("");
  });

  test("the one-click link's button verifies and goes to the login page; a used link says so and offers the code", async () => {
    const token = "a".repeat(43);
    vi.mocked(fetch).mockResolvedValueOnce(
      Response.json({
        message:
          "This verification link is not valid or has expired. Enter the code from the email, or request a new one.",
      }, {
        status: 400,
      }),
    );
    vi.mocked(fetch).mockResolvedValueOnce(Response.json({ message: "Your account is verified. Log in." }));
    await mount(<VerifyLinkButton token={token} />);
    await click(buttonNamed("Verify my email")!);
    expect(sent(0)).toEqual({ url: "/api/auth/verify-link", method: "POST", body: { token } });
    expect(alertText()).toContain("This verification link is not valid or has expired.");
    expect(document.querySelector<HTMLAnchorElement>("[role=alert] a")!.getAttribute("href")).toBe("/verify");
    localStorage.setItem(VERIFICATION_EMAIL_KEY, "me@gmail.com");
    await click(buttonNamed("Verify my email")!);
    expect(assign).toHaveBeenCalledWith("/login");
    expect(localStorage.getItem(VERIFICATION_EMAIL_KEY)).toBeNull();
  });
});

describe("each message shows once, and a success goes stale when the form is edited", () => {
  test("a server message that belongs to a field shows under it and not again in the alert", async () => {
    vi.mocked(fetch).mockResolvedValueOnce(
      Response.json({ message: "Incorrect current password", fields: { oldPassword: "Incorrect current password" } }, {
        status: 400,
      }),
    );
    await mount(<AccountSettings {...ACCOUNT} />);
    await type("oldPassword", "wrong");
    await type("newPassword", "secret1");
    await type("confirmPassword", "secret1");
    await submit("oldPassword");
    expect(messageUnder("oldPassword")).toBe("Incorrect current password");
    expect(alertText(passwordForm())).toBeUndefined();
    expect(passwordForm().textContent!.split("Incorrect current password")).toHaveLength(2);
    expect(document.activeElement).toBe(field("oldPassword"));
  });

  test("a message for no field of the form shows in the alert, once", async () => {
    vi.mocked(fetch).mockResolvedValueOnce(
      Response.json({
        message: "Too many wrong passwords. Please wait a few minutes and try again.",
        fields: { _: "Too many wrong passwords." },
      }, {
        status: 429,
      }),
    );
    await mount(<AccountSettings {...ACCOUNT} />);
    await type("oldPassword", "wrong");
    await type("newPassword", "secret1");
    await type("confirmPassword", "secret1");
    await submit("oldPassword");
    expect(alertText(passwordForm())).toBe("Too many wrong passwords. Please wait a few minutes and try again.");
    expect(passwordForm().querySelectorAll(".field-error")).toHaveLength(0);
  });

  test("register: a server message for the major shows under the major only", async () => {
    majorsApi(() =>
      Promise.resolve(
        Response.json({
          message: "Select a major, can be undecided",
          fields: { major: "Select a major, can be undecided" },
        }, { status: 400 }),
      )
    );
    await mount(<RegisterForm colleges={COLLEGES} />);
    await fillRegistration();
    await submit();
    expect(messageUnder("major")).toBe("Select a major, can be undecided");
    expect(alertText()).toBeUndefined();
  });

  test("'Account updated successfully!' disappears as soon as the form is edited again", async () => {
    vi.mocked(fetch).mockResolvedValueOnce(
      Response.json({
        message: "Account updated successfully!",
        account: { email: "me@bu.edu", college: "CAS", major: "Biology", expectedGrad: 2030 },
      }),
    );
    await mount(<AccountSettings {...ACCOUNT} />);
    await type("expectedGrad", "2030");
    await submit("college");
    expect(statusText(accountForm())).toBe("Account updated successfully!");
    await type("expectedGrad", "2031");
    expect(statusText(accountForm())).toBeUndefined();
  });
});
