/**
 * The live-reload channel of `deno task dev`: a Server-Sent Events stream the
 * dev server alone serves (the app has no such route, so production cannot
 * answer it), the small script it adds to every page it passes on, and the
 * pages it shows when the server cannot start or a bundle cannot be built.
 */

export const DEV_EVENTS_PATH = "/__hubrate/dev-events";

/** What the pages are told: reload, swap the stylesheet, or show a build error over the page. */
export type DevEvent = "reload" | "css" | "build-error";

export type ReloadHub = {
  /** The stream a page listens to; it starts with a `hello` naming this dev server, so a page reloads after the dev server itself restarted. */
  response(): Response;
  send(event: DevEvent, data?: string): void;
  /** How many pages listen. */
  listeners(): number;
  close(): void;
};

export function reloadHub(): ReloadHub {
  const boot = crypto.randomUUID();
  const encoder = new TextEncoder();
  const clients = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const frame = (event: string, data = "") =>
    encoder.encode(`event: ${event}\ndata: ${data.replace(/\n/g, "\ndata: ")}\n\n`);
  const write = (client: ReadableStreamDefaultController<Uint8Array>, bytes: Uint8Array) => {
    try {
      client.enqueue(bytes);
    } catch {
      clients.delete(client);
    }
  };
  // A comment now and then keeps proxies and browsers from closing a quiet stream.
  const keepAlive = setInterval(
    () => clients.forEach((client) => write(client, encoder.encode(": keep-alive\n\n"))),
    15_000,
  );
  return {
    response() {
      let self: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          self = controller;
          clients.add(controller);
          controller.enqueue(encoder.encode("retry: 300\n\n"));
          controller.enqueue(frame("hello", boot));
        },
        cancel() {
          clients.delete(self);
        },
      });
      return new Response(body, { headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-store" } });
    },
    send(event, data) {
      for (const client of clients) write(client, frame(event, data));
    },
    listeners: () => clients.size,
    close() {
      clearInterval(keepAlive);
      for (const client of clients) {
        try {
          client.close();
        } catch {
          // Already closed by the page.
        }
      }
      clients.clear();
    },
  };
}

/**
 * The page's side: reload when told (or when the dev server it listened to was replaced), fetch the stylesheet again
 * without a reload, and show a build error over the page until the next good build. DOM calls only, so the page's CSP
 * (a nonce for scripts, no inline style elements) allows all of it.
 */
const CLIENT = `(() => {
  const events = new EventSource(${JSON.stringify(DEV_EVENTS_PATH)});
  let boot = null;
  events.addEventListener("hello", (e) => { if (boot !== null && boot !== e.data) location.reload(); boot = e.data; });
  events.addEventListener("reload", () => location.reload());
  events.addEventListener("css", () => {
    for (const link of document.querySelectorAll('link[rel="stylesheet"]')) {
      const url = new URL(link.href);
      url.searchParams.set("v", String(Date.now()));
      link.href = url.href;
    }
  });
  events.addEventListener("build-error", (e) => {
    document.getElementById("hubrate-dev-overlay")?.remove();
    const overlay = document.createElement("div");
    overlay.id = "hubrate-dev-overlay";
    overlay.setAttribute("role", "alert");
    Object.assign(overlay.style, { position: "fixed", inset: "0", zIndex: "2147483647", overflow: "auto", padding: "24px",
      background: "rgba(20, 20, 24, 0.94)", color: "#fff", font: "14px/1.5 ui-monospace, monospace" });
    const title = document.createElement("strong");
    title.textContent = "The browser bundles could not be built (deno task dev). Fix the file; this page reloads by itself.";
    const text = document.createElement("pre");
    text.textContent = e.data;
    Object.assign(text.style, { whiteSpace: "pre-wrap", color: "#ffb4b4" });
    overlay.append(title, text);
    document.body.append(overlay);
  });
})();`;

/** The script tag a page gets, with the nonce of the page's own CSP. */
export function devScript(nonce: string | undefined): string {
  return `<script${nonce ? ` nonce="${nonce}"` : ""} data-hubrate-dev>${CLIENT}</script>`;
}

/** `html` with the dev script before `</body>` (or at the end). */
export function withDevScript(html: string, nonce: string | undefined): string {
  const at = html.lastIndexOf("</body>");
  return at === -1 ? html + devScript(nonce) : html.slice(0, at) + devScript(nonce) + html.slice(at);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A page saying what keeps the site from being served (the server did not start), with the output that says why. */
export function devProblemPage(title: string, detail: string): Response {
  const nonce = crypto.randomUUID().replace(/-/g, "");
  const html =
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${
      escapeHtml(title)
    }</title></head><body style="margin:0;padding:24px;background:#141418;color:#fff;font:14px/1.5 ui-monospace,monospace">` +
    `<h1 style="font-size:18px">${
      escapeHtml(title)
    }</h1><p>Fix the file and save: this page reloads by itself (deno task dev).</p>` +
    `<pre style="white-space:pre-wrap;color:#ffb4b4">${escapeHtml(detail)}</pre>${devScript(nonce)}</body></html>`;
  return new Response(html, {
    status: 500,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": `default-src 'self'; script-src 'nonce-${nonce}'; style-src-attr 'unsafe-inline'`,
    },
  });
}
