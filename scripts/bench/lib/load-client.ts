// The load generator of the throughput benchmarks (--client): wrk where it is installed, autocannon otherwise.
import { type LoadResult, type LoadRun, runLoad } from "./autocannon.ts";
import { installed } from "./installed.ts";
import { runWrk } from "./wrk.ts";

export type LoadClient = Readonly<{ name: "wrk" | "autocannon"; run: (run: LoadRun) => Promise<LoadResult> }>;

export const LOAD_CLIENT_USAGE = `--client C    the load generator: wrk or autocannon (default: wrk if installed; apt-get install wrk)`;

/**
 * The client asked for ("auto": wrk if installed). autocannon is said to be the fallback that it is: on two cores it
 * reaches its own limit before a server as fast as nginx does, and a ratio to that server then reads high.
 */
export function loadClient(choice = "auto"): LoadClient {
  if (choice !== "auto" && choice !== "wrk" && choice !== "autocannon")
    throw new Error(`--client takes wrk or autocannon, got ${JSON.stringify(choice)}`);
  const wrk = choice !== "autocannon" && installed("wrk");
  if (choice === "wrk" && !wrk) throw new Error("--client wrk: wrk is not installed (apt-get install wrk)");
  if (!wrk && choice === "auto")
    console.warn(
      "wrk is not installed: loading with autocannon, which runs out of CPU before a server as fast as nginx does " +
        "(apt-get install wrk for figures the client does not limit)",
    );
  return wrk ? { name: "wrk", run: runWrk } : { name: "autocannon", run: runLoad };
}
