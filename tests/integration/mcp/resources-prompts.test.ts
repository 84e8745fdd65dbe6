// Resources (the datasets by URL, one review by URN), subscriptions, prompts and completions over real HTTP with the SDK's client.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { type Connected, connect, type McpSidecar, startMcpSidecar, TEST_SITE } from "./helpers.ts";

let sc: McpSidecar;
let conn: Connected;
let client: Client;
let business: { id: string; technicians: { id: string; name: string }[]; services: { id: string; name: string }[] };
let newest: { id: string };

before(async () => {
  sc = await startMcpSidecar();
  conn = await connect(sc.mcp);
  client = conn.client;
  const dataset = (await (await fetch(`${sc.url}/reviews.json`)).json()) as {
    business: typeof business;
    reviews: { id: string }[];
  };
  business = dataset.business;
  newest = dataset.reviews[0]!;
});
after(async () => {
  await conn?.close();
  await sc?.stop();
});

const rejectsWith = (p: Promise<unknown>, code: number, message: RegExp) =>
  assert.rejects(p, (err: { code?: number; message: string }) => {
    assert.equal(err.code, code);
    assert.match(err.message, message);
    return true;
  });

describe("resources", () => {
  it("lists the three datasets by their public URLs, with MIME types and sizes", async () => {
    const { resources } = await client.listResources();
    assert.deepEqual(
      resources.map((r) => r.uri),
      [`${TEST_SITE}/reviews.json`, `${TEST_SITE}/insights.json`, `${TEST_SITE}/api/feed.json`],
    );
    for (const r of resources) {
      assert.equal(r.mimeType, "application/json");
      assert.ok(r.name && r.title && r.description && r.size! > 0);
    }
  });

  it("reads each dataset as the very bytes the site serves", async () => {
    for (const path of ["/reviews.json", "/insights.json", "/api/feed.json"]) {
      const { contents } = await client.readResource({ uri: `${TEST_SITE}${path}` });
      assert.equal(contents.length, 1);
      assert.equal(contents[0]!.mimeType, "application/json");
      assert.equal((contents[0] as { text: string }).text, await (await fetch(`${sc.url}${path}`)).text());
    }
  });

  it("offers one review by URN through a template, the id the feeds use", async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    assert.deepEqual(
      resourceTemplates.map((t) => t.uriTemplate),
      [`urn:reviews:${business.id}:{id}`],
    );
    const uri = `urn:reviews:${business.id}:${newest.id}`;
    const { contents } = await client.readResource({ uri });
    assert.deepEqual(JSON.parse((contents[0] as { text: string }).text), newest);
    const feed = (await (await fetch(`${sc.url}/api/feed.json`)).json()) as { items: { id: string }[] };
    assert.equal(feed.items[0]!.id, uri);
  });

  it("an unknown resource is -32602 (the SDK answers every revision so, as 2026-07-28 requires)", async () => {
    for (const uri of [
      `${TEST_SITE}/secret.json`,
      `urn:reviews:${business.id}:r-999999`,
      "urn:reviews:other-business:r-000001",
      "file:///etc/passwd",
    ]) {
      await rejectsWith(client.readResource({ uri }), -32602, /Resource not found/);
    }
  });

  it("subscribes to datasets and reviews that exist, refuses others, and unsubscribes", async () => {
    assert.deepEqual(await client.subscribeResource({ uri: `${TEST_SITE}/reviews.json` }), {});
    assert.deepEqual(await client.subscribeResource({ uri: `urn:reviews:${business.id}:${newest.id}` }), {});
    await rejectsWith(client.subscribeResource({ uri: "test://watched-resource" }), -32602, /Resource not found/);
    assert.deepEqual(await client.unsubscribeResource({ uri: `${TEST_SITE}/reviews.json` }), {});
  });
});

