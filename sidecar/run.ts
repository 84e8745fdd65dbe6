// Runs the sidecar: loads the release (its files checked, its search index read) while the server modules load, then
// watches it and listens.
import { ConfigError, loadConfig } from "../src/config.ts";
import { cacheSmallFiles, completeRelease, loadRelease, openRelease, ReleaseError } from "./release/load.ts";
import { createLogger } from "./log.ts";
import { createSearchIndexStore } from "./release/index-store.ts";

const logger = createLogger();

/** The server's modules, loaded while the release's files are read and checked: the reading and compiling overlap. */
const serverModules = () =>
  Promise.all([
    import("./app.ts"),
    import("./release/release-store.ts"),
    import("./release/watch.ts"),
    import("./mcp/service.ts"),
    import("./server.ts"),
    import("./websub/hub.ts"),
  ]);

async function main(): Promise<void> {
  const config = loadConfig();
  const cache = { cacheBudgetBytes: config.staticCacheBytes };
  const load = (dir: string) => loadRelease(dir, cache);
  const opened = await openRelease(config.distDir);
  // In this order: the index store starts reading its files first, then the modules load, while the files are checked.
  const [search, modules, site] = await Promise.all([
    createSearchIndexStore(opened, logger),
    serverModules(),
    completeRelease(opened),
  ]);
  const [{ createApp }, { createReleaseStore }, { watchRelease }, { createMcpService }, { listen }, { createHub }] =
    modules;
  const store = createReleaseStore(site, { distDir: config.distDir, logger, load });
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
  cacheSmallFiles(site, cache).catch((err: Error) =>
    logger.error("small files not kept in memory: they are read from disk", { release: site.id, err }),
  );

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
