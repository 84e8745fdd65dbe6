// Large buffers read at load (a release's /reviews.json, its search index file) are given back to the system as soon as
// they are decoded. Dropped, their memory would wait for V8's next full collection, which a sidecar answering searches
// from an old generation that stays the same size may not run for hours: 922 MB resident at 300k reviews against 502.

/**
 * Frees a buffer's memory now by detaching the ArrayBuffer it owns (every view of it then reads as empty). A buffer that
 * shares its ArrayBuffer with others (a slice, a pooled small buffer) is left to the collector.
 */
export function giveBack(bytes: Uint8Array): void {
  const { buffer } = bytes;
  if (
    buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === buffer.byteLength &&
    !buffer.detached
  )
    buffer.transfer(0);
}
