/**
 * A TCP proxy on loopback that holds every chunk for `oneWayMs` before passing
 * it on, in each direction: a database server as far away as a region (20 ms
 * round trip: 10 ms each way) for the bench. Order is kept per direction, and
 * chunks in flight overlap, as on a real link.
 */
export type DelayProxy = { port: number; close(): void };

function pipeDelayed(from: Deno.Conn, to: Deno.Conn, oneWayMs: number): Promise<void> {
  let previous = Promise.resolve();
  return (async () => {
    const buffer = new Uint8Array(64 * 1024);
    try {
      for (;;) {
        const n = await from.read(buffer);
        if (n === null) break;
        const chunk = buffer.slice(0, n);
        const due = performance.now() + oneWayMs;
        previous = previous.then(async () => {
          const wait = due - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          let written = 0;
          while (written < chunk.length) written += await to.write(chunk.subarray(written));
        });
      }
      await previous;
    } catch {
      // One side went away: the other is closed below.
    } finally {
      // closeWrite answers with a promise, which rejects when the other side is already gone.
      await Promise.resolve().then(() => to.closeWrite()).catch(() => {});
    }
  })();
}

export function startDelayProxy(targetPort: number, oneWayMs: number): DelayProxy {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const open = new Set<Deno.Conn>();
  (async () => {
    for await (const client of listener) {
      const upstream = await Deno.connect({ hostname: "127.0.0.1", port: targetPort }).catch(() => null);
      if (!upstream) {
        client.close();
        continue;
      }
      for (const conn of [client, upstream]) {
        conn.setNoDelay(true);
        open.add(conn);
      }
      Promise.all([pipeDelayed(client, upstream, oneWayMs), pipeDelayed(upstream, client, oneWayMs)]).finally(() => {
        for (const conn of [client, upstream]) {
          open.delete(conn);
          try {
            conn.close();
          } catch { /* already closed */ }
        }
      });
    }
  })().catch(() => {});
  return {
    port: (listener.addr as Deno.NetAddr).port,
    close() {
      listener.close();
      for (const conn of open) {
        try {
          conn.close();
        } catch { /* already closed */ }
      }
    },
  };
}
