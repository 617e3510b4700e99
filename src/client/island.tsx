/**
 * Islands: interactive components that the server renders to HTML and the
 * browser hydrates. `island(name, Component)` wraps a component so that, when
 * rendered on the server, it leaves a marker element with its name and its
 * props as escaped JSON. In the browser (or inside another island) the wrapper
 * renders the bare component, so hydration matches the server's HTML.
 */
import { type ComponentType, createContext, type JSX, useContext } from "react";

/**
 * When an island hydrates: at load, when it scrolls into view, or only when
 * the page's data changes (an island that shows figures and has no control of
 * its own: until then the server's HTML is all it needs).
 */
export type Hydrate = "load" | "visible" | "update";

/** The event a client store sends when the data `update` islands show has changed. */
export const ISLAND_UPDATE_EVENT = "hubrate:island-update";

/** Collects the islands one server render used; absent in the browser. */
export class IslandCollector {
  readonly used = new Set<string>();
  /** The islands that hydrate at load: their bundles load with the page; the others when they come into view or the data changes. */
  readonly eager = new Set<string>();
  private next = 0;
  nextId(): string {
    return `i${this.next++}`;
  }
}

export const IslandContext = createContext<IslandCollector | null>(null);

/** JSON that cannot end its `<script>` element or open a comment, whatever strings it holds. */
export function serializeProps(props: unknown): string {
  return JSON.stringify(props ?? {})
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export type IslandComponent<P> = ((props: P) => JSX.Element) & { islandName: string; Component: ComponentType<P> };

export function island<P extends object>(
  name: string,
  Component: ComponentType<P>,
  hydrate: Hydrate = "load",
): IslandComponent<P> {
  function Island(props: P) {
    const collector = useContext(IslandContext);
    if (!collector) return <Component {...props} />;
    const id = collector.nextId();
    collector.used.add(name);
    if (hydrate === "load") collector.eager.add(name);
    return (
      <>
        <script
          type="application/json"
          data-island-props={id}
          dangerouslySetInnerHTML={{ __html: serializeProps(props) }}
        />
        <div className="island" data-island={name} data-island-id={id} data-hydrate={hydrate}>
          <IslandContext.Provider value={null}>
            <Component {...props} />
          </IslandContext.Provider>
        </div>
      </>
    );
  }
  Island.displayName = `Island(${name})`;
  return Object.assign(Island, { islandName: name, Component });
}
