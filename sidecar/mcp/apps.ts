// The MCP Apps on the wire, for clients that advertise the io.modelcontextprotocol/ui extension: the extension in the
// server's capabilities, `_meta.ui.resourceUri` on the tools that have an app, and the ui:// resources read from the
// release. A client that does not advertise it sees none of this.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { getUiCapability } from "@modelcontextprotocol/ext-apps/server";
import { CLIENT_CAPABILITIES_META_KEY } from "@modelcontextprotocol/server";
import { APP_MIME_TYPE, APP_RESOURCE_META, appOfTool, MCP_APPS, UI_EXTENSION } from "../../src/lib/mcp/apps.ts";
import type { ToolDefinition } from "../../src/lib/mcp/tools/list.ts";
import type { McpAppFile } from "../../src/lib/schema/manifest.ts";
import type { Release } from "../release/release.ts";
import type { McpData } from "./data/snapshot.ts";

/** Whether capabilities (an initialize's, or a 2026-07-28 request's) say the client renders this server's apps. */
export function rendersApps(capabilities: unknown): boolean {
  if (!capabilities || typeof capabilities !== "object") return false;
  const ui = getUiCapability(capabilities);
  return Array.isArray(ui?.mimeTypes) && ui.mimeTypes.includes(APP_MIME_TYPE);
}

/** The capabilities a 2026-07-28 request carries in its `_meta`, if any. */
export function requestCapabilities(message: Readonly<Record<string, unknown>>): unknown {
  const params = message["params"];
  if (!params || typeof params !== "object") return undefined;
  const meta = (params as Record<string, unknown>)["_meta"];
  return meta && typeof meta === "object" ? (meta as Record<string, unknown>)[CLIENT_CAPABILITIES_META_KEY] : undefined;
}

/** What the server adds to its capabilities for a client that renders apps. */
export const APPS_CAPABILITY = Object.freeze({ extensions: { [UI_EXTENSION]: {} } });

const withMeta = new WeakMap<readonly ToolDefinition[], { served: object; built: readonly ToolDefinition[] }>();

/**
 * The tools with their app named, as ext-apps' registerAppTool names it (`_meta.ui` and the older flat key), for the
 * apps the release being served has (`served`: its manifest's mcp_apps; a release built before them has none).
 */
export function withAppTools(
  definitions: readonly ToolDefinition[],
  served: Readonly<Record<string, unknown>>,
): readonly ToolDefinition[] {
  const cached = withMeta.get(definitions);
  if (cached?.served === served) return cached.built;
  const built = definitions.map((d) => {
    const app = appOfTool(d.name);
    return app && app.uri in served ? { ...d, _meta: { ui: { resourceUri: app.uri }, "ui/resourceUri": app.uri } } : d;
  });
  withMeta.set(definitions, { served, built });
  return built;
}

/** The apps of this release, as resources/list names them. */
export function appResources(data: McpData) {
  const described = data.release.manifest.mcp_apps ?? {};
  return MCP_APPS.filter((a) => a.uri in described).map((a) => ({
    uri: a.uri,
    name: `${a.tool}-app`,
    title: a.title,
    description: `The app of ${a.tool}: ${a.shows}.`,
    mimeType: APP_MIME_TYPE,
    _meta: APP_RESOURCE_META,
  }));
}

/** Each release's apps, read once and checked against its manifest; a release no longer served takes them along. */
const read = new WeakMap<Release, Map<string, Promise<string>>>();

async function appHtml(release: Release, file: McpAppFile): Promise<string> {
  const bytes = await readFile(path.join(release.dir, file.path));
  if (createHash("sha256").update(bytes).digest("hex") !== file.sha256)
    throw new Error(`release ${release.id}: ${file.path} is not its manifest's`);
  return bytes.toString("utf8");
}

/** An app's HTML from the release being served; undefined when `uri` names no app of it. */
export async function readApp(uri: string, data: McpData) {
  const { release } = data;
  const file = release.manifest.mcp_apps?.[uri];
  if (!file) return undefined;
  const texts = read.get(release) ?? new Map<string, Promise<string>>();
  read.set(release, texts);
  let text = texts.get(uri);
  if (!text) {
    text = appHtml(release, file);
    texts.set(uri, text);
    text.catch(() => texts.delete(uri));
  }
  return { contents: [{ uri, mimeType: APP_MIME_TYPE, text: await text, _meta: APP_RESOURCE_META }] };
}
