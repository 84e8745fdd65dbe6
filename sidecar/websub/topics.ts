// The hub's view of the published topics: per topic URL, the current release's exact bytes, Content-Type, Link and sha256.
import { readFile } from "node:fs/promises";
import { TOPIC_PATHS, topicLinkHeader } from "../../src/lib/site-urls.ts";
import type { Release } from "../release/release.ts";

export type TopicContent = Readonly<{
  /** Absolute topic URL (the `hub.topic` subscribers use). */
  topic: string;
  path: string;
  contentType: string;
  /** The Link header the topic is served with: `<hub>; rel="hub", <topic>; rel="self"`. */
  link: string;
  sha256: string;
  /** When the release holding this version was published (orders versions across replicas). */
  releasedAt: number;
  /** The bytes a GET of the topic returns (identity coding). */
  body(): Promise<Buffer>;
}>;

export interface TopicSource {
  /** The topic URLs of this hub, whether or not the current release has them. */
  readonly topics: ReadonlySet<string>;
  /** The current release's version of each topic it holds. */
  current(): readonly TopicContent[];
  get(topic: string): TopicContent | undefined;
  /** Called after a new release replaced the previous one. Returns an unsubscribe function. */
  onChange(listener: () => void): () => void;
  /** Looks for a new release now (a publisher's ping); resolves once any change has been announced. */
  refresh(): Promise<void>;
}

/** The part of the sidecar's release store the hub needs (sidecar/release/release-store.ts provides it). */
export type ReleaseSource = Readonly<{
  current(): Release;
  reload(): Promise<unknown>;
  onChange(listener: (previous: Release, next: Release) => void): () => void;
}>;

export function siteTopicSource(releases: ReleaseSource, siteUrl: string): TopicSource {
  const urls = new Map(TOPIC_PATHS.map((p) => [new URL(p, siteUrl).href, p] as const));
  // One read per topic version, shared by all its deliveries; versions no longer current are let go.
  const bodies = new Map<string, Promise<Buffer>>();
  let cachedFor: Release | undefined;
  let cached: TopicContent[] = [];

  const contentOf = (site: Release, topic: string, urlPath: string): TopicContent | undefined => {
    const entry = site.manifest.files[urlPath];
    const file = site.files.get(urlPath);
    if (!entry || !file) return undefined;
    const rep = file.identity;
    const sha256 = entry.sha256;
    return Object.freeze({
      topic,
      path: urlPath,
      contentType: entry.content_type,
      link: entry.link ?? topicLinkHeader(siteUrl, urlPath),
      sha256,
      releasedAt: site.publishedAt,
      body: () => {
        let p = bodies.get(sha256);
        if (!p) {
          p = rep.body
            ? Promise.resolve(Buffer.from(rep.body.buffer, rep.body.byteOffset, rep.body.byteLength))
            : readFile(rep.file);
          p.catch(() => bodies.delete(sha256));
          bodies.set(sha256, p);
        }
        return p;
      },
    });
  };

  const current = (): readonly TopicContent[] => {
    const site = releases.current();
    if (site !== cachedFor) {
      cached = [...urls].flatMap(([topic, p]) => contentOf(site, topic, p) ?? []);
      const live = new Set(cached.map((c) => c.sha256));
      for (const sha of bodies.keys()) if (!live.has(sha)) bodies.delete(sha);
      cachedFor = site;
    }
    return cached;
  };

  return Object.freeze({
    topics: new Set(urls.keys()),
    current,
    get: (topic: string) => current().find((c) => c.topic === topic),
    onChange: (listener: () => void) => releases.onChange(() => listener()),
    refresh: async () => {
      await releases.reload();
    },
  });
}
