// The one error type of the HTTP API and the one place errors become responses: JSON {code, message}, never a stack trace.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Logger } from "../log.ts";
import type { ClientAddress } from "./client-address.ts";
import type { AppEnv } from "./env.ts";

/** An expected failure with its status, a stable machine-readable `code` and a human `message`. */
export class ApiError extends HTTPException {
  override name = "ApiError";
  readonly code: string;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: ContentfulStatusCode,
    code: string,
    message: string,
    options: { headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(status, { message, cause: options.cause });
    this.code = code;
    this.headers = options.headers ?? {};
  }
}

const NOT_FOUND_MESSAGE = "Nothing is published at this address.";

export const notFound = (message = NOT_FOUND_MESSAGE): ApiError => new ApiError(404, "not_found", message);

/** Renders `{code, message}`; used by the app and by the server for pre-routing errors. */
export function errorResponse(
  status: ContentfulStatusCode,
  code: string,
  message: string,
  headers?: Record<string, string>,
): Response {
  return new Response(JSON.stringify({ code, message }), {
    status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      ...headers,
    },
  });
}

const CODES: Partial<Record<number, string>> = {
  400: "bad_request",
  404: "not_found",
  405: "method_not_allowed",
  412: "precondition_failed",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "too_many_requests",
  503: "unavailable",
};

/**
 * For `app.onError`: expected errors are answered as they say; anything else is logged once, naming the client
 * (`clientAddress`: behind a trusted proxy, the one it forwarded for), and answered as a bare 500.
 */
export function errorHandler(logger: Logger, clientAddress?: ClientAddress) {
  return (err: Error, c: Context<AppEnv>): Response => {
    if (err instanceof ApiError) return errorResponse(err.status, err.code, err.message, err.headers);
    if (err instanceof HTTPException) {
      if (err.res) return err.getResponse();
      const status = err.status;
      return errorResponse(
        status,
        CODES[status] ?? (status >= 500 ? "internal_error" : "bad_request"),
        err.message || "Request refused.",
      );
    }
    const client = clientAddress?.(c) ?? "unknown";
    logger.error("unhandled error", { method: c.req.method, url: c.req.url, client, err });
    return internalErrorResponse();
  };
}

/** The bare 500 of the read API: what went wrong is logged, never sent. */
export function internalErrorResponse(): Response {
  return errorResponse(500, "internal_error", "Something went wrong on our side; try again later.");
}

/** For `app.notFound`: the same 404 body as every other. */
export function notFoundHandler(): Response {
  return errorResponse(404, "not_found", NOT_FOUND_MESSAGE);
}
