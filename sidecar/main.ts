// Entry point of the sidecar (`npm run serve`, and `npm start` after the build): configuration and logger from the
// environment, signals, exit codes.
import { ConfigError, loadConfig } from "../src/config.ts";
import { createLogger } from "./log.ts";
import { ReleaseError } from "./release/load.ts";
import { createSidecar } from "./sidecar.ts";

const logger = createLogger();

try {
  const sidecar = await createSidecar(loadConfig(), { logger });
  await sidecar.start();
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    logger.info(`${signal}: shutting down, finishing requests in flight`);
    sidecar.stop().then(
      () => logger.info("stopped"),
      () => (process.exitCode = 1),
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
} catch (err) {
  if (err instanceof ConfigError) logger.error(err.message);
  else if (err instanceof ReleaseError) logger.error(`${err.message}. ${err.remedy}`);
  else logger.error("the sidecar could not start", { err: err as Error });
  process.exit(1);
}
