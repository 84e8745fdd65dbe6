// Reusable HTTP parts of the document: conditional-GET headers and parameters, 304, and the JSON error responses.
import { ApiError, ValidationError } from "../schema/errors.ts";
import type { JsonObject, SchemaRefs } from "./json-schema.ts";

export const ref = {
  header: (name: string) => ({ $ref: `#/components/headers/${name}` }),
  parameter: (name: string) => ({ $ref: `#/components/parameters/${name}` }),
  response: (name: string) => ({ $ref: `#/components/responses/${name}` }),
};

/** Request headers of a conditional GET, as parameter references. */
export const conditionalParameters = [ref.parameter("IfNoneMatch"), ref.parameter("IfModifiedSince")];

/** Response headers of a resource that supports conditional GET. */
export function validatorHeaders(extra: Record<string, JsonObject> = {}): Record<string, JsonObject> {
  return {
    ETag: ref.header("ETag"),
    "Last-Modified": ref.header("LastModified"),
    "Cache-Control": ref.header("CacheControl"),
    ...extra,
  };
}

const text = (description: string): JsonObject => ({ schema: { type: "string" }, description });

export function httpComponents(refs: SchemaRefs): {
  headers: JsonObject;
  parameters: JsonObject;
  responses: JsonObject;
} {
  return {
    headers: {
      Allow: { description: "The methods the path answers", schema: { type: "string", examples: ["GET, HEAD"] } },
      CacheControl: text("Caching policy: the data changes only when the site is rebuilt"),
      CorsAllowOrigin: { description: "Any origin may read the response", schema: { type: "string", const: "*" } },
      ETag: text(
        "Strong entity tag: a content hash of the body (distinct per content coding). Send it back in If-None-Match.",
      ),
      LastModified: text(
        "RFC 9110 HTTP-date taken from the data, not from the build time. Send it back in If-Modified-Since.",
      ),
      RetryAfter: { description: "Seconds to wait before trying again", schema: { type: "integer", minimum: 0 } },
      TopicLink: {
        description:
          'WebSub discovery: `<hub URL>; rel="hub", <topic URL>; rel="self"`. Subscribe at the hub with the self URL as hub.topic.',
        schema: { type: "string" },
      },
    },
    parameters: {
      IfModifiedSince: {
        name: "If-Modified-Since",
        in: "header",
        required: false,
        description:
          "A Last-Modified value from an earlier response; 304 when nothing changed since. Ignored when If-None-Match is sent (RFC 9110).",
        schema: { type: "string" },
      },
      IfNoneMatch: {
        name: "If-None-Match",
        in: "header",
        required: false,
        description:
          "ETag value(s) from an earlier response; 304 when one matches the current representation. Takes precedence over If-Modified-Since.",
        schema: { type: "string" },
      },
    },
    responses: {
      MethodNotAllowed: {
        description: "The path exists but does not answer this method; Allow lists the ones it does",
        headers: { Allow: ref.header("Allow") },
        content: {
          "application/json": {
            schema: refs.ref(ApiError),
            example: { code: "method_not_allowed", message: "POST is not allowed on this path; use GET or HEAD" },
          },
        },
      },
      NotModified: {
        description: "The representation has not changed since the validator the client sent: empty body",
        headers: { ETag: ref.header("ETag"), "Cache-Control": ref.header("CacheControl") },
      },
      ValidationFailed: {
        description: "Invalid parameters: every offending parameter is named by at least one issue",
        content: {
          "application/json": {
            schema: refs.ref(ValidationError),
            example: {
              issues: [{ code: "too_big", path: ["limit"], message: "expected an integer from 1 to 100, got 101" }],
            },
          },
        },
      },
    },
  };
}
