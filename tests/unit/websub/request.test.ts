// Hub request validation: each refusal names its field; topics and callbacks are normalised the way WebSub 5.1.1 says.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createAddressPolicy } from "../../../sidecar/websub/net/policy.ts";
import { readForm } from "../../../sidecar/websub/request/body.ts";
import { parseHubRequest, type ParseOptions } from "../../../sidecar/websub/request/parse.ts";
import { decodeUnreserved } from "../../../sidecar/websub/request/urls.ts";

const SITE = "https://reviews.example.test";
const options: ParseOptions = {
  topics: new Set([`${SITE}/feed.xml`, `${SITE}/api/feed.json`, `${SITE}/reviews.json`]),
  lease: { default: 864000, min: 3600, max: 2592000 },
  policy: createAddressPolicy([]),
};
const base = {
  "hub.mode": "subscribe",
  "hub.topic": `${SITE}/reviews.json`,
  "hub.callback": "https://subscriber.example/cb",
};
const parse = (fields: Record<string, string>) => parseHubRequest(new URLSearchParams(fields), options);
const refusal = (fields: Record<string, string>) => {
  const r = parse(fields);
  assert.equal(r.ok, false, JSON.stringify(fields));
  return r as { field: string; message: string };
};

describe("parseHubRequest", () => {
  it("reads a subscribe request, ignoring unknown parameters", () => {
    const r = parse({
      ...base,
      "hub.secret": "s3cret",
      "hub.lease_seconds": "7200",
      "hub.extra": "ignored",
      utm_source: "x",
    });
    assert.ok(r.ok);
    assert.deepEqual(
      { ...r.request, callback: (r.request as { callback: URL }).callback.href },
      {
        mode: "subscribe",
        topic: `${SITE}/reviews.json`,
        callback: "https://subscriber.example/cb",
        secret: "s3cret",
        leaseSeconds: 7200,
      },
    );
  });

  it("names the field of every refusal", () => {
    const cases: Array<[Record<string, string>, string, RegExp]> = [
      [{ ...base, "hub.mode": "" }, "hub.mode", /missing/],
      [{ "hub.topic": base["hub.topic"] }, "hub.mode", /missing/],
      [{ ...base, "hub.mode": "denied" }, "hub.mode", /expected subscribe, unsubscribe or publish/],
      [{ ...base, "hub.topic": "" }, "hub.topic", /missing/],
      [{ ...base, "hub.topic": `${SITE}/insights.json` }, "hub.topic", /not a topic/],
      [{ ...base, "hub.topic": `${SITE}/reviews.json?x=1` }, "hub.topic", /not a topic/],
      [{ ...base, "hub.topic": `http://reviews.example.test/reviews.json` }, "hub.topic", /not a topic/],
      [{ ...base, "hub.topic": `${SITE}/api%2Ffeed.json` }, "hub.topic", /not a topic/],
      [{ ...base, "hub.callback": "" }, "hub.callback", /missing/],
      [{ ...base, "hub.callback": "/relative" }, "hub.callback", /not an absolute URL/],
      [{ ...base, "hub.callback": "http://subscriber.example/cb" }, "hub.callback", /https:/],
      [{ ...base, "hub.callback": "https://user:pw@subscriber.example/cb" }, "hub.callback", /credentials/],
      [{ ...base, "hub.callback": "https://subscriber.example/cb#frag" }, "hub.callback", /fragment/],
      [{ ...base, "hub.callback": `https://subscriber.example/${"a".repeat(2030)}` }, "hub.callback", /2048 bytes/],
      [{ ...base, "hub.callback": "https://0x0a000001/cb" }, "hub.callback", /private address/],
      [{ ...base, "hub.secret": "" }, "hub.secret", /empty/],
      [{ ...base, "hub.secret": "é".repeat(100) }, "hub.secret", /less than 200 bytes, got 200/],
      [{ ...base, "hub.lease_seconds": "-5" }, "hub.lease_seconds", /decimal digits/],
      [{ ...base, "hub.lease_seconds": "1e5" }, "hub.lease_seconds", /decimal digits/],
      [{ ...base, "hub.lease_seconds": "" }, "hub.lease_seconds", /decimal digits/],
    ];
    for (const [fields, field, message] of cases) {
      const r = refusal(fields);
      assert.equal(r.field, field, JSON.stringify(fields));
      assert.match(r.message, message, JSON.stringify(fields));
    }
  });

  it("refuses a known parameter given twice", () => {
    const r = parseHubRequest(new URLSearchParams("hub.mode=subscribe&hub.mode=unsubscribe"), options);
    assert.deepEqual(r, { ok: false, field: "hub.mode", message: "given more than once" });
  });

  it("accepts a secret of 199 bytes and clamps leases into [min, max] (0 and absurd values included)", () => {
    assert.ok(parse({ ...base, "hub.secret": "x".repeat(199) }).ok);
    const lease = (v?: string) => {
      const r = parse(v === undefined ? base : { ...base, "hub.lease_seconds": v });
      assert.ok(r.ok && r.request.mode === "subscribe");
      return r.request.leaseSeconds;
    };
    assert.equal(lease(), 864000);
    assert.equal(lease("0"), 3600);
    assert.equal(lease("60"), 3600);
    assert.equal(lease("99999999999999999999999"), 2592000);
    assert.equal(lease("0007200"), 7200);
  });

  it("ignores the lease (even a malformed one) and the secret on unsubscribe", () => {
    const r = parse({ ...base, "hub.mode": "unsubscribe", "hub.lease_seconds": "soon", "hub.secret": "" });
    assert.ok(r.ok);
    assert.equal(r.request.mode, "unsubscribe");
  });

  it("decodes percent-encoded unreserved characters in topic and callback before comparing", () => {
    assert.equal(decodeUnreserved("https://x/%7euser/%41%2f%2F?q=%20"), "https://x/~user/A%2F%2F?q=%20");
    const r = parse({
      ...base,
      "hub.topic": "https://REVIEWS.example.test:443/%72eviews%2Ejson",
      "hub.callback": "https://Subscriber.Example/%63b",
    });
    assert.ok(r.ok && r.request.mode === "subscribe");
    assert.equal(r.request.topic, `${SITE}/reviews.json`);
    assert.equal(r.request.callback.href, "https://subscriber.example/cb");
  });

  it("reads a publisher's ping from hub.url or hub.topic", () => {
    assert.deepEqual(
      parseHubRequest(
        new URLSearchParams(`hub.mode=publish&hub.url=${SITE}/feed.xml&hub.url=${SITE}/feed.xml`),
        options,
      ),
      {
        ok: true,
        request: { mode: "publish", topics: [`${SITE}/feed.xml`] },
      },
    );
    assert.ok(parse({ "hub.mode": "publish", "hub.topic": `${SITE}/api/feed.json` }).ok);
    assert.equal(refusal({ "hub.mode": "publish" }).field, "hub.url");
    assert.equal(refusal({ "hub.mode": "publish", "hub.url": "https://elsewhere.example/feed" }).field, "hub.url");
  });
});

