// The WebSub hub's path item, and the requests the hub makes to subscribers (OpenAPI 3.1 webhooks).
import { ReviewsDataset } from "../schema/dataset.ts";
import { JsonFeed } from "../schema/json-feed.ts";
import { ref } from "./http.ts";
import type { JsonObject, SchemaRefs } from "./json-schema.ts";
import { WebSubHubRequest } from "./websub-schemas.ts";

const HUB_DESCRIPTION = `A WebSub hub (W3C Recommendation) for the three topics /feed.xml, /api/feed.json and /reviews.json.

- \`subscribe\` / \`unsubscribe\`: answered 202 at once; the hub then verifies the intent with a GET to the callback (see the webhook \`websubVerification\`). The subscription changes only when that verification succeeds; re-subscribing renews, never duplicates.
- While a subscription is active, each change of its topic is delivered as a POST of the full topic content (webhook \`websubDelivery\`). Three consecutive failed deliveries remove it.
- \`publish\` (with \`hub.url\` or \`hub.topic\`): a publisher's ping to check the topics for changed content now.

Errors are plain text naming the offending field.`;

const plain = (description: string, headers?: JsonObject): JsonObject => ({
  description,
  ...(headers ? { headers } : {}),
  content: { "text/plain": { schema: { type: "string" } } },
});

const queryParam = (name: string, description: string, schema: JsonObject, required = false): JsonObject => ({
  name,
  in: "query",
  required,
  description,
  schema,
});

export function websubPaths(refs: SchemaRefs, topics: { reviews: string; jsonFeed: string }): JsonObject {
  return {
    "/api/websub/hub": {
      post: {
        tags: ["WebSub"],
        summary: "Subscribe, unsubscribe, or ping the hub after a publish",
        description: HUB_DESCRIPTION,
        operationId: "postWebSubHub",
        requestBody: {
          required: true,
          content: {
            "application/x-www-form-urlencoded": {
              schema: refs.ref(WebSubHubRequest, "input"),
              examples: {
                subscribe: {
                  summary: "Subscribe to the reviews dataset",
                  value: {
                    "hub.mode": "subscribe",
                    "hub.topic": topics.reviews,
                    "hub.callback": "https://subscriber.example.org/websub/reviews",
                    "hub.lease_seconds": 864000,
                  },
                },
                unsubscribe: {
                  summary: "Unsubscribe",
                  value: {
                    "hub.mode": "unsubscribe",
                    "hub.topic": topics.reviews,
                    "hub.callback": "https://subscriber.example.org/websub/reviews",
                  },
                },
                publish: { summary: "Publisher ping", value: { "hub.mode": "publish", "hub.url": topics.jsonFeed } },
              },
            },
          },
        },
        responses: {
          "202": { description: "Accepted: verification of intent (or the change check) follows asynchronously" },
          "400": plain("Invalid request; the body names the field (mode, topic, callback, secret or lease)"),
          "413": plain("Request body over 8 KB"),
          "415": plain("Content-Type is not application/x-www-form-urlencoded"),
          "429": plain("Too many requests from this client", { "Retry-After": ref.header("RetryAfter") }),
        },
      },
    },
  };
}

export function websubWebhooks(refs: SchemaRefs): JsonObject {
  return {
    websubVerification: {
      get: {
        tags: ["WebSub"],
        summary: "Verification of intent, or denial, sent to the subscriber's callback",
        description:
          "The hub's GET to `hub.callback` (its own query string kept, these parameters appended) after a subscribe or unsubscribe request. The callback confirms by answering 2xx with the exact `hub.challenge` as the body. With `hub.mode=denied` the hub tells the callback a subscription was removed (after repeated failed deliveries); no answer is needed.",
        operationId: "websubVerification",
        parameters: [
          queryParam(
            "hub.mode",
            "What is being verified, or `denied`",
            { type: "string", enum: ["subscribe", "unsubscribe", "denied"] },
            true,
          ),
          queryParam("hub.topic", "The topic URL", { type: "string", format: "uri" }, true),
          queryParam("hub.challenge", "Random single-use string to echo (subscribe and unsubscribe)", {
            type: "string",
          }),
          queryParam("hub.lease_seconds", "The lease the subscription will get, in seconds (subscribe)", {
            type: "integer",
            minimum: 0,
          }),
          queryParam("hub.reason", "Why the subscription was removed (denied)", { type: "string" }),
        ],
        responses: {
          "2XX": {
            description: "Intent confirmed when the body equals hub.challenge exactly",
            content: { "text/plain": { schema: { type: "string" } } },
          },
          default: {
            description:
              "Any other status, or a body other than the challenge, refuses: the subscription stays as it was",
          },
        },
      },
    },
    websubDelivery: {
      post: {
        tags: ["WebSub"],
        summary: "Content delivery: the full new topic content, POSTed to the subscriber's callback",
        description:
          "Sent to every active subscriber of a topic whose content changed: the exact bytes a GET of the topic returns, with the same Content-Type. Failed attempts (non-2xx, timeout, connection error) are retried; three consecutive failures remove the subscription.",
        operationId: "websubDelivery",
        parameters: [
          {
            name: "Link",
            in: "header",
            required: true,
            description: '`<hub URL>; rel="hub", <topic URL>; rel="self"`',
            schema: { type: "string" },
          },
          {
            name: "X-Hub-Signature",
            in: "header",
            required: false,
            description:
              "With a subscription secret: `sha256=` and the hex HMAC-SHA256 of the raw body, keyed by the secret",
            schema: { type: "string", pattern: "^sha256=[0-9a-f]{64}$" },
          },
        ],
        requestBody: {
          required: true,
          content: {
            "application/json": { schema: { oneOf: [refs.ref(ReviewsDataset), refs.ref(JsonFeed)] } },
            "application/atom+xml": { schema: { type: "string", description: "The Atom feed (/feed.xml)" } },
          },
        },
        responses: {
          "2XX": { description: "Acknowledged: any 2xx status" },
          "410": { description: "Gone: the hub removes the subscription at once" },
          default: { description: "A failed attempt: retried; three consecutive failures remove the subscription" },
        },
      },
    },
  };
}
