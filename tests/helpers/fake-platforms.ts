// Test helper: fake Google (OAuth token endpoint and Business Profile v4 reviews listing) and Trustpilot (Business
// Units reviews with `links` paging) servers on 127.0.0.1, speaking the documented shapes, counting requests, and
// failing on demand.
import http from "node:http";
import type { AddressInfo } from "node:net";

export const GOOGLE_SECRETS = {
  GOOGLE_CLIENT_ID: "client-id-123.apps.googleusercontent.com",
  GOOGLE_CLIENT_SECRET: "GOCSPX-very-secret-client",
  GOOGLE_REFRESH_TOKEN: "1//refresh-token-very-secret",
  GOOGLE_LOCATION: "accounts/111/locations/222",
};
export const TRUSTPILOT_SECRETS = { TRUSTPILOT_API_KEY: "tp-api-key-very-secret", TRUSTPILOT_BUSINESS_UNIT_ID: "bu42" };

/** A fault the fake answers with instead of the page: status, headers, body. */
type Fault = { status: number; headers?: Record<string, string>; body?: string };

export type Fake = {
  url: string;
  /** Requests seen, as `METHOD path?query`, in order. */
  requests: string[];
  /** Bodies and headers of every request, to check what was sent. */
  sent: { headers: http.IncomingHttpHeaders; body: string }[];
  close: () => Promise<void>;
};

export type GoogleFake = Fake & {
  reviews: Record<string, unknown>[];
  /** Called for each listing request (1-based count of listing requests): a fault, or null for the page. */
  fault: (n: number, url: URL) => Fault | null;
  /** Called for each token request: a fault, or null for a fresh token. */
  tokenFault: (n: number) => Fault | null;
  /** Tokens handed out; only the newest is accepted, unless `expire` made it stale. */
  tokens: string[];
  expireToken: () => void;
  /** Milliseconds each listing request waits before it is answered. */
  delay: number;
};

export function googleReview(id: string, at: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: `accounts/111/locations/222/reviews/${id}`,
    reviewId: id,
    reviewer: { displayName: `Reviewer ${id}` },
    starRating: "FIVE",
    comment: `Review ${id}`,
    createTime: at,
    updateTime: at,
    ...extra,
  };
}

export function trustpilotReview(id: string, at: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    stars: 4,
    title: `Title ${id}`,
    text: `Review ${id}`,
    language: "en",
    consumer: { displayName: `Consumer ${id}` },
    createdAt: at,
    isVerified: true,
    ...extra,
  };
}

/** A fake on a free loopback port; a handler that fails answers 500, so a test sees the failure as a refusal. */
async function listen(
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>,
): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer((req, res) => {
    handler(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function close(server: http.Server): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

async function body(req: http.IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of req) text += chunk;
  return text;
}

function send(res: http.ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(typeof value === "string" ? value : JSON.stringify(value));
}

export async function googleFake(reviews: Record<string, unknown>[] = []): Promise<GoogleFake> {
  let listing = 0;
  let tokenRequests = 0;
  let valid = "";
  const fake = {
    reviews,
    requests: [] as string[],
    sent: [] as Fake["sent"],
    tokens: [] as string[],
    fault: () => null,
    tokenFault: () => null,
    delay: 0,
    expireToken: () => {
      valid = "";
    },
  } as unknown as GoogleFake;
  const { server, url } = await listen(async (req, res) => {
    const text = await body(req);
    fake.requests.push(`${req.method} ${req.url}`);
    fake.sent.push({ headers: req.headers, body: text });
    const u = new URL(req.url ?? "/", "http://x");
    if (req.method === "POST" && u.pathname === "/token") {
      const f = fake.tokenFault(++tokenRequests);
      if (f) return send(res, f.status, f.body ?? "", f.headers);
      const form = new URLSearchParams(text);
      if (form.get("refresh_token") !== GOOGLE_SECRETS.GOOGLE_REFRESH_TOKEN)
        return send(res, 400, { error: "invalid_grant", error_description: "Bad Request" });
      valid = `ya29.access-${tokenRequests}-very-secret`;
      fake.tokens.push(valid);
      return send(res, 200, { access_token: valid, expires_in: 3599, token_type: "Bearer" });
    }
    if (req.method === "GET" && u.pathname === `/v4/${GOOGLE_SECRETS.GOOGLE_LOCATION}/reviews`) {
      if (fake.delay > 0) await new Promise((resolve) => setTimeout(resolve, fake.delay));
      const f = fake.fault(++listing, u);
      if (f) return send(res, f.status, f.body ?? "", f.headers);
      if (req.headers.authorization !== `Bearer ${valid}` || valid === "")
        return send(res, 401, { error: { code: 401, status: "UNAUTHENTICATED" } });
      const size = Number(u.searchParams.get("pageSize") ?? 50);
      const start = Number(u.searchParams.get("pageToken")?.slice(1) ?? 0);
      const sorted = [...fake.reviews].sort((a, b) => String(b.updateTime).localeCompare(String(a.updateTime)));
      const page = sorted.slice(start, start + size);
      const next = start + size < sorted.length ? { nextPageToken: `p${start + size}` } : {};
      return send(res, 200, {
        ...(page.length ? { reviews: page } : {}),
        averageRating: 5,
        totalReviewCount: sorted.length,
        ...next,
      });
    }
    send(res, 404, { error: { code: 404, status: "NOT_FOUND" } });
  });
  return Object.assign(fake, { url, close: close(server) });
}

export type TrustpilotFake = Fake & { reviews: Record<string, unknown>[]; fault: (n: number) => Fault | null };

export async function trustpilotFake(reviews: Record<string, unknown>[] = []): Promise<TrustpilotFake> {
  let listing = 0;
  const fake = { reviews, requests: [], sent: [], fault: () => null } as unknown as TrustpilotFake;
  const { server, url } = await listen(async (req, res) => {
    const text = await body(req);
    fake.requests.push(`${req.method} ${req.url}`);
    fake.sent.push({ headers: req.headers, body: text });
    const u = new URL(req.url ?? "/", "http://x");
    if (u.pathname !== `/v1/business-units/${TRUSTPILOT_SECRETS.TRUSTPILOT_BUSINESS_UNIT_ID}/reviews`)
      return send(res, 404, { message: "Not found", errorCode: "NotFound" });
    const f = fake.fault(++listing);
    if (f) return send(res, f.status, f.body ?? "", f.headers);
    if (req.headers.apikey !== TRUSTPILOT_SECRETS.TRUSTPILOT_API_KEY)
      return send(res, 401, { message: "Unauthorized", errorCode: "Unauthorized" });
    const per = Number(u.searchParams.get("perPage") ?? 20);
    const page = Number(u.searchParams.get("page") ?? 1);
    const sorted = [...fake.reviews].sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));
    const items = sorted.slice((page - 1) * per, page * per);
    const links = [{ href: `${url}${u.pathname}?perPage=${per}&page=${page}`, method: "GET", rel: "self" }];
    if (page * per < sorted.length)
      links.push({ href: `${url}${u.pathname}?perPage=${per}&page=${page + 1}`, method: "GET", rel: "next-page" });
    send(res, 200, { links, reviews: items });
  });
  return Object.assign(fake, { url, close: close(server) });
}
