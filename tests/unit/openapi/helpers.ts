// Test helpers for the OpenAPI document: a document built from fixed inputs, and JSON Schema validators for what it declares.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { openApiDocument, type OpenApiOptions } from "../../../src/lib/openapi/document.ts";

export type Doc = Record<string, any>;

export const OPTIONS: OpenApiOptions = {
  siteUrl: "https://reviews.example.test",
  business: { name: "Acme Plumbing", url: "https://acme.example.com/", email: "hello@acme.example.com" },
  license: { name: "MIT", identifier: "MIT" },
};

export function documentFor(options: OpenApiOptions = OPTIONS): Doc {
  return openApiDocument(options);
}

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

/** Every operation of the document (paths and webhooks), with where it is. */
export function operations(doc: Doc): { where: string; method: string; op: Doc }[] {
  const out: { where: string; method: string; op: Doc }[] = [];
  for (const [group, items] of [
    ["paths", doc.paths],
    ["webhooks", doc.webhooks ?? {}],
  ] as const) {
    for (const [name, item] of Object.entries(items as Doc)) {
      for (const method of HTTP_METHODS)
        if (item[method]) out.push({ where: `${group} ${name}`, method, op: item[method] });
    }
  }
  return out;
}

/** Follows a local `$ref` (`#/components/...`) to what it points at. */
export function deref(doc: Doc, value: Doc): Doc {
  let v = value;
  for (let hops = 0; typeof v.$ref === "string"; hops++) {
    if (hops > 10 || !v.$ref.startsWith("#/")) throw new Error(`cannot follow ${v.$ref}`);
    const target: Doc | undefined = v.$ref
      .slice(2)
      .split("/")
      .map((s: string) => s.replaceAll("~1", "/").replaceAll("~0", "~"))
      .reduce((node: Doc | undefined, key: string) => node?.[key], doc);
    if (target === undefined) throw new Error(`unresolved ${value.$ref}`);
    v = target;
  }
  return v;
}

/** The schema the document declares for a response, as a standalone JSON Schema 2020-12 validator. */
export function responseValidator(
  doc: Doc,
  path: string,
  method: string,
  status: string,
  mediaType = "application/json",
): ValidateFunction {
  const response = deref(doc, doc.paths[path][method].responses[status]);
  const schema = response.content?.[mediaType]?.schema;
  if (!schema) throw new Error(`no ${mediaType} schema for ${method.toUpperCase()} ${path} ${status}`);
  return schemaValidator(doc, schema);
}

/** Compiles a Schema Object of the document, with components.schemas moved to $defs so any 2020-12 validator resolves them. */
export function schemaValidator(doc: Doc, schema: Doc): ValidateFunction {
  const standalone = JSON.parse(
    JSON.stringify({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      ...schema,
      $defs: doc.components.schemas,
    }).replaceAll('"#/components/schemas/', '"#/$defs/'),
  );
  return newAjv().compile(standalone);
}

export function newAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false });
  addFormats.default(ajv);
  return ajv;
}

/** Readable validation errors for assertion messages. */
export function errorsOf(validate: ValidateFunction): string {
  return JSON.stringify((validate.errors ?? []).slice(0, 10), null, 1);
}
