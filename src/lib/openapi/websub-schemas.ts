// The WebSub hub's form-encoded requests as the document describes them (the hub parses them itself, with plain-text errors).
import { z } from "zod";

const TopicUrl = z
  .url()
  .meta({ description: "One of the three topic URLs of this origin: /feed.xml, /api/feed.json or /reviews.json" });

const WebSubSubscriptionRequest = z
  .object({
    "hub.mode": z.enum(["subscribe", "unsubscribe"]),
    "hub.topic": TopicUrl,
    "hub.callback": z
      .url({ protocol: /^https$/ })
      .max(2048)
      .meta({
        description:
          "The subscriber's HTTPS URL: no credentials, no fragment, at most 2 KB, and neither naming nor resolving to a loopback, private, link-local or otherwise internal address. Plain http is rejected.",
      }),
    "hub.lease_seconds": z.int().min(0).optional().meta({
      description:
        "Requested lease in seconds (decimal digits), clamped to the hub's limits (by default 1 hour to 30 days; 10 days when absent). Ignored on unsubscribe.",
    }),
    "hub.secret": z.string().min(1).max(199).optional().meta({
      description:
        "Fewer than 200 bytes. Deliveries then carry X-Hub-Signature; a verified re-subscribe without a secret drops the old one.",
    }),
  })
  .loose()
  .meta({ id: "WebSubSubscriptionRequest", description: "Subscribe or unsubscribe (unknown parameters are ignored)" });

const WebSubPublishRequest = z
  .object({
    "hub.mode": z.literal("publish"),
    "hub.url": TopicUrl.optional(),
    "hub.topic": TopicUrl.optional(),
  })
  .loose()
  .meta({
    id: "WebSubPublishRequest",
    description: "Publisher ping: check the topics for changed content now, as after every rebuild",
  });

export const WebSubHubRequest = z
  .discriminatedUnion("hub.mode", [WebSubSubscriptionRequest, WebSubPublishRequest])
  .meta({ id: "WebSubHubRequest", description: "A form-encoded request to the hub" });
