/**
 * A background loop that drains pending work (outbox rows, deliveries…): it runs every `pollMs`,
 * at once when woken, never twice at the same time, and backs off while its dependency (NATS, a
 * provider, the database) keeps failing.
 */
export interface Poller {
  /** Run now (e.g. right after a commit that created work). */
  wake(): void;
  /** Waits for a run in progress, then drains once more; resolves to the count drained. */
  flush(): Promise<number>;
  /** Stops the loop after the run in progress. */
  stop(): Promise<void>;
}

export interface PollerOptions {
  /** Handles everything pending; resolves to how much it handled, throws when it cannot go on. */
  drain(): Promise<number>;
  /** Called on each failed run, with the count of failures in a row (for logging). */
  onFailure(err: unknown, failures: number): void;
  pollMs: number;
  /** Upper bound of the back-off between failed runs. */
  maxBackoffMs: number;
}

export function startPoller({ drain, onFailure, pollMs, maxBackoffMs }: PollerOptions): Poller {
  let stopped = false;
  let running: Promise<number> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let failures = 0;

  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          total += await drain();
        } while (again && !stopped);
        failures = 0;
      } catch (err) {
        failures += 1;
        onFailure(err, failures);
      } finally {
        running = null;
      }
      return total;
    })();
    return running;
  }

  function schedule() {
    if (stopped) return;
    const delay = failures ? Math.min(maxBackoffMs, pollMs * 2 ** Math.min(failures, 6)) : pollMs;
    timer = setTimeout(async () => {
      await run();
      schedule();
    }, delay);
  }
  schedule();

  return {
    wake() {
      if (!stopped) void run();
    },
    async flush() {
      if (running) await running;
      return drain();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running) await running;
    },
  };
}
