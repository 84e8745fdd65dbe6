// Bodies of the static endpoints. JSON is compact (these files are for machines); large bodies are streamed to Astro,
// because a Response made over one buffer copies it before Astro copies it again.
export function jsonResponse(value: unknown): Response {
  return new Response(JSON.stringify(value), { headers: { "Content-Type": "application/json; charset=utf-8" } });
}

export function streamedResponse(chunks: Iterable<Uint8Array>, contentType: string): Response {
  const next = chunks[Symbol.iterator]();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = next.next();
      if (chunk.done) controller.close();
      else controller.enqueue(chunk.value);
    },
  });
  return new Response(body, { headers: { "Content-Type": contentType } });
}
