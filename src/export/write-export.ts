// Writes a static export: the current release's public files (checked against the manifest), `_headers`, `_redirects`.
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, realpath, writeFile } from "node:fs/promises";
import path from "node:path";
import ipaddr from "ipaddr.js";
import { listFiles } from "../build/list-files.ts";
import { Manifest } from "../lib/schema/manifest.ts";
import { HEADERS_FILE, publicFiles } from "./public-files.ts";
import { parseSidecarOrigin, redirectsFile } from "./redirects.ts";

/** Refused input: the message names what was wrong and what to do. */
export class ExportError extends Error {
  override name = "ExportError";
}

/** allowLoopback: export a release built for a loopback origin (a local preview) instead of refusing it. */
export type ExportOptions = Readonly<{
  distDir: string;
  outDir: string;
  sidecarOrigin?: string;
  allowLoopback?: boolean;
}>;

export type ExportResult = Readonly<{
  /** The release directory DIST_DIR resolved to. */
  release: string;
  /** Release paths copied, `_headers` included. */
  copied: readonly string[];
  /** Files of the release left out (precompressed variants not counted), by release path. */
  leftOut: readonly string[];
  /** The sidecar origin `_redirects` proxies to; undefined when none was given (no `_redirects` written). */
  sidecarOrigin: string | undefined;
}>;

export async function exportStatic(options: ExportOptions): Promise<ExportResult> {
  const { release, manifest } = await readRelease(options.distDir);
  if (!options.allowLoopback && isLoopbackOrigin(manifest.site_url))
    throw new ExportError(
      `${release} was built for ${manifest.site_url}, an address of this machine: its canonical links, feeds, sitemaps, robots.txt and badge snippets would point there on the static host. Build it for the public origin first (SITE_URL=https://reviews.example.com npm run build, or SITE_URL in .env), or add --allow-loopback to export it as it is`,
    );
  const sidecarOrigin = refusing("", () =>
    options.sidecarOrigin === undefined ? undefined : parseSidecarOrigin(options.sidecarOrigin, manifest.site_url),
  );
  await checkEmpty(options.outDir);
  const files = refusing(`${release}: `, () => publicFiles(manifest));
  await mkdir(options.outDir, { recursive: true });
  for (const file of files) {
    const bytes = await readFile(path.join(release, file.path));
    const sha = createHash("sha256").update(bytes).digest("hex");
    if (sha !== file.sha256)
      throw new ExportError(
        `${file.path} in ${release} does not match its sha256 in manifest.json: the release was changed after its build; build again`,
      );
    const target = path.join(options.outDir, file.path);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes, { flag: "wx" });
  }
  const headers = await readFile(path.join(release, HEADERS_FILE)).catch((err: Error) => {
    throw new ExportError(`${release} has no readable ${HEADERS_FILE} (${err.message}); build again`);
  });
  await writeFile(path.join(options.outDir, HEADERS_FILE), headers);
  if (sidecarOrigin !== undefined)
    await writeFile(path.join(options.outDir, "_redirects"), redirectsFile(sidecarOrigin));
  const copied = [...files.map((f) => f.path), HEADERS_FILE].sort();
  const kept = new Set(copied);
  const leftOut = (await listFiles(release)).filter((f) => !kept.has(f) && !/\.(br|gz)$/.test(f));
  return { release, copied, leftOut, sidecarOrigin };
}

/** Whether `origin` names this machine: localhost (or a name under it), a loopback or unspecified address. */
export function isLoopbackOrigin(origin: string): boolean {
  const host = new URL(origin).hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (!ipaddr.isValid(host)) return false;
  const address = ipaddr.process(host);
  return ["loopback", "unspecified"].includes(address.range());
}

async function readRelease(distDir: string): Promise<{ release: string; manifest: Manifest }> {
  const where = `DIST_DIR ${JSON.stringify(distDir)}`;
  let release: string;
  let text: string;
  try {
    release = await realpath(distDir);
    text = await readFile(path.join(release, "manifest.json"), "utf8");
  } catch (err) {
    throw new ExportError(`${where} holds no release (${(err as Error).message}); run \`npm run build\` first`);
  }
  const parsed = Manifest.safeParse(safeJson(text));
  if (!parsed.success)
    throw new ExportError(
      `${where}: manifest.json in ${release} is not a release manifest; run \`npm run build\` again`,
    );
  return { release, manifest: parsed.data };
}

/** Runs a pure check, turning what it throws into an ExportError with `prefix` before its message. */
function refusing<T>(prefix: string, check: () => T): T {
  try {
    return check();
  } catch (err) {
    throw new ExportError(`${prefix}${(err as Error).message}`);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** OUT may be missing (it is made) or an empty directory; anything else could mix another site's files in. */
async function checkEmpty(outDir: string): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(outDir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return;
    if (code === "ENOTDIR") throw new ExportError(`OUT ${JSON.stringify(outDir)} exists and is not a directory`);
    throw new ExportError(`OUT ${JSON.stringify(outDir)} cannot be read: ${(err as Error).message}`);
  }
  if (entries.length > 0)
    throw new ExportError(
      `OUT ${JSON.stringify(outDir)} is not empty (${entries.length} entries, e.g. ${JSON.stringify(entries.sort()[0])}): give a new or empty directory`,
    );
}
