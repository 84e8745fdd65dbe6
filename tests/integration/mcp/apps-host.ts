// The browser side of the MCP Apps test: a minimal chat host built on ext-apps' AppBridge. It puts an app's HTML in a
// frame sandboxed with allow-scripts allow-forms (an opaque origin), hands it a tool result, and passes the frame's
// tools/call and open-link requests to the test (window.hostCallTool, window.hostOpenLink, exposed by Playwright).
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";

type CallResult = Awaited<ReturnType<NonNullable<AppBridge["oncalltool"]>>>;
type HostWindow = Window & {
  hostCallTool: (name: string, args: Record<string, unknown>) => Promise<CallResult>;
  hostOpenLink: (url: string) => Promise<void>;
  showApp: (html: string, input: Record<string, unknown>, result: CallResult, theme: "light" | "dark") => Promise<void>;
};
const host = window as unknown as HostWindow;

host.showApp = async (html, input, result, theme) => {
  const frame = document.createElement("iframe");
  frame.setAttribute("sandbox", "allow-scripts allow-forms");
  frame.title = "MCP App";
  frame.style.cssText = "width:720px;height:900px;border:1px solid #ccc";
  document.body.append(frame);
  const bridge = new AppBridge(
    null,
    { name: "apps-test-host", version: "1.0.0" },
    { openLinks: {}, serverTools: {} },
    { hostContext: { theme } },
  );
  bridge.oncalltool = (params) => host.hostCallTool(params.name, params.arguments ?? {});
  bridge.onopenlink = async ({ url }) => {
    await host.hostOpenLink(url);
    return {};
  };
  const ready = new Promise<void>((resolve) => (bridge.oninitialized = () => resolve()));
  // Listening before the app's script runs: it says ui/initialize as soon as it loads. The frame's window stays the
  // same object when srcdoc replaces its first document.
  await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
  frame.srcdoc = html;
  await ready;
  await bridge.sendToolInput({ arguments: input });
  await bridge.sendToolResult(result);
};