describe("prompts", () => {
  it("lists prompts with described arguments", async () => {
    const { prompts } = await client.listPrompts();
    assert.deepEqual(
      prompts.map((p) => p.name),
      ["technician_feedback", "aspect_feedback", "service_feedback", "reply_to_review"],
    );
    for (const p of prompts) assert.ok(p.description && p.arguments?.every((a) => a.description));
  });

  it("fills each prompt with the reviews it is about", async () => {
    const tech = business.technicians[0]!;
    const byTech = await client.getPrompt({
      name: "technician_feedback",
      arguments: { technician: tech.name, since: "2024-01-01" },
    });
    const text = (byTech.messages[0]!.content as { text: string }).text;
    assert.equal(byTech.messages[0]!.role, "user");
    assert.match(text, new RegExp(`about ${tech.name}`));
    assert.match(text, /- r-\d+ · 20(2[4-9]|3\d)-\d\d-\d\d · [1-5]\/5 · /);
    const aspect = await client.getPrompt({ name: "aspect_feedback", arguments: { aspect: "Punctuality" } });
    assert.match((aspect.messages[0]!.content as { text: string }).text, /\((positive|neutral|negative)\)/);
    const service = await client.getPrompt({
      name: "service_feedback",
      arguments: { service: business.services[0]!.id },
    });
    assert.match((service.messages[0]!.content as { text: string }).text, /reviews/);
    const reply = await client.getPrompt({ name: "reply_to_review", arguments: { review_id: newest.id } });
    assert.match((reply.messages[0]!.content as { text: string }).text, new RegExp(`Review ${newest.id} by `));
  });

  it("refuses unknown prompts, missing or unknown arguments and unknown names with -32602", async () => {
    await rejectsWith(client.getPrompt({ name: "nope" }), -32602, /Unknown prompt: nope/);
    await rejectsWith(client.getPrompt({ name: "technician_feedback" }), -32602, /technician: required/);
    await rejectsWith(
      client.getPrompt({ name: "technician_feedback", arguments: { technician: "Nobody" } }),
      -32602,
      /technician: no technician/,
    );
    await rejectsWith(
      client.getPrompt({ name: "technician_feedback", arguments: { technician: "Rosa", since: "soon" } }),
      -32602,
      /since: expected a date/,
    );
    await rejectsWith(
      client.getPrompt({ name: "aspect_feedback", arguments: { aspect: "x", colour: "red" } }),
      -32602,
      /colour: unknown argument/,
    );
  });
});

describe("completions", () => {
  const complete = (name: string, argument: string, value: string) =>
    client.complete({ ref: { type: "ref/prompt", name }, argument: { name: argument, value } });

  it("completes technician, aspect, service and review arguments from the data", async () => {
    const tech = business.technicians[0]!;
    const t = await complete("technician_feedback", "technician", tech.name.slice(0, 3).toLowerCase());
    assert.ok(t.completion.values.includes(tech.name), JSON.stringify(t));
    assert.ok(t.completion.values.every((v) => v.toLowerCase().includes(tech.name.slice(0, 3).toLowerCase())));
    assert.deepEqual((await complete("aspect_feedback", "aspect", "punct")).completion.values, [
      "punctuality",
      "Punctuality",
    ]);
    const s = await complete("service_feedback", "service", "");
    assert.equal(s.completion.total, business.services.length * 2);
    const r = await complete("reply_to_review", "review_id", newest.id.slice(0, -1));
    assert.equal(r.completion.values[0], newest.id);
    assert.ok(r.completion.values.length <= 100);
  });

  it("completes the review template's id, and refuses unknown references with -32602", async () => {
    const r = await client.complete({
      ref: { type: "ref/resource", uri: `urn:reviews:${business.id}:{id}` },
      argument: { name: "id", value: newest.id },
    });
    assert.deepEqual(r.completion.values, [newest.id]);
    await rejectsWith(complete("test_prompt_with_arguments", "arg1", "x"), -32602, /Unknown prompt/);
    await rejectsWith(complete("technician_feedback", "colour", "x"), -32602, /has no argument colour/);
    await rejectsWith(
      client.complete({
        ref: { type: "ref/resource", uri: "test://template/{id}" },
        argument: { name: "id", value: "" },
      }),
      -32602,
      /No resource template/,
    );
  });
});
