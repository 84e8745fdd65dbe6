// GET /insights.json: aspects, entities, topics, temporal trend, FAQ and summary computed from the reviews.
import type { APIRoute } from "astro";
import { jsonResponse } from "../build/json-response.ts";
import { buildContext } from "../build/current-context.ts";

export const GET: APIRoute = async () => jsonResponse((await buildContext().site()).insights);
