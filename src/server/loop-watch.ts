/**
 * How long the event loop was held at a time: a timer that should fire every
 * few milliseconds notes how late it fires. While it is held, no request is
 * answered, so the entries watch their start with it and log the longest hold
 * once the catalog and the search index are ready (Deno Deploy asks for no
 * hold over a second; HubRate keeps its warm-up's under 50 ms).
 */
const TICK_MS = 5;

export type LoopWatch = {
  /** The longest time, in ms, the loop was held since the watch began, beyond the timer's own interval. */
  longest(): number;
  stop(): void;
};

export function watchEventLoop(): LoopWatch {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last - TICK_MS);
    last = now;
  }, TICK_MS);
  // The watch never keeps a process alive by itself.
  Deno.unrefTimer(timer);
  return {
    longest: () => Math.max(longest, performance.now() - last - TICK_MS),
    stop: () => clearInterval(timer),
  };
}
