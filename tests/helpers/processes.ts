/** Small helpers for tests and measurements that start servers as their own processes. */

/** A port on 127.0.0.1 that nothing listens on right now, for a server a test starts. */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/** A process's resident memory in MB (Linux). */
export function residentMb(pid: number): number {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}
