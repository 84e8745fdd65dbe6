// LISTEN for queued work on a connection of its own, reconnecting with capped backoff when it drops; the worker's
// polling finds the work meanwhile, so a lost notification only delays it.
import pg from "pg";
import { WORK_CHANNEL } from "./statements.ts";

const RETRY_MS = { first: 500, max: 30_000 } as const;

export async function listenForWork(config: pg.ClientConfig, listener: () => void): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay: number = RETRY_MS.first;

  const scheduleRetry = () => {
    if (stopped) return;
    retry = setTimeout(() => void connect(false), delay);
    delay = Math.min(RETRY_MS.max, delay * 2);
  };

  const connect = async (initial: boolean): Promise<void> => {
    const c = new pg.Client(config);
    const dropped = () => {
      if (client !== c) return;
      client = undefined;
      void c.end().catch(() => undefined);
      scheduleRetry();
      // Work queued while the connection was down is not announced again: look once now.
      listener();
    };
    client = c;
    c.on("error", dropped);
    c.on("end", dropped);
    c.on("notification", (n) => {
      if (n.channel === WORK_CHANNEL) listener();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${WORK_CHANNEL}`);
      delay = RETRY_MS.first;
    } catch (err) {
      if (!initial) return dropped();
      client = undefined;
      await c.end().catch(() => undefined);
      throw err;
    }
  };

  await connect(true);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    await c?.end().catch(() => undefined);
  };
}
