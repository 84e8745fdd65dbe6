// GET /api/reviews/since/{date} from the release's since table. An answer up to HELD_BYTES before coding is made off the
// event loop once per release, coding and date, and kept; identical requests in flight share it. A larger one is
// streamed, compressed on the way when the client asks for it, and never held whole: what it holds is a slice of
// reviews and the compressor's window, whatever its size. Large answers take one of LARGE_AT_ONCE places while they are
// made or streamed, LARGE_WAITING more wait (beyond that 503 with Retry-After).
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { pipeline as pipe } from "node:stream";
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
 * Answers up to this size (before coding) are made whole and kept: a recent since page (the last month at 100k reviews,
 * about 2 MB) is then sent from memory instead of made again on every request. Larger ones, the whole history at
 * 100k is 100 MB, are streamed: made whole, each one in the making held its full coded size, and kept, a few of them
 * filled the cache.
 */
const HELD_BYTES = 4 * 1024 * 1024;
const LARGE_AT_ONCE = 2;
/** Large answers waiting for a place; beyond them a request is answered 503. */
const LARGE_WAITING = 32;
/** The answers kept, in bytes: at least four of the largest kept (HELD_BYTES as is), many more compressed. */
const KEPT_BYTES = 16 * 2 ** 20;
/** Brotli's window for a streamed answer, 256 KiB: brotli takes in a window of input before it gives out any, and a
 * streamed answer would hold that much for a client that stops reading. */
const STREAM_BROTLI_WINDOW_BITS = 18;

export type SinceAnswers = (req: Request, release: IndexedRelease, date: string) => Promise<Response>;

export function sinceAnswers(): SinceAnswers {
  const responses = new LRUCache<string, Rendered>({ maxSize: KEPT_BYTES, maxEntrySize: HELD_BYTES + 512 });
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
    if (coding === "identity" && req.method === "HEAD") return new Response(null, { status: 200, headers });
    if (bytes <= HELD_BYTES) return send(await rendered(t, date, count, coding, validators), req);
    // A streamed compressed answer's length is known only once it is sent: it goes chunked, without Content-Length,
    // and HEAD says the same.
    const streamedHeaders = coding === "identity" ? headers : withoutLength(headers);
    if (req.method === "HEAD") return new Response(null, { status: 200, headers: streamedHeaders });
    // The place is held until the stream ends or is cut: otherwise requests for many dates would each stream their
    // answer at once, beside the few the places allow.
    await slots.take();
    const source = t.body(date, count);
    const body = coding === "identity" ? source : pipe(source, compressor(coding, STREAM_BROTLI_WINDOW_BITS), () => {});
    body.once("close", () => slots.give());
    // One chunk waits between the stream and the socket: left to itself, the web stream would count chunks of bytes
    // against the byte stream's high-water mark (16,384 chunks) and read the answer far ahead of a slow client.
    const web = Readable.toWeb(body, { strategy: { highWaterMark: 1 } }) as ReadableStream;
    return new Response(web, { status: 200, headers: streamedHeaders });
  };
}

function withoutLength(headers: Readonly<Record<string, string>>): Record<string, string> {
  const { "content-length": _, ...rest } = headers;
  return rest;
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
