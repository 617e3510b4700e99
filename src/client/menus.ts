/**
 * The small-screen menus (src/components/MenuDisclosure.tsx) are <details>, so they open and close without
 * JavaScript. Where it runs, a menu also closes as menus do elsewhere: on a tap or click outside it, and on Escape,
 * which gives the focus back to its button.
 */
const MENUS = "details.slide-menu[open], details.topbar-menu[open]";

let listening = false;

/** Closes open menus on an outside press and on Escape; once per page, however often it is called. */
export function dismissableMenus(root: Document = document): void {
  if (listening) return;
  listening = true;
  root.addEventListener("pointerdown", (event) => {
    for (const menu of root.querySelectorAll<HTMLDetailsElement>(MENUS)) {
      if (!menu.contains(event.target as Node)) menu.open = false;
    }
  }, { capture: true });
  root.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    for (const menu of root.querySelectorAll<HTMLDetailsElement>(MENUS)) {
      menu.open = false;
      menu.querySelector("summary")?.focus();
    }
  });
}
