// Every example the OpenAPI document gives (media types, parameters, headers, schemas) validates against the schema it
// illustrates: a client copying an example must get something the service would send or accept.
import assert from "node:assert/strict";
import { it } from "node:test";
import { type Doc, documentFor, errorsOf, schemaValidator } from "./helpers.ts";

type Example = { where: string; schema: Doc; value: unknown };

/** The examples under `node`: `example` and `examples` beside a `schema`, and a schema's own `examples` array. */
function examplesIn(node: unknown, where: string, out: Example[]): Example[] {
  if (Array.isArray(node)) {
    node.forEach((item, i) => examplesIn(item, `${where}[${i}]`, out));
    return out;
  }
  if (node === null || typeof node !== "object") return out;
  const o = node as Doc;
  if (o.schema && typeof o.schema === "object") {
    if ("example" in o) out.push({ where: `${where}.example`, schema: o.schema, value: o.example });
    if (o.examples && typeof o.examples === "object" && !Array.isArray(o.examples))
      for (const [name, ex] of Object.entries(o.examples as Record<string, Doc>))
        if ("value" in ex) out.push({ where: `${where}.examples.${name}`, schema: o.schema, value: ex.value });
  }
  if (Array.isArray(o.examples) && ("type" in o || "$ref" in o || "anyOf" in o || "oneOf" in o || "properties" in o))
    o.examples.forEach((value: unknown, i: number) =>
      out.push({ where: `${where}.examples[${i}]`, schema: withoutExamples(o), value }),
    );
  for (const [key, value] of Object.entries(o)) if (key !== "examples") examplesIn(value, `${where}.${key}`, out);
  return out;
}

const withoutExamples = ({ examples: _examples, ...schema }: Doc): Doc => schema;

it("every example of the document validates against its schema", () => {
  const doc = documentFor();
  const examples = examplesIn(doc, "$", []);
  assert.ok(examples.length >= 10, `expected the document's examples, found ${examples.length}`);
  assert.ok(examples.some((e) => e.where.includes("/api/reviews/changes")));
  const failures = examples.flatMap(({ where, schema, value }) => {
    const validate = schemaValidator(doc, schema);
    return validate(value) ? [] : [`${where}: ${errorsOf(validate)}`];
  });
  assert.deepEqual(failures, []);
});
