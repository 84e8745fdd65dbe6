// The host page of the MCP Apps test: Chromium playing a chat host with ext-apps' AppBridge (apps-host.ts, bundled
// here), whose frame's tool calls and links come back to the test; anything fetched fails the test.
import assert from "node:assert/strict";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { build } from "esbuild";
import type { Browser, Page } from "playwright";

export type Result = { content: unknown[]; structuredContent?: Record<string, unknown>; isError?: boolean };
/** What both generations' clients answer, narrowed to what these tests use. */
export type AnyClient = {
  getServerCapabilities(): Record<string, unknown> | undefined;
  listTools(): Promise<{ tools: { name: string; _meta?: Record<string, unknown> }[] }>;
  listResources(): Promise<{ resources: { uri: string; mimeType?: string; _meta?: Record<string, unknown> }[] }>;
  readResource(p: { uri: string }): Promise<{ contents: Record<string, unknown>[] }>;
  callTool(p: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
};

/** The host script, bundled for the page. */
export async function hostScript(): Promise<string> {
  const out = await build({
    entryPoints: [path.join(import.meta.dirname, "apps-host.ts")],
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    logLevel: "silent",
  });
  return out.outputFiles[0]!.text;
}

export type Host = Readonly<{
  page: Page;
  calls: { name: string; arguments: Record<string, unknown> }[];
  links: string[];
  show: (uri: string, input: Record<string, unknown>, result: Result, theme: "light" | "dark") => Promise<void>;
  axeClean: () => Promise<void>;
}>;

/** A host page in its own context whose frame's tool calls go to `client`; it fails if anything is fetched. */
export async function withHost(
  browser: Browser,
  script: string,
  client: AnyClient,
  run: (host: Host) => Promise<void>,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on("request", (r) => void requests.push(r.url()));
  page.on("pageerror", (e) => void errors.push(e.message));
  page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
  const calls: Host["calls"] = [];
  const links: string[] = [];
  await page.exposeFunction("hostCallTool", (name: string, args: Record<string, unknown>) => {
    calls.push({ name, arguments: args });
    return client.callTool({ name, arguments: args });
  });
  await page.exposeFunction("hostOpenLink", (url: string) => void links.push(url));
  await page.setContent(
    `<!doctype html><html lang="en"><head><title>Host</title></head><body><main></main></body></html>`,
  );
  await page.addScriptTag({ content: script, type: "module" });
  await page.waitForFunction(() => "showApp" in window);
  const host: Host = {
    page,
    calls,
    links,
    show: async (uri, input, result, theme) => {
      const [content] = (await client.readResource({ uri })).contents;
      await page.evaluate(
        ([html, i, r, t]) =>
          (window as unknown as { showApp: (...a: unknown[]) => Promise<void> }).showApp(html, i, r, t),
        [String(content?.["text"]), input, result, theme] as const,
      );
    },
    axeClean: async () => {
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      assert.deepEqual(
        serious.map((v) => `${v.id}: ${v.help}`),
        [],
      );
    },
  };
  try {
    await run(host);
    assert.deepEqual(errors, []);
    assert.deepEqual(requests, [], "neither the host page nor the app's frame fetched anything");
  } finally {
    await context.close();
  }
}
