/**
 * Which modules a running Deno process has loaded, as its V8 inspector reports
 * them: a process started with `--inspect=127.0.0.1:PORT` lists every script
 * it compiled (npm packages' CommonJS files included) when a debugger
 * attaches. How a test sees which build of React a server really uses.
 */

/** The URLs of the scripts the process listening for an inspector on `port` has compiled so far. */
export async function loadedScripts(port: number): Promise<string[]> {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json() as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
  const urls: string[] = [];
  try {
    await new Promise((resolve, reject) => {
      socket.onopen = resolve;
      socket.onerror = reject;
    });
    // Enabling the debugger replays a scriptParsed event for every script compiled so far, then answers the call.
    await new Promise<void>((resolve) => {
      socket.onmessage = (event) => {
        const message = JSON.parse(event.data);
        if (message.method === "Debugger.scriptParsed") urls.push(message.params.url);
        if (message.id === 1) resolve();
      };
      socket.send(JSON.stringify({ id: 1, method: "Debugger.enable" }));
    });
  } finally {
    socket.close();
  }
  return urls;
}
