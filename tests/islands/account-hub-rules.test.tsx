// @vitest-environment happy-dom
/**
 * The Hub rules and Kilachand fields of the /account form in happy-dom: they start from the account, read as the
 * product names them, and leave with the other account details in the one Update Account request.
 */
import { act, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, test, vi } from "vitest";
import { guardIslands } from "../helpers/island-guards.ts";
import AccountSettings from "../../islands/AccountSettings.tsx";
import { bootIslands } from "../../src/client/boot.ts";
import { IslandCollector, IslandContext } from "../../src/client/island.tsx";
import type { HubTrack } from "../../src/lib/hub-requirements.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Renders the island as the server does, then hydrates it as the browser does. */
async function mount(element: ReactElement) {
  document.body.innerHTML = renderToString(
    <IslandContext.Provider value={new IslandCollector()}>{element}</IslandContext.Provider>,
  );
  await act(async () => bootIslands({ AccountSettings }));
}

function field<T extends HTMLElement = HTMLInputElement>(name: string): T {
  const element = document.querySelector<T>(`[name="${name}"]`);
  if (!element) throw new Error(`no field named ${name}`);
  return element;
}

async function choose(name: string, value: string) {
  const select = field<HTMLSelectElement>(name);
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(select), "value")!.set!;
  await act(async () => {
    setter.call(select, value);
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

async function click(element: HTMLElement) {
  await act(async () => {
    element.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
  });
}

async function submitAccount() {
  await act(async () => {
    field("college").closest("form")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
  });
}

/** The text of the label naming the field: one pointing at it, or one around it. */
const labelOf = (element: HTMLElement) =>
  (document.querySelector(`label[for="${element.id}"]`) ?? element.closest("label"))?.textContent;
/** The texts the field's aria-describedby points at. */
const describedBy = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean).map((id) =>
    document.getElementById(id)?.textContent
  );
const sentBody = (call = 0) => JSON.parse(vi.mocked(fetch).mock.calls[call][1]!.body as string);
const statusText = () => field("college").closest("form")!.querySelector("[role=status]")?.textContent;

const account = (hubTrack: HubTrack, kilachand: boolean) => ({
  email: "me@bu.edu",
  college: "CAS",
  major: "Biology",
  expectedGrad: 2027,
  reviewReminders: false,
  hubTrack,
  kilachand,
  colleges: [{ code: "CAS", name: "College of Arts & Sciences" }],
  majors: ["Biology", "Undecided"],
});

guardIslands();

describe("AccountSettings: Hub rules and Kilachand", () => {
  test("the select and the box start from the account, with their labels and hints", async () => {
    await mount(<AccountSettings {...account("first-year", false)} />);
    const track = field<HTMLSelectElement>("hubTrack");
    expect(labelOf(track)).toBe("Hub requirements");
    expect(track.value).toBe("first-year");
    expect([...track.options].map((o) => [o.value, o.textContent])).toEqual([
      ["first-year", "First-year entrant"],
      ["transfer", "Transfer student"],
    ]);
    expect(describedBy(track)).toEqual([
      "Transfer students follow 10 Hub requirements; cocurricular experiences count for 2 units as a first-year " +
      "entrant, 1 as a transfer student.",
    ]);
    const kilachand = field("kilachand");
    expect(kilachand.type).toBe("checkbox");
    expect(kilachand.checked).toBe(false);
    expect(labelOf(kilachand)).toBe("I am in the Kilachand Honors College");
    expect(describedBy(kilachand)).toEqual(["Kilachand (KHC) courses are open to its students only."]);
    // Both belong to the account form: the one Update Account button sends them.
    expect(track.closest("form")).toBe(field("college").closest("form"));
    expect(kilachand.closest("form")).toBe(field("college").closest("form"));
  });

  test("a transfer student in Kilachand sees both as saved", async () => {
    await mount(<AccountSettings {...account("transfer", true)} />);
    expect(field<HTMLSelectElement>("hubTrack").value).toBe("transfer");
    expect(field("kilachand").checked).toBe(true);
  });

  test("Update Account sends hubTrack and kilachand with the other details, and shows the saved account", async () => {
    vi.mocked(fetch).mockResolvedValueOnce(Response.json({
      message: "Account updated successfully!",
      account: {
        email: "me@bu.edu",
        college: "CAS",
        major: "Biology",
        expectedGrad: 2027,
        hubTrack: "transfer",
        kilachand: true,
      },
    }));
    await mount(<AccountSettings {...account("first-year", false)} />);
    await choose("hubTrack", "transfer");
    await click(field("kilachand"));
    expect(field("kilachand").checked).toBe(true);
    await submitAccount();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = vi.mocked(fetch).mock.calls[0];
    expect(String(url)).toBe("/api/users/account");
    expect(init?.method).toBe("PUT");
    expect(sentBody()).toEqual({
      college: "CAS",
      major: "Biology",
      expectedGrad: 2027,
      hubTrack: "transfer",
      kilachand: true,
    });
    expect(statusText()).toBe("Account updated successfully!");
    expect(field<HTMLSelectElement>("hubTrack").value).toBe("transfer");
    expect(field("kilachand").checked).toBe(true);
  });

  test("back to first-year and out of Kilachand: the form sends what it shows, even unchanged", async () => {
    vi.mocked(fetch).mockImplementation(() =>
      Promise.resolve(Response.json({ message: "Account updated successfully!" }))
    );
    await mount(<AccountSettings {...account("transfer", true)} />);
    await submitAccount();
    expect(sentBody(0)).toMatchObject({ hubTrack: "transfer", kilachand: true });
    await choose("hubTrack", "first-year");
    await click(field("kilachand"));
    await submitAccount();
    expect(sentBody(1)).toMatchObject({ hubTrack: "first-year", kilachand: false });
  });
});
