// Entry point of the sidecar (`npm run serve`, and `npm start` after the build): load the release, watch it, listen.
import { ConfigError, loadConfig } from "../src/config.ts";
import { createApp } from "./app.ts";
import { loadRelease, ReleaseError } from "./dist/release.ts";
import { createSiteStore } from "./dist/site-store.ts";
import { watchRelease } from "./dist/watch.ts";
import { createLogger } from "./log.ts";
import { createMcpService } from "./mcp/service.ts";
import { createSearchIndexStore } from "./search/index-store.ts";
import { listen } from "./server.ts";
import { createHub } from "./websub/hub.ts";

const logger = createLogger();

async function main(): Promise<void> {
  const config = loadConfig();
  const load = (dir: string) => loadRelease(dir, { cacheBudgetBytes: config.staticCacheBytes });
  const site = await load(config.distDir);
  const store = createSiteStore(site, { distDir: config.distDir, logger, load });
  const search = await createSearchIndexStore(site, logger);
  store.onChange((_previous, next) => void search.update(next));
  const watcher = watchRelease({
    distDir: config.distDir,
    intervalSeconds: config.distCheckIntervalSeconds,
    check: store.check,
    logger,
  });
  const hub = createHub({ config, logger, releases: store });
  await hub.start();
  const mcp = createMcpService({ config, site: store.current, search, logger });
  mcp.start();
  const app = createApp({ config, site: store.current, logger, hub, search, mcp });
  const server = await listen(app, { host: config.host, port: config.port, logger });
  logger.info(`listening on ${server.url}`, { url: server.url, release: site.id, files: site.files.size });

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    logger.info(`${signal}: shutting down, finishing requests in flight`);
    watcher.close();
    // MCP sessions hold event streams open: end them so the server can finish closing.
    Promise.all([server.close(), mcp.stop()])
      .then(() => hub.stop())
      .then(() => logger.info("stopped"));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

try {
  await main();
} catch (err) {
  if (err instanceof ConfigError) logger.error(err.message);
  else if (err instanceof ReleaseError) logger.error(`${err.message}. Run \`npm run build\` to build the site first.`);
  else logger.error("the sidecar could not start", { err: err as Error });
  process.exit(1);
}
