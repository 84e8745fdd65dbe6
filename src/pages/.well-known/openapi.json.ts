// GET /.well-known/openapi.json: the OpenAPI 3.1.0 description of every endpoint, generated from the same zod schemas.
import type { APIRoute } from "astro";
import { buildContext } from "../../build/current-context.ts";
import { jsonResponse } from "../../build/json-response.ts";
import { openApiDocument } from "../../lib/openapi/document.ts";

export const GET: APIRoute = async () => {
  const { origin, dataset } = await buildContext().site();
  return jsonResponse(openApiDocument({ siteUrl: origin, business: dataset.business }));
};
