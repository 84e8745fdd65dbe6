// Serialises a published document for a static endpoint (compact JSON: these files are for machines).
export function jsonResponse(value: unknown): Response {
  return new Response(JSON.stringify(value), { headers: { "Content-Type": "application/json; charset=utf-8" } });
}
