// Checks a JSON-RPC request before the SDK sees it, so that a client's mistake is answered as one (-32600, -32602, or a
// tool error naming the argument) in plain words: the SDK answers some of these itself as internal errors carrying a
// zod dump, or calls valid JSON a parse error.
import { z } from "zod";
import { got, issuesText } from "../../src/lib/mcp/tools/args.ts";
import { idOf } from "./http/body.ts";
import { deepPath, MAX_REQUEST_DEPTH } from "./request-depth.ts";
import { RPC, rpcError, rpcResult } from "./rpc.ts";

export type Screening =
  | { ok: true }
  | { ok: false; code: number; message: string }
  /** A problem with the arguments of a known tool: answered as its result, with isError. */
  | { ok: false; tool: string; argument: string; rule: string };

export type ToolNames = Readonly<{ has: (name: string) => boolean; names: readonly string[] }>;

const MEMBERS = new Set(["jsonrpc", "id", "method", "params"]);
const PASS: Screening = { ok: true };

const Meta = z.looseObject({ progressToken: z.union([z.string(), z.int()]).optional() }).optional();
const Params = (shape: z.ZodRawShape = {}) => z.looseObject({ _meta: Meta, ...shape });
const Paginated = Params({ cursor: z.string().optional() }).optional();
const Uri = Params({ uri: z.string() });
const StringMap = z.record(z.string(), z.string()).optional();
const Ref = z.discriminatedUnion(
  "type",
  [
    z.looseObject({ type: z.literal("ref/prompt"), name: z.string() }),
    z.looseObject({ type: z.literal("ref/resource"), uri: z.string() }),
  ],
  {
    error: (iss) => `expected {"type": "ref/prompt", "name"} or {"type": "ref/resource", "uri"}, got ${got(iss.input)}`,
  },
);
/** The protocol's log levels, least severe first. */
export const LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"] as const;

/** The params of each method this server answers, as loose as the protocol allows and no looser. */
const METHODS: Readonly<Record<string, z.ZodType>> = {
  initialize: Params({
    protocolVersion: z.string(),
    capabilities: z.record(z.string(), z.unknown()),
    clientInfo: z.looseObject({ name: z.string(), version: z.string() }),
  }),
  ping: Params().optional(),
  "tools/list": Paginated,
  "tools/call": Params({
    name: z.string(),
    arguments: z.unknown().optional(),
    task: z.looseObject({ ttl: z.number().optional() }).optional(),
  }),
  "resources/list": Paginated,
  "resources/templates/list": Paginated,
  "resources/read": Uri,
  "resources/subscribe": Uri,
  "resources/unsubscribe": Uri,
  "prompts/list": Paginated,
  "prompts/get": Params({ name: z.string(), arguments: StringMap }),
  "completion/complete": Params({
    ref: Ref,
    argument: z.looseObject({ name: z.string(), value: z.string() }),
    context: z.looseObject({ arguments: StringMap }).optional(),
  }),
  "logging/setLevel": Params({ level: z.enum(LEVELS) }),
};

/** Methods the 2026-07-28 revision removed: a request of that generation naming one is the SDK's -32601 to answer. */
export const LEGACY_ONLY: ReadonlySet<string> = new Set([
  "initialize",
  "ping",
  "logging/setLevel",
  "resources/subscribe",
  "resources/unsubscribe",
]);

/**
 * The request's shape checked whatever its generation, then its params by its method unless `paramsLeft` (asked once
 * the message is known to be shallow enough to classify) says the SDK is to answer it first (a method its generation
 * does not have, routing headers that disagree with the body).
 */
