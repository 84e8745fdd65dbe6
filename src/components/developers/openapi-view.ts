// Flattens the OpenAPI document into what the developer page renders: operations with parameters, bodies, responses and examples.

type Json = Record<string, unknown>;
export type OpenApi = Json & {
  paths: Record<string, Json>;
  components?: Json;
  tags?: { name: string; description?: string }[];
  webhooks?: Record<string, Json>;
};

/** A type written out, with component schemas as links. */
export type TypePart = Readonly<{ text: string; ref?: string }>;

/** `code` is pretty-printed JSON, or one `name=value` line per field for form bodies. */
export type ExampleView = Readonly<{ title: string; code: string }>;
export type OperationView = ReturnType<typeof operation>;

const METHODS = ["get", "post", "put", "patch", "delete", "head"];

/** Resolves a local `$ref` (`#/components/...`); other values come back as they are. */
function deref(doc: OpenApi, value: unknown): Json {
  let v = value as Json;
  for (let hops = 0; v && typeof v["$ref"] === "string" && hops < 10; hops++) {
    const path = v["$ref"].replace(/^#\//, "").split("/");
    v = path.reduce<unknown>((node, key) => (node as Json | undefined)?.[key], doc) as Json;
  }
  return v ?? {};
}

const refName = (schema: Json): string | null =>
  typeof schema["$ref"] === "string" && schema["$ref"].startsWith("#/components/schemas/")
    ? schema["$ref"].slice("#/components/schemas/".length)
    : null;

export function typeOf(schema: Json | undefined): TypePart[] {
  if (!schema) return [{ text: "any" }];
  const name = refName(schema);
  if (name) return [{ text: name, ref: name }];
  for (const key of ["oneOf", "anyOf"]) {
    const options = schema[key];
    if (Array.isArray(options))
      return options.flatMap((o, i) => [...(i ? [{ text: " or " }] : []), ...typeOf(o as Json)]);
  }
  if ("const" in schema) return [{ text: JSON.stringify(schema["const"]) }];
  if (Array.isArray(schema["enum"]))
    return [{ text: `one of ${schema["enum"].map((v) => JSON.stringify(v)).join(", ")}` }];
  const types = Array.isArray(schema["type"])
    ? (schema["type"] as string[])
    : typeof schema["type"] === "string"
      ? [schema["type"]]
      : [];
  const nullable = types.includes("null");
  const main = types.filter((t) => t !== "null");
  let parts: TypePart[];
  if (main[0] === "array") parts = [{ text: "array of " }, ...typeOf(schema["items"] as Json | undefined)];
  else if (main.length === 0) parts = [{ text: "any" }];
  else parts = [{ text: main.map((t) => formatName(t, schema["format"])).join(" or ") + constraints(schema) }];
  return nullable ? [...parts, { text: " or null" }] : parts;
}

function formatName(type: string, format: unknown): string {
  if (type === "string" && format === "date") return "date (YYYY-MM-DD)";
  if (type === "string" && format === "date-time") return "timestamp (RFC 3339)";
  if (type === "string" && (format === "uri" || format === "url")) return "URL";
  return type;
}

function constraints(s: Json): string {
  const out: string[] = [];
  if (typeof s["minimum"] === "number" && typeof s["maximum"] === "number")
    out.push(`${s["minimum"]} to ${s["maximum"]}`);
  else if (typeof s["minimum"] === "number") out.push(`at least ${s["minimum"]}`);
  else if (typeof s["maximum"] === "number") out.push(`at most ${s["maximum"]}`);
  if (typeof s["maxLength"] === "number") out.push(`up to ${s["maxLength"]} characters`);
  if (s["default"] !== undefined) out.push(`default ${JSON.stringify(s["default"])}`);
  return out.length ? `, ${out.join(", ")}` : "";
}

function param(doc: OpenApi, raw: unknown) {
  const p = deref(doc, raw);
  return {
    name: String(p["name"]),
    where: String(p["in"]),
    required: p["required"] === true,
    type: typeOf(p["schema"] as Json | undefined),
    description: typeof p["description"] === "string" ? p["description"] : "",
  };
}

function exampleOf(media: Json | undefined): string | null {
  if (!media) return null;
  if (media["example"] !== undefined) return JSON.stringify(media["example"], null, 2);
  const examples = media["examples"] as Record<string, Json> | undefined;
  const first = examples && Object.values(examples)[0];
  return first && first["value"] !== undefined ? JSON.stringify(first["value"], null, 2) : null;
}

function operation(doc: OpenApi, path: string, method: string, op: Json) {
  const parameters = ((op["parameters"] as unknown[]) ?? []).map((p) => param(doc, p));
  const bodyObj = op["requestBody"] ? deref(doc, op["requestBody"]) : null;
  const bodyContent = (bodyObj?.["content"] ?? {}) as Record<string, Json>;
  const bodyType = Object.keys(bodyContent)[0];
  const body = bodyType
    ? {
        mediaType: bodyType,
        type: typeOf(bodyContent[bodyType]!["schema"] as Json),
        examples: Object.entries((bodyContent[bodyType]!["examples"] ?? {}) as Record<string, Json>).map(
          ([key, e]) => ({
            title: typeof e["summary"] === "string" ? e["summary"] : key,
            // Form bodies as one `name=value` line per field (unencoded: curl --data-urlencode encodes them).
            code:
              bodyType === "application/x-www-form-urlencoded"
                ? Object.entries(e["value"] as Record<string, unknown>)
                    .map(([k, v]) => `${k}=${String(v)}`)
                    .join("\n")
                : JSON.stringify(e["value"], null, 2),
          }),
        ),
      }
    : null;
  const responses = Object.entries((op["responses"] ?? {}) as Record<string, unknown>).map(([status, raw]) => {
    const r = deref(doc, raw);
    const content = (r["content"] ?? {}) as Record<string, Json>;
    const mediaTypes = Object.keys(content);
    const first = mediaTypes[0] ? content[mediaTypes[0]] : undefined;
    return {
      status,
      description: typeof r["description"] === "string" ? r["description"] : "",
      mediaTypes,
      type: first ? typeOf(first["schema"] as Json | undefined) : [],
      headers: Object.keys(r["headers"] ?? {}),
      example: exampleOf(first),
    };
  });
  return {
    id: typeof op["operationId"] === "string" ? op["operationId"] : `${method}-${path}`,
    method,
    path,
    tag: Array.isArray(op["tags"]) && typeof op["tags"][0] === "string" ? op["tags"][0] : "Other",
    summary: typeof op["summary"] === "string" ? op["summary"] : "",
    description: typeof op["description"] === "string" ? op["description"] : "",
    parameters,
    body,
    responses,
    /** Answers If-None-Match / If-Modified-Since with 304. */
    conditional:
      parameters.some((p) => p.where === "header" && p.name.toLowerCase() === "if-none-match") &&
      responses.some((r) => r.status === "304"),
  };
}

function operationsOf(doc: OpenApi, items: Record<string, Json>): OperationView[] {
  return Object.entries(items).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => operation(doc, path, m, item[m] as Json)),
  );
}

