// One review as a line of data/reviews.jsonl: every key present (null where absent), in the data file's key order, so
// that the same review is always the same bytes.

type Obj = Record<string, unknown>;

/** The review `r` (a parsed line or a validated record) with the data file's keys in their order, null where absent. */
export function canonical(r: Obj): Obj {
  const author = asObj(r.author);
  const verified = asObj(r.verified);
  const source = asObj(r.source);
  const reply = asObj(r.owner_reply);
  return {
    id: r.id ?? null,
    published_at: r.published_at ?? null,
    updated_at: r.updated_at ?? null,
    rating: r.rating ?? null,
    title: r.title ?? null,
    text: r.text ?? null,
    language: r.language ?? null,
    author: author && { name: author.name ?? null, avatar_url: author.avatar_url ?? null },
    experience_date: r.experience_date ?? null,
    verified: verified && { method: verified.method ?? null, verified_at: verified.verified_at ?? null },
    source: source && { platform: source.platform ?? null, url: source.url ?? null },
    owner_reply: reply && { text: reply.text ?? null, published_at: reply.published_at ?? null },
  };
}

/** The fields in which two canonical reviews differ, `owner_reply.text` style inside objects, in key order. */
export function changedFields(before: Obj, after: Obj): string[] {
  const fields: string[] = [];
  for (const key of Object.keys(after)) {
    const a = before[key];
    const b = after[key];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    const ao = asObj(a);
    const bo = asObj(b);
    if (ao && bo) {
      for (const sub of Object.keys(bo))
        if (JSON.stringify(ao[sub]) !== JSON.stringify(bo[sub])) fields.push(`${key}.${sub}`);
    } else fields.push(key);
  }
  return fields;
}

function asObj(value: unknown): Obj | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Obj) : null;
}
