// Serialises JSON-LD for an inline <script type="application/ld+json">: no sequence in it can end the script early.

export type JsonLdNode = { [key: string]: unknown };

/** A `@graph` document: several nodes that refer to each other by `@id`. */
export function graph(nodes: readonly JsonLdNode[]): JsonLdNode {
  return { "@context": "https://schema.org", "@graph": nodes };
}

// `<` and `>` escaped as JSON unicode escapes keep `</script>` and `<!--` out; U+2028/2029 keep old parsers happy.
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