/** Every operation of `paths`, in the document's order. */
export function operations(doc: OpenApi): OperationView[] {
  return operationsOf(doc, doc.paths);
}

/** The requests the service makes to clients (OpenAPI webhooks), e.g. WebSub verification and delivery. */
export function webhooks(doc: OpenApi): OperationView[] {
  return operationsOf(doc, doc.webhooks ?? {});
}

/** Top-level members of a component schema. */
export function schemaFields(doc: OpenApi, name: string) {
  return objectFields(deref(doc, { $ref: `#/components/schemas/${name}` }));
}

/** The members of an object schema, each with whether it is required, its type and its description. */
export function objectFields(schema: Json) {
  const required = new Set((schema["required"] as string[] | undefined) ?? []);
  return Object.entries((schema["properties"] ?? {}) as Record<string, Json>).map(([field, s]) => ({
    name: field,
    required: required.has(field),
    type: typeOf(s),
    description: typeof s["description"] === "string" ? s["description"] : "",
  }));
}

export function schemaNames(doc: OpenApi): string[] {
  return Object.keys(doc.components?.["schemas"] ?? {});
}

export function schemaDescription(doc: OpenApi, name: string): string {
  const d = deref(doc, { $ref: `#/components/schemas/${name}` })["description"];
  return typeof d === "string" ? d : "";
}

/**
 * A curl command for an operation. Query and path parameters come from `sample` but only those the
 * operation declares, so an example can never name a parameter the API does not have.
 */
export function curlExample(op: OperationView, origin: string, sample: Readonly<Record<string, string>>): string {
  let path = op.path;
  const query = new URLSearchParams();
  for (const p of op.parameters) {
    const value = sample[p.name];
    if (value === undefined) continue;
    if (p.where === "path") path = path.replace(`{${p.name}}`, encodeURIComponent(value));
    if (p.where === "query") query.set(p.name, value);
  }
  const url = `${new URL(path, origin).href}${query.size ? `?${query}` : ""}`;
  return `curl -i '${url}'`;
}

/** A curl command sending an example request body to an operation. */
export function curlBodyExample(op: OperationView, origin: string, example: ExampleView): string {
  const url = new URL(op.path, origin).href;
  if (op.body?.mediaType === "application/x-www-form-urlencoded") {
    return [`curl -i '${url}'`, ...example.code.split("\n").map((line) => `  --data-urlencode '${line}'`)].join(
      " \\\n",
    );
  }
  return [
    `curl -i '${url}'`,
    `  -H 'Content-Type: ${op.body?.mediaType ?? "application/json"}'`,
    "  -H 'Accept: application/json, text/event-stream'",
    `  -d '${example.code}'`,
  ].join(" \\\n");
}
