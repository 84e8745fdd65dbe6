// Reads a request body up to a size cap, never more than the cap into memory: for the MCP endpoint and the hub alike.

/** The body's bytes, or null when it is larger than `maxBytes` (then it is not read further). */
export async function readCappedBody(req: Request, maxBytes: number): Promise<Uint8Array | null> {
  // A declared length over the cap is refused unread; Node's parser holds the body to the length declared.
  if (Number(req.headers.get("content-length")) > maxBytes) return null;
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return null;
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  return Buffer.concat(chunks, size);
}
