// Writes the MCP Apps into the release: one self-contained HTML file per app (its style, the business's name and
// action, and the script with the ext-apps App class bundled inline), so a host's sandboxed frame needs nothing else.
import { createHash } from "node:crypto";
import { readFile, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";
import { type AppConfig, MCP_APPS } from "../lib/mcp/apps.ts";
import { BusinessFile } from "../lib/schema/business.ts";
import { primaryAction } from "../components/model/action.ts";
import { decodeSource } from "./source-text.ts";

const SOURCE = path.resolve(import.meta.dirname, "../mcp-apps");

/** A closing tag inside inline script or JSON would end the element early. */
const inline = (text: string) => text.replace(/<\/(script|style)/gi, "<\\/$1").replace(/<!--/g, "<\\!--");

async function bundle(): Promise<string> {
  const out = await build({
    entryPoints: [path.join(SOURCE, "main.ts")],
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    legalComments: "none",
    logLevel: "silent",
  });
  return out.outputFiles[0]!.text;
}

const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/**
 * The page's own CSP, whatever the host's: its one script and one style by hash, nothing to fetch or connect to, no
 * eval (the bundled schemas work without it, as most hosts' frames require).
 */
const csp = (script: string, style: string) =>
  `default-src 'none'; script-src ${hashOf(script)}; style-src ${hashOf(style)}; img-src data:; base-uri 'none'; form-action 'none'`;

function appHtml(config: AppConfig, title: string, css: string, script: string): string {
  const json = JSON.stringify(config).replace(/</g, "\\u003c");
  const [style, code] = [inline(css), inline(script)];
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${csp(code, style)}">
<title>${esc(`${title}: ${config.business}`)}</title>
<style>${style}</style>
</head>
<body>
<main id="app"></main>
<script type="application/json" id="app-config">${json}</script>
<script type="module">${code}</script>
</body>
</html>
`;
}

/** Writes each app under `dir` at its release path; the business comes from DATA_DIR's business.json, as the site's. */
export async function writeMcpApps(dataDir: string, siteUrl: string, dir: string): Promise<number> {
  // Read as the data stage read it (which validated it already): a byte order mark is not part of the text.
  const file = path.join(dataDir, "business.json");
  const business = BusinessFile.parse(JSON.parse(decodeSource(file, await readFile(file), [])));
  const [css, script] = await Promise.all([readFile(path.join(SOURCE, "app.css"), "utf8"), bundle()]);
  const action = primaryAction(business);
  for (const app of MCP_APPS) {
    const config: AppConfig = {
      view: app.view,
      business: business.name,
      action: { href: action.href, label: action.label },
      origin: siteUrl,
    };
    const target = path.join(dir, app.path);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, appHtml(config, app.title, css, script));
  }
  return MCP_APPS.length;
}
