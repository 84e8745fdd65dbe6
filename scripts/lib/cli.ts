// What the command-line tools share: node:util's parseArgs, whose errors are usage errors each tool prints with its usage.
import { parseArgs, type ParseArgsConfig } from "node:util";

/** A bad command line: the tool prints the message and its usage, and exits with status 2. */
export class UsageError extends Error {}

/** parseArgs, its complaints about the command line thrown as UsageError. */
export function parseCommandLine<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}
