// One 2025 session's SDK server and transport on this replica: made for a new session's initialize, or rebuilt for a
// session another replica opened by replaying its initialize, since the SDK's transport keeps its session state in memory.
import { type Server, WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/server";
import { rendersApps } from "./apps.ts";
import { createMcpServer, type SessionServerDeps, type Subscriptions } from "./server.ts";
import type { SessionRecord } from "./session-store/store.ts";

/** One session's transport and server on this replica, and how this replica has used it. */
export type Session = {
  readonly id: string;
  readonly transport: WebStandardStreamableHTTPServerTransport;
  readonly server: Server;
  /** The revision negotiated in its initialize: it decides whether the session may send batches. */
  readonly protocolVersion: string;
  /** Last request this replica served for it. */
  lastUsed: number;
  /** GET event streams open on this replica: only a replica holding one can notify the client. */
  streams: number;
};

/**
 * A transport and server whose session id will be `id`, connected; `onclose` runs when either closes. `client` is the
 * initialize's client part as `clientOf` stores it: its capabilities decide whether the session is shown the apps.
 */
export async function sessionFor(
  id: string,
  protocolVersion: string,
  client: string,
  deps: SessionServerDeps,
  subscriptions: Subscriptions,
  now: number,
  onclose: (session: Session) => void,
): Promise<Session> {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => id,
    // SSE answers, not JSON: the SDK keeps per-request state in JSON mode on stateful sessions (SDK issue #2559).
    enableJsonResponse: false,
  });
  const apps = rendersApps((JSON.parse(client) as Record<string, unknown>)["capabilities"]);
  const server = createMcpServer(deps, { era: "legacy", subscriptions, apps });
  const session: Session = { id, protocolVersion, transport, server, lastUsed: now, streams: 0 };
  server.onclose = () => onclose(session);
  // Transport-level refusals (bad Accept, bad version) are answered to the client; they are not server errors.
  server.onerror = () => {};
  await server.connect(transport);
  return session;
}

/**
 * Puts a fresh transport in the state the session's own initialize left its first one in (initialized, this id, the
 * client's info and capabilities, the negotiated version), through the SDK's public request path: the v2 transport,
 * like the 1.x one, has no way to be handed a session id and an initialized state (both are private, set only by an
 * initialize it serves). The answer, already given to the client by the replica that opened the session, is read and
 * dropped. False when the transport refused.
 */
export async function replayInitialize(session: Session, record: SessionRecord): Promise<boolean> {
  const client = JSON.parse(record.client) as Record<string, unknown>;
  const message = {
    jsonrpc: "2.0" as const,
    id: `replay-${record.id}`,
    method: "initialize",
    params: { protocolVersion: record.protocolVersion, ...client },
  };
  const req = new Request("http://replica.invalid/mcp", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify(message),
  });
  const res = await session.transport.handleRequest(req, { parsedBody: message });
  await res.text();
  return res.status === 200 && session.transport.sessionId === record.id;
}

/** The client's part of an initialize request, as stored for a replay. */
export function clientOf(params: Record<string, unknown>): string {
  return JSON.stringify({ clientInfo: params["clientInfo"], capabilities: params["capabilities"] });
}

/**
 * Passes an event stream's bytes through unchanged, counting it as open on `session` until it ends or the client goes:
 * the SDK says nothing when its GET stream closes.
 */
export function trackStream(session: Session, res: Response): Response {
  if (res.status !== 200 || !res.body) return res;
  const reader = res.body.getReader();
  session.streams++;
  let open = true;
  const done = () => {
    if (open) session.streams--;
    open = false;
  };
  const body = new ReadableStream<Uint8Array>({
    pull: async (controller) => {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) {
        done();
        controller.close();
      } else controller.enqueue(chunk.value);
    },
    cancel: async (reason) => {
      done();
      await reader.cancel(reason);
    },
  });
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}
