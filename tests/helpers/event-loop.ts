/**
 * How many times a chain of zero-delay timers ran while `work` was under way:
 * none when the work holds the event loop throughout, some when it lets the
 * loop turn (a worker thread, work in slices). A count, not a time, so a busy
 * machine only makes it larger for work that yields.
 */
export async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let done = false;
  const turn = () => {
    if (done) return;
    turns++;
    timer = setTimeout(turn, 0);
  };
  let timer = setTimeout(turn, 0);
  try {
    return { result: await work(), turns };
  } finally {
    done = true;
    clearTimeout(timer);
  }
}
