// @vitest-environment happy-dom
import { act } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, test, vi } from "vitest";
import { guardIslands } from "../helpers/island-guards.ts";
import ContactForm from "../../islands/ContactForm.tsx";
import { bootIslands } from "../../src/client/boot.ts";
import { IslandCollector, IslandContext } from "../../src/client/island.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Renders the island as the server does, then hydrates it as the browser does. */
async function mount(props: { email: string }) {
  document.body.innerHTML = renderToString(
    <IslandContext.Provider value={new IslandCollector()}>
      <ContactForm {...props} />
    </IslandContext.Provider>,
  );
  await act(async () => bootIslands({ ContactForm }));
}

function field(name: string): HTMLInputElement | HTMLTextAreaElement {
  return document.querySelector(`[name="${name}"]`)!;
}

async function type(name: string, value: string) {
  const element = field(name);
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), "value")!.set!;
  await act(async () => {
    setter.call(element, value);
    element.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

async function submit() {
  await act(async () => {
    document.querySelector("form")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
  });
}

const button = () => document.querySelector<HTMLButtonElement>("button[type=submit]")!;
const messageUnder = (name: string) =>
  document.getElementById(field(name).getAttribute("aria-describedby") ?? "")?.textContent;

describe("ContactForm island", () => {
  guardIslands();

  test("hydrates from the server's HTML with the props it was given", async () => {
    await mount({ email: "me@bu.edu" });
    expect(document.querySelector("[data-island=ContactForm]")).not.toBeNull();
    expect(field("email").value).toBe("me@bu.edu");
  });

  test("shows the spec's message under each invalid field and sends nothing", async () => {
    await mount({ email: "" });
    await type("email", "not-an-email");
    await type("message", "x".repeat(3001));
    await submit();
    expect(messageUnder("email")).toBe("Please enter a valid email address");
    expect(messageUnder("subject")).toBe("Subject is required");
    expect(messageUnder("message")).toBe("Message must be less than 3000 characters");
    expect(field("subject").getAttribute("aria-invalid")).toBe("true");
    expect(fetch).not.toHaveBeenCalled();
  });

  test("shows 'Sending...' and cannot double-submit while in flight, then the server's message", async () => {
    let answer!: (response: Response) => void;
    vi.mocked(fetch).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await mount({ email: "" });
    await type("email", "me@bu.edu");
    await type("subject", "Hello");
    await type("message", "A question");
    await submit();
    expect(button().textContent).toBe("Sending...");
    expect(button().disabled).toBe(true);
    await submit();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = vi.mocked(fetch).mock.calls[0];
    expect(url).toBe("/api/auth/contact");
    expect(JSON.parse(init!.body as string)).toEqual({ email: "me@bu.edu", subject: "Hello", message: "A question" });
    await act(async () => answer(Response.json({ message: "Thanks for reaching out! Your message has been sent." })));
    expect(document.querySelector("[role=status]")!.textContent).toBe(
      "Thanks for reaching out! Your message has been sent.",
    );
    expect(button().textContent).toBe("Send Message");
    expect(field("subject").value).toBe("");
  });

  test("a failure shows the server's message, or the spec's fallback", async () => {
    vi.mocked(fetch).mockResolvedValueOnce(
      Response.json({ message: "You have sent several messages already." }, { status: 429 }),
    );
    await mount({ email: "me@bu.edu" });
    await type("subject", "Hello");
    await type("message", "Hi");
    await submit();
    expect(document.querySelector("[role=alert]")!.textContent).toBe("You have sent several messages already.");
    vi.mocked(fetch).mockResolvedValueOnce(new Response("<html>bad gateway</html>", { status: 502 }));
    await submit();
    expect(document.querySelector("[role=alert]")!.textContent).toBe("Failed to send message. Please try again.");
  });
});
