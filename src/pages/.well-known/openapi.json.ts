// GET /.well-known/openapi.json: the OpenAPI 3.1.0 description of every endpoint, generated from the same zod schemas.
import type { APIRoute } from "astro";
import { site as built } from "virtual:reviews-service/site";
import { jsonResponse } from "../../build/json-response.ts";
import { openApiDocument } from "../../lib/openapi/document.ts";

export const GET: APIRoute = () => {
  const { origin, dataset } = built;
  return jsonResponse(openApiDocument({ siteUrl: origin, business: dataset.business }));
};
