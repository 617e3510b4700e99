/**
 * The browser side of islands: finds each marker the server left, reads its
 * props and hydrates it, at once or when it scrolls into view.
 */
import { type ComponentType, createElement } from "react";
import { hydrateRoot } from "react-dom/client";

/** An island module's default export; its props are whatever the server serialised. */
type IslandModule = { Component: unknown };

function hydrate(element: HTMLElement, module: IslandModule): void {
  const id = element.dataset.islandId;
  const script = document.querySelector<HTMLScriptElement>(`script[data-island-props="${id}"]`);
  const props = script?.textContent ? JSON.parse(script.textContent) : {};
  hydrateRoot(element, createElement(module.Component as ComponentType<Record<string, unknown>>, props));
}

export function bootIslands(islands: Record<string, IslandModule>): void {
  const observer = typeof IntersectionObserver === "function"
    ? new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer!.unobserve(entry.target);
        const element = entry.target as HTMLElement;
        hydrate(element, islands[element.dataset.island!]);
      }
    }, { rootMargin: "200px" })
    : null;
  for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const module = islands[element.dataset.island!];
    if (!module) continue;
    if (element.dataset.hydrate === "visible" && observer) observer.observe(element);
    else hydrate(element, module);
  }
}
