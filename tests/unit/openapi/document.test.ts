// The OpenAPI document: valid OpenAPI 3.1, complete against the contract, generated from the zod schemas, deterministic.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import { openApiDocument } from "../../../src/lib/openapi/document.ts";
import { SearchQueryParams } from "../../../src/lib/schema/search.ts";
import { deref, documentFor, type Doc, OPTIONS, operations } from "./helpers.ts";

const doc = documentFor();

/** Every value in the document, with its JSON path. */
function* walk(value: unknown, path = "#"): Generator<[string, unknown]> {
  yield [path, value];
  if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) yield* walk(v, `${path}/${k}`);
}

const op = (path: string, method: string): Doc => doc.paths[path][method];

describe("openApiDocument", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    assert.equal(validator.version, "3.1");
    assert.deepEqual(result, { valid: true });
  });

  it("says OpenAPI 3.1.0, API version 1.0.0, no security, and the site as the server", () => {
    assert.equal(doc.openapi, "3.1.0");
    assert.equal(doc.info.version, "1.0.0");
    assert.deepEqual(doc.security, []);
    assert.deepEqual(doc.servers, [{ url: "https://reviews.example.test", description: "This deployment" }]);
    assert.deepEqual(doc.info.contact, {
      name: "Acme Plumbing",
      url: "https://acme.example.com/",
      email: "hello@acme.example.com",
    });
    assert.deepEqual(doc.info.license, { name: "MIT", identifier: "MIT" });
  });

  it("takes the server from siteUrl without a trailing slash, and refuses what is not an http(s) URL", () => {
    const other = openApiDocument({ ...OPTIONS, siteUrl: "http://localhost:4321/" });
    assert.deepEqual(other.servers, [{ url: "http://localhost:4321", description: "This deployment" }]);
    assert.throws(() => openApiDocument({ ...OPTIONS, siteUrl: "reviews.example.test" }), /siteUrl/);
    assert.throws(() => openApiDocument({ ...OPTIONS, siteUrl: "ftp://reviews.example.test" }), /siteUrl/);
  });

  it("describes every endpoint of the contract, with its method", () => {
    const expected: Record<string, string[]> = {
      "/reviews.json": ["get"],
      "/insights.json": ["get"],
      "/api/feed.json": ["get"],
      "/feed.xml": ["get"],
      "/api/reviews/search": ["get"],
      "/api/reviews/since/{date}": ["get"],
      "/api/reviews/changes": ["get"],
      "/mcp": ["post"],
      "/api/websub/hub": ["post"],
      "/.well-known/openapi.json": ["get"],
    };
    assert.deepEqual(Object.keys(doc.paths), Object.keys(expected));
    for (const [path, methods] of Object.entries(expected)) {
      assert.deepEqual(Object.keys(doc.paths[path]), methods, path);
    }
  });

  it("gives every operation a summary, a unique operationId and a declared tag", () => {
    const ids = new Set<string>();
    const tags = new Set(doc.tags.map((t: Doc) => t.name));
    for (const { where, method, op } of operations(doc)) {
      assert.ok(typeof op.summary === "string" && op.summary.length > 0, `${method} ${where}: summary`);
      assert.match(op.operationId, /^[A-Za-z][A-Za-z0-9]*$/, `${method} ${where}: operationId`);
      assert.ok(!ids.has(op.operationId), `duplicate operationId ${op.operationId}`);
      ids.add(op.operationId);
      for (const tag of op.tags) assert.ok(tags.has(tag), `${method} ${where}: tag ${tag}`);
    }
    assert.ok(ids.size >= 10 + 2, "ten endpoints and two webhooks");
  });

  it("supports conditional GET on the datasets, feeds, this document, since and changes", () => {
    for (const path of [
      "/reviews.json",
      "/insights.json",
      "/api/feed.json",
      "/feed.xml",
      "/.well-known/openapi.json",
      "/api/reviews/since/{date}",
      "/api/reviews/changes",
    ]) {
      const get = op(path, "get");
      const params = get.parameters.map((p: Doc) => deref(doc, p));
      assert.ok(
        params.some((p: Doc) => p.in === "header" && p.name === "If-None-Match"),
        `${path}: If-None-Match`,
      );
      assert.ok(
        params.some((p: Doc) => p.in === "header" && p.name === "If-Modified-Since"),
        `${path}: If-Modified-Since`,
      );
      assert.deepEqual(Object.keys(get.responses["200"].headers).slice(0, 2), ["ETag", "Last-Modified"], path);
      const notModified = deref(doc, get.responses["304"]);
      assert.equal(notModified.content, undefined, `${path}: 304 has an empty body`);
    }
  });

  it("puts the WebSub Link header on the three topics only", () => {
    for (const path of ["/reviews.json", "/api/feed.json", "/feed.xml"])
      assert.ok(op(path, "get").responses["200"].headers.Link, path);
    for (const path of ["/insights.json", "/.well-known/openapi.json"])
      assert.equal(op(path, "get").responses["200"].headers.Link, undefined, path);
  });

  it("serves the Atom feed as application/atom+xml and the rest of the read API as application/json", () => {
    assert.deepEqual(Object.keys(op("/feed.xml", "get").responses["200"].content), ["application/atom+xml"]);
    for (const path of [
      "/reviews.json",
      "/insights.json",
      "/api/feed.json",
      "/api/reviews/search",
      "/api/reviews/since/{date}",
      "/api/reviews/changes",
    ]) {
      assert.deepEqual(Object.keys(op(path, "get").responses["200"].content), ["application/json"], path);
    }
  });

  it("describes every search parameter from the zod schema, all optional, limit defaulting to 20", () => {
    const params = op("/api/reviews/search", "get").parameters;
    assert.deepEqual(
      params.map((p: Doc) => p.name),
      Object.keys(SearchQueryParams.shape),
    );
    const byName = Object.fromEntries(params.map((p: Doc) => [p.name, p]));
    for (const p of params) assert.ok(p.in === "query" && p.required === false && p.description, p.name);
    assert.deepEqual(byName.rating.schema, { type: "integer", minimum: 1, maximum: 5 });
    assert.deepEqual(byName.min_rating.schema, { type: "number", minimum: 1, maximum: 5 });
    assert.deepEqual(byName.limit.schema, { default: 20, type: "integer", minimum: 1, maximum: 100 });
    assert.equal(byName.since.schema.format, "date");
    assert.equal(byName.until.schema.format, "date");
    assert.equal(byName.query.schema.maxLength, 200);
  });

  it("answers 400 with the issues body on search and since, and 405 as JSON with Allow", () => {
    for (const path of ["/api/reviews/search", "/api/reviews/since/{date}"]) {
      const bad = deref(doc, op(path, "get").responses["400"]);
      assert.deepEqual(bad.content["application/json"].schema, { $ref: "#/components/schemas/ValidationError" }, path);
    }
    const since = op("/api/reviews/since/{date}", "get")
      .parameters.map((p: Doc) => deref(doc, p))
      .find((p: Doc) => p.in === "path");
    assert.deepEqual([since.name, since.required, since.schema.format], ["date", true, "date"]);
    const notAllowed = deref(doc, op("/reviews.json", "get").responses["405"]);
    assert.deepEqual(notAllowed.content["application/json"].schema, { $ref: "#/components/schemas/ApiError" });
    assert.ok(notAllowed.headers.Allow);
  });

  it("describes the MCP endpoint's JSON-RPC messages and the session header", () => {
    const mcp = op("/mcp", "post");
    assert.ok(mcp.parameters.some((p: Doc) => p.name === "Mcp-Session-Id" && p.in === "header"));
    assert.ok(mcp.responses["200"].headers["Mcp-Session-Id"]);
    const examples = mcp.requestBody.content["application/json"].examples;
    assert.equal(examples.initialize.value.params.protocolVersion, "2025-06-18");
    assert.deepEqual(
      Object.values(examples).map((e: any) => e.value.method),
      ["initialize", "notifications/initialized", "tools/list", "tools/call", "tools/call"],
    );
  });

  it("describes the hub: form-encoded modes, 202, plain-text 4xx, and the requests it sends to subscribers", () => {
    const hub = op("/api/websub/hub", "post");
    assert.deepEqual(Object.keys(hub.requestBody.content), ["application/x-www-form-urlencoded"]);
    assert.deepEqual(Object.keys(hub.responses), ["202", "400", "413", "415", "429"]);
    for (const status of ["400", "413", "415", "429"]) assert.ok(hub.responses[status].content["text/plain"], status);
    const modes = ["WebSubSubscriptionRequest", "WebSubPublishRequest"].flatMap((id) => {
      const mode = doc.components.schemas[id].properties["hub.mode"];
      return mode.enum ?? [mode.const];
    });
    assert.deepEqual(modes, ["subscribe", "unsubscribe", "publish"]);
    assert.deepEqual(Object.keys(doc.webhooks), ["websubVerification", "websubDelivery"]);
  });

  it("takes response schemas from components, never inline copies, and leaks no $schema or zod id", () => {
    const schemas = doc.components.schemas;
    for (const id of [
      "ReviewsDataset",
      "Business",
      "AggregateRating",
      "Review",
      "Insights",
      "JsonFeed",
      "SearchResult",
      "SinceResult",
      "ValidationError",
      "ApiError",
    ]) {
      assert.ok(schemas[id], id);
    }
    for (const [path, value] of walk(doc)) {
      const key = path.slice(path.lastIndexOf("/") + 1);
      assert.notEqual(key, "$schema", path);
      if (key === "$ref") assert.doesNotThrow(() => deref(doc, { $ref: value }), path);
    }
    for (const { where, method, op } of operations(doc)) {
      for (const [status, response] of Object.entries(op.responses as Doc)) {
        const schema = deref(doc, response).content?.["application/json"]?.schema;
        if (!schema || where === "paths /.well-known/openapi.json") continue;
        const refs = schema.$ref ? [schema.$ref] : (schema.oneOf ?? []).map((s: Doc) => s.$ref);
        assert.ok(
          refs.length > 0 && refs.every((r: unknown) => typeof r === "string"),
          `${method} ${where} ${status}: a $ref`,
        );
      }
    }
    const text = JSON.stringify(doc);
    assert.ok(
      !text.includes('"id":"Review"') && !text.includes("#/$defs/"),
      "zod ids and $defs refs are resolved into components",
    );
  });

  it("is deterministic: same inputs, same bytes", () => {
    const again = JSON.stringify(documentFor());
    assert.equal(again, JSON.stringify(doc));
    assert.deepEqual(Object.keys(doc.components.schemas), Object.keys(doc.components.schemas).sort());
  });
});
