// A release file's bytes, or a range of them, as a response body read on demand.
import { open } from "node:fs/promises";

/** At most one chunk of a file in memory per download: a few thousand stalled downloads stay within tens of MB. */
export const CHUNK_BYTES = 64 * 1024;

/**
 * Bytes `start` to `end` (inclusive) of `file`. A chunk is read only once the response has taken the previous one:
 * nothing is read ahead. The file is opened before the stream is returned (an error then is the caller's), and closed
 * once its last byte is read, on a failed read, or when the response cancels the stream.
 */
export async function fileBody(file: string, start: number, end: number): Promise<ReadableStream<Uint8Array>> {
  const handle = await open(file);
  let position = start;
  const close = () => handle.close().catch(() => {});
  const finish = async (controller: ReadableStreamDefaultController<Uint8Array>) => {
    await close();
    controller.close();
  };
  return new ReadableStream<Uint8Array>(
    {
      async start(controller) {
        if (end < start) await finish(controller);
      },
      async pull(controller) {
        const length = Math.min(CHUNK_BYTES, end + 1 - position);
        try {
          const { bytesRead, buffer } = await handle.read(Buffer.allocUnsafe(length), 0, length, position);
          if (bytesRead === 0) throw new Error(`${file} ended at byte ${position}, before byte ${end}`);
          position += bytesRead;
          controller.enqueue(bytesRead === length ? buffer : buffer.subarray(0, bytesRead));
        } catch (err) {
          await close();
          throw err;
        }
        if (position > end) await finish(controller);
      },
      cancel: close,
    },
    { highWaterMark: 0 },
  );
}