describe("readForm", () => {
  const req = (body: BodyInit | null, headers: Record<string, string>) =>
    new Request("http://hub.test/api/websub/hub", {
      method: "POST",
      body,
      headers,
      ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
    });

  it("reads a UTF-8 form", async () => {
    const r = await readForm(
      req("hub.mode=subscribe&hub.secret=%C3%A9t%C3%A9", {
        "content-type": "application/x-www-form-urlencoded; charset=UTF-8",
      }),
    );
    assert.ok(r.ok);
    assert.equal(r.params.get("hub.secret"), "été");
  });

  it("answers 415 to anything but form-encoded UTF-8", async () => {
    for (const type of [
      undefined,
      "application/json",
      "multipart/form-data; boundary=x",
      "application/x-www-form-urlencoded; charset=iso-8859-1",
    ]) {
      const r = await readForm(req("hub.mode=publish", type ? { "content-type": type } : {}));
      assert.equal(r.ok ? 200 : r.status, 415, String(type));
    }
  });

  it("answers 413 past 8 KB, by Content-Length or while reading a chunked body", async () => {
    const big = `hub.mode=publish&pad=${"a".repeat(8200)}`;
    const declared = await readForm(req(big, { "content-type": "application/x-www-form-urlencoded" }));
    assert.equal(declared.ok ? 200 : declared.status, 413);
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024).fill(0x61));
      },
    });
    const streamed = await readForm(req(endless, { "content-type": "application/x-www-form-urlencoded" }));
    assert.equal(streamed.ok ? 200 : streamed.status, 413);
    assert.ok(pulled < 12, `read ${pulled} KB of an endless body`);
  });

  it("answers 400 to a body that is not UTF-8", async () => {
    const r = await readForm(
      req(new Uint8Array([0x68, 0x75, 0x62, 0xff]), { "content-type": "application/x-www-form-urlencoded" }),
    );
    assert.deepEqual(r, { ok: false, status: 400, message: "body: not valid UTF-8" });
  });
});
