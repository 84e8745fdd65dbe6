// The MCP Apps (the io.modelcontextprotocol/ui extension): which tools have an app, the ui:// resource each names,
// where the build puts its HTML in the release, and what it shows (the server card and /developers/ say so too).

/** The extension's id and the MIME type of its HTML, as the ext-apps package names them. */
export {
  EXTENSION_ID as UI_EXTENSION,
  RESOURCE_MIME_TYPE as APP_MIME_TYPE,
} from "@modelcontextprotocol/ext-apps/server";

type AppView = "rating" | "list" | "review";

export type McpApp = Readonly<{
  tool: string;
  view: AppView;
  uri: string;
  /** The release's file the build writes (the sidecar's, never served): so an app changes with its release. */
  path: string;
  title: string;
  shows: string;
}>;

/** Where the build puts the apps in the release: files of the sidecar's, described apart in the manifest. */
export const MCP_APPS_DIR = "mcp-apps/";

export const MCP_APPS: readonly McpApp[] = [
  {
    tool: "get_rating_summary",
    view: "rating",
    uri: "ui://reviews/rating-card.html",
    path: `${MCP_APPS_DIR}rating-card.html`,
    title: "Rating card",
    shows: "the average, the count, the 5 to 1 star distribution and the business's booking, quote or call button",
  },
  {
    tool: "search_reviews",
    view: "list",
    uri: "ui://reviews/review-list.html",
    path: `${MCP_APPS_DIR}review-list.html`,
    title: "Review list",
    shows: "the matching reviews, newest first, with owner replies, a search box and a star filter, paged",
  },
  {
    tool: "get_review",
    view: "review",
    uri: "ui://reviews/review.html",
    path: `${MCP_APPS_DIR}review.html`,
    title: "One review",
    shows: "the review with its owner reply and a link to its page",
  },
];

export const appOfTool = (tool: string): McpApp | undefined => MCP_APPS.find((a) => a.tool === tool);

/** What a client that renders apps is told about one: no outside origin may be reached from the frame. */
export const APP_RESOURCE_META = Object.freeze({
  ui: { csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] }, prefersBorder: true },
});

/** What the build bakes into each app: the business's name, its one action, and where review pages live. */
export type AppConfig = Readonly<{
  view: AppView;
  business: string;
  action: Readonly<{ href: string; label: string }>;
  origin: string;
}>;
