// GET /api/reviews/since/{date} from the release's since table: a compressed body, or an identity one up to
// HELD_IDENTITY_BYTES, is made off the event loop once per release, coding and date, and kept; identical requests in
// flight share it, and at most LARGE_AT_ONCE large ones are made at a time, LARGE_WAITING more wait (beyond that 503
// with Retry-After). A larger identity body is streamed, never held whole, and takes a place while it streams.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { evaluatePreconditions, type Validators } from "../http/conditional.ts";
import { ApiError } from "../http/errors.ts";
import { LRUCache } from "lru-cache";
import type { Coding } from "../http/negotiate.ts";
import type { IndexedRelease } from "../release/index-store.ts";
import { chooseCoding, codedValidators, compressor, jsonHeaders, type Rendered, send } from "./json-response.ts";
import { buildSinceTable, type SinceTable } from "./since.ts";

/** Answers from this size on count as large. */
const LARGE_BYTES = 1024 * 1024;
/**
 * Identity answers up to this size are kept like compressed ones: a recent since page (the last month at 100k reviews,
 * about 2 MB) is then sent from memory instead of streamed slice by slice on every request.
 */
const HELD_IDENTITY_BYTES = 4 * 1024 * 1024;
const LARGE_AT_ONCE = 2;
/** Large answers waiting for a place; beyond them a request is answered 503. */
const LARGE_WAITING = 32;
/** The answers kept, in bytes; no one answer takes more than a quarter. */
const KEPT_BYTES = 64 * 2 ** 20;

export type SinceAnswers = (req: Request, release: IndexedRelease, date: string) => Promise<Response>;

export function sinceAnswers(): SinceAnswers {
  const responses = new LRUCache<string, Rendered>({ maxSize: KEPT_BYTES, maxEntrySize: KEPT_BYTES / 4 });
  let table: { releaseId: string; ready: Promise<SinceTable> } | undefined;
  const making = new Map<string, Promise<Rendered>>();
  const slots = createSlots(LARGE_AT_ONCE, LARGE_WAITING);

  const tableOf = (release: IndexedRelease) => {
    if (table?.releaseId !== release.releaseId)
      table = { releaseId: release.releaseId, ready: buildSinceTable(release) };
    return table.ready;
  };

  const rendered = (t: SinceTable, date: string, count: number, coding: Coding, validators: Validators) => {
    const key = `since\0${t.releaseId}\0${coding}\0${date}`;
    const cached = responses.get(key);
    if (cached) return Promise.resolve(cached);
    const pending = making.get(key);
    if (pending) return pending;
    const isLarge = t.bytes(date, count) >= LARGE_BYTES;
    let holding = false;
    const made = (isLarge ? slots.take().then(() => void (holding = true)) : Promise.resolve())
      .then(() => (coding === "identity" ? joined(t.body(date, count)) : compress(t.body(date, count), coding)))
      .then((bytes): Rendered => {
        const answer = { status: 200, ...jsonHeaders(coding, bytes.length, validators), bytes, validators };
        responses.set(key, answer, { size: bytes.length + 512 });
        return answer;
      })
      .finally(() => {
        making.delete(key);
        if (holding) slots.give();
      });
    making.set(key, made);
    return made;
  };

  return async (req, release, date) => {
    const t = await tableOf(release);
    const count = t.count(date);
    const bytes = t.bytes(date, count);
    const coding = chooseCoding(req.headers.get("accept-encoding"), bytes);
    const validators = codedValidators(t.validators(date, count), coding);
    // A client whose copy is current gets its 304 before any body is made.
    const { headers, notModifiedHeaders } = jsonHeaders(coding, bytes, validators);
    if (evaluatePreconditions(req.headers, validators) === 304)
      return new Response(null, { status: 304, headers: notModifiedHeaders });
    if (coding !== "identity" || (bytes <= HELD_IDENTITY_BYTES && req.method !== "HEAD"))
      return send(await rendered(t, date, count, coding, validators), req);
    if (req.method === "HEAD") return new Response(null, { status: 200, headers });
    // Streamed, the answer still takes a place, held until the stream ends or is cut: otherwise identity requests for
    // many dates would each make their answer at once, beside the few the places allow.
    await slots.take();
    const stream = t.body(date, count);
    stream.once("close", () => slots.give());
    return new Response(Readable.toWeb(stream) as ReadableStream, { status: 200, headers });
  };
}

async function joined(body: AsyncIterable<Uint8Array>) {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return concatenated(chunks);
}

async function compress(body: Readable, coding: Exclude<Coding, "identity">) {
  const chunks: Buffer[] = [];
  await pipeline(body, compressor(coding), async (coded: AsyncIterable<Buffer>) => {
    for await (const chunk of coded) chunks.push(chunk);
  });
  return concatenated(chunks);
}

/** The chunks as one body. */
function concatenated(chunks: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const all = Buffer.concat(chunks);
  return new Uint8Array(all.buffer, all.byteOffset, all.length);
}

/** At most `size` holders at once and `waiting` more in line; `take` throws a 503 when the line is full. */
function createSlots(size: number, waiting: number) {
  let free = size;
  const line: Array<() => void> = [];
  return {
    take: (): Promise<void> => {
      if (free > 0) {
        free--;
        return Promise.resolve();
      }
      if (line.length >= waiting) {
        return Promise.reject(
          new ApiError(503, "unavailable", "Too many large answers are being prepared; try again in a moment.", {
            headers: { "retry-after": "1" },
          }),
        );
      }
      return new Promise<void>((resolve) => line.push(resolve));
    },
    give: (): void => {
      const next = line.shift();
      if (next) next();
      else free++;
    },
  };
}