export async function screenRequest(
  message: Readonly<Record<string, unknown>>,
  tools: ToolNames,
  paramsLeft: () => Promise<boolean> = () => Promise.resolve(false),
): Promise<Screening> {
  if (typeof message["method"] !== "string") return PASS;
  const params = message["params"];
  if (params !== undefined && !isObject(params)) {
    // Not shown: an array may be nested past the depth that JSON.stringify survives.
    const came = Array.isArray(params) ? (params.length ? "an array" : "[]") : got(params);
    return invalidRequest(`params must be an object (MCP passes parameters by name), got ${came}`);
  }
  // Before anything walks the message recursively (a schema, JSON.stringify).
  const deep = deepPath(message);
  if (deep) return tooDeep(message, deep, tools);
  // Notifications get no answer; the transport accepts or refuses them itself.
  if (!("id" in message)) return PASS;
  const method = message["method"];
  const unknown = Object.keys(message).filter((k) => !MEMBERS.has(k));
  if (unknown.length > 0)
    return invalidRequest(`unknown member ${unknown.join(", ")}; a request has jsonrpc, id, method and params`);
  const schema = METHODS[method];
  if (!schema || (await paramsLeft())) return PASS;
  const parsed = schema.safeParse(params, { error: plainWords });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${["params", ...i.path.map(String)].join(".")}: ${i.message}`);
    return invalidParams(`${method}: ${problems.join("; ")}`);
  }
  if (method !== "tools/call") return PASS;
  const { name, arguments: args } = params as { name: string; arguments?: unknown };
  if (!tools.has(name)) return invalidParams(unknownTool(name, tools.names));
  if (args !== undefined && !isObject(args))
    return {
      ok: false,
      tool: name,
      argument: "arguments",
      rule: `expected an object of named arguments, got ${got(args)}`,
    };
  return PASS;
}

/**
 * The answer to a refused request: a malformed request is a 400 as the transport answers one, and so are a bad
 * initialize (no session is opened) and a notification nested too deep; other bad params are the request's JSON-RPC error and a tool's bad arguments its
 * result with isError, both 200 as the SDK would send them (a client then hands the error to the call that made it).
 */
export function refusal(
  screening: Exclude<Screening, { ok: true }>,
  message: Readonly<Record<string, unknown>>,
): Response {
  const rpcId = idOf(message);
  if ("tool" in screening) {
    const text = issuesText(screening.tool, [{ path: [screening.argument], message: screening.rule }]);
    return rpcResult(rpcId, { content: [{ type: "text", text }], isError: true });
  }
  // A notification has no call to hand an error to: it is refused at the HTTP level.
  const httpLevel = screening.code === RPC.invalidRequest || message["method"] === "initialize" || !("id" in message);
  const status = httpLevel ? 400 : 200;
  return rpcError(status, screening.code, screening.message, { id: rpcId });
}

/** The answer to tools/call of a tool this server does not have (the protocol's -32602: there is no tool to fail). */
export const unknownTool = (name: string, names: readonly string[]): string =>
  `Unknown tool: ${name}. tools/list names the tools: ${names.join(", ")}`;

function tooDeep(message: Readonly<Record<string, unknown>>, path: readonly (string | number)[], tools: ToolNames) {
  const rule = `nested deeper than ${MAX_REQUEST_DEPTH} levels, the most a request may be`;
  const [top, member, argument] = path;
  const where = path.length <= 4 ? path.join(".") : `${path.slice(0, 3).join(".")}...`;
  if (top !== "params") return invalidRequest(`${where}: ${rule}`);
  const name = (message["params"] as { name?: unknown })["name"];
  const method = String(message["method"]);
  if (method === "tools/call" && member === "arguments" && typeof argument === "string" && typeof name === "string")
    if (tools.has(name)) return { ok: false as const, tool: name, argument, rule };
  return invalidParams(`${method}: ${where}: ${rule}`);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const refused = (code: number, message: string): Screening => ({ ok: false, code, message });
const invalidRequest = (message: string) => refused(RPC.invalidRequest, `Invalid Request: ${message}`);
const invalidParams = (message: string) => refused(RPC.invalidParams, `Invalid params: ${message}`);

/** What a zod issue says, as a person would say it: the rule and what came. */
function plainWords(iss: z.core.$ZodRawIssue): string {
  const input = iss.input;
  if (iss.code === "invalid_type") {
    const expected = iss.expected === "record" || iss.expected === "object" ? "an object" : `a ${iss.expected}`;
    return input === undefined ? `required: expected ${expected}` : `expected ${expected}, got ${got(input)}`;
  }
  if (iss.code === "invalid_value")
    return `expected one of ${iss.values.map((v) => JSON.stringify(v)).join(", ")}, got ${got(input)}`;
  return `not accepted: ${got(input)}`;
}
