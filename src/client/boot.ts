/**
 * The browser side of islands: finds each marker the server left, reads its
 * props and hydrates it, at once or when it scrolls into view. The bundle of
 * an island that waits (for the view, or for an update) is imported only then,
 * so its code costs the page's load nothing.
 */
import { type ComponentType, createElement, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { ISLAND_UPDATE_EVENT } from "./island.tsx";
import { dismissableMenus } from "./menus.ts";
import { settleStorage } from "./storage.ts";

/** An island module's default export; its props are whatever the server serialised. */
type IslandModule = { Component: unknown };
/** What the page gives boot per island: the module, or (for islands that hydrate in view or on an update) a function that imports it. */
type IslandEntry = IslandModule | (() => Promise<IslandModule>);

/** An island module is itself a function (the server-side wrapper) carrying `Component`; a loader has no `Component`. */
async function moduleOf(entry: IslandEntry): Promise<IslandModule> {
  return "Component" in entry ? entry : await entry();
}

function hydrate(element: HTMLElement, module: IslandModule): void {
  const id = element.dataset.islandId;
  const script = document.querySelector<HTMLScriptElement>(`script[data-island-props="${id}"]`);
  const props = script?.textContent ? JSON.parse(script.textContent) : {};
  // As a transition, React hydrates in small slices and yields to the browser between them: no long task blocks a tap.
  startTransition(() => {
    hydrateRoot(element, createElement(module.Component as ComponentType<Record<string, unknown>>, props));
  });
}

export function bootIslands(islands: Record<string, IslandEntry>): void {
  // Before any island reads it: the storage keeps nothing of a student but on that student's pages.
  settleStorage();
  // Every page with a script boots here: its menu closes on an outside tap and on Escape.
  dismissableMenus();
  // The marker is display: contents and has no box of its own, so visibility is watched on its first child.
  const watched = new Map<Element, HTMLElement>();
  const observer = typeof IntersectionObserver === "function"
    ? new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const element = watched.get(entry.target);
        if (!entry.isIntersecting || !element) continue;
        observer!.unobserve(entry.target);
        watched.delete(entry.target);
        moduleOf(islands[element.dataset.island!]).then((module) => hydrate(element, module), (error) =>
          console.error(error));
      }
    }, { rootMargin: "200px" })
    : null;
  const onUpdate: HTMLElement[] = [];
  for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const module = islands[element.dataset.island!];
    if (!module) continue;
    const target = element.firstElementChild;
    if (element.dataset.hydrate === "update") {
      onUpdate.push(element);
    } else if (element.dataset.hydrate === "visible" && observer && target) {
      watched.set(target, element);
      observer.observe(target);
    } else {
      moduleOf(module).then((loaded) => hydrate(element, loaded), (error) => console.error(error));
    }
  }
  if (onUpdate.length) {
    globalThis.addEventListener(ISLAND_UPDATE_EVENT, () => {
      for (const element of onUpdate.splice(0)) {
        moduleOf(islands[element.dataset.island!]).then(
          (module) => hydrate(element, module),
          (error) => console.error(error),
        );
      }
    }, { once: true });
  }
}
