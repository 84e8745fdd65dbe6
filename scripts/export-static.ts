// `npm run export:static`: copies the release DIST_DIR points at into OUT as a static host should publish it.
import { ConfigError, loadConfig } from "../src/config.ts";
import { SIDECAR_PATHS } from "../src/export/redirects.ts";
import { ExportError, exportStatic } from "../src/export/write-export.ts";
import { parseCommandLine, UsageError } from "./lib/cli.ts";

const USAGE = `usage: npm run export:static -- OUT [--sidecar-origin URL] [--allow-loopback]

Copies the public files of the release DIST_DIR points at into OUT (a new or empty directory), with _headers, and
with --sidecar-origin a _redirects that proxies the sidecar's paths (${SIDECAR_PATHS.join(", ")}) to that origin
(Netlify's syntax). The manifest, the search index, the reviews' analyses, the change log, the build record and the
.br/.gz variants stay out. A release built for a loopback SITE_URL (localhost, 127.0.0.1) is refused unless
--allow-loopback is given: build it with SITE_URL set to the public origin first.`;

async function main(): Promise<void> {
  const { values, positionals } = parseCommandLine({
    allowPositionals: true,
    options: {
      "sidecar-origin": { type: "string" },
      "allow-loopback": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (positionals.length !== 1)
    throw new UsageError(
      `expected one OUT directory, got ${positionals.length === 0 ? "none" : positionals.join(" ")}`,
    );
  const sidecarOrigin = values["sidecar-origin"];
  const { distDir } = loadConfig();
  const result = await exportStatic({
    distDir,
    outDir: positionals[0]!,
    allowLoopback: values["allow-loopback"] === true,
    ...(sidecarOrigin === undefined ? {} : { sidecarOrigin }),
  });
  console.log(`exported ${result.copied.length} files of ${result.release} to ${positionals[0]}`);
  console.log(`left out: ${result.leftOut.join(", ")} (and the .br/.gz variants)`);
  if (result.sidecarOrigin !== undefined)
    console.log(`_redirects proxies the sidecar's paths to ${result.sidecarOrigin}`);
  else
    console.warn(
      `no --sidecar-origin: no _redirects written, so ${SIDECAR_PATHS.join(", ")} will not answer on the static host`,
    );
}

if (import.meta.main) {
  try {
    await main();
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`${err.message}\n\n${USAGE}`);
      process.exitCode = 2;
    } else {
      if (err instanceof ExportError || err instanceof ConfigError) console.error(err.message);
      else console.error(`export failed: ${(err as Error).message}`);
      process.exitCode = 1;
    }
  }
}
