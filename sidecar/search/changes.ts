// GET /api/reviews/changes: a page of the release's change feed after a cursor. Each answer is a pure function of the
// release and the query string: rendered once per coding, kept with the other read answers, sent with a content-hash
// ETag, so a client polling with If-None-Match gets a 304 until the release changes what it would receive.
import { createHash } from "node:crypto";
import { changesPage } from "../../src/lib/changes/page.ts";
import { parseChangesQuery } from "../../src/lib/schema/changes.ts";
import type { Validators } from "../http/conditional.ts";
import { ApiError } from "../http/errors.ts";
import type { Lru } from "../http/lru.ts";
import type { IndexedRelease } from "../release/index-store.ts";
import { chooseCoding, issuesJson, queryOf, type Rendered, renderJson, send } from "./json-response.ts";
import { keptAnswers } from "./kept-answers.ts";

export type ChangesAnswers = (req: Request, release: IndexedRelease) => Response | Promise<Response>;

export function changesAnswers(responses: Lru<Rendered>): ChangesAnswers {
  const kept = keptAnswers(responses, "changes");
  const render = async (release: IndexedRelease, qs: string, acceptEncoding: string | null) => {
    const { status, body, validators } = answer(release, qs);
    const rendered = await renderJson(body, chooseCoding(acceptEncoding, body.length), status, validators);
    kept.keep(release.releaseId, qs, acceptEncoding, rendered);
    return rendered;
  };
  return (req, release) => {
    const qs = queryOf(req.url);
    const acceptEncoding = req.headers.get("accept-encoding");
    const held = kept.held(release.releaseId, qs, acceptEncoding);
    if (held) return send(held, req);
    return render(release, qs, acceptEncoding).then((rendered) => send(rendered, req));
  };
}

function answer(release: IndexedRelease, qs: string): { status: number; body: string; validators?: Validators } {
  const parsed = parseChangesQuery(new URLSearchParams(qs));
  if (!parsed.ok) return { status: 400, body: issuesJson(parsed.issues) };
  const feed = release.changes;
  if (!feed)
    throw new ApiError(
      503,
      "changes_unavailable",
      "The change feed of this release is not available; try again later.",
    );
  const page = changesPage(feed, parsed.value.after, parsed.value.limit);
  if (!page.ok) return { status: 400, body: issuesJson(page.issues) };
  const lastModifiedMs = feed.newestAt * 1000;
  const etag = `"${createHash("sha256").update(page.json).digest("base64url").slice(0, 32)}"`;
  return {
    status: 200,
    body: page.json,
    validators: { etag, lastModified: new Date(lastModifiedMs).toUTCString(), lastModifiedMs },
  };
}
