// POSTs a form to the WebSub hub of a sidecar (or to any path of it), as subscribers and publishers do.

export type PostOptions = Readonly<{ path?: string; contentType?: string | null }>;
export type PostReply = Readonly<{ status: number; headers: Headers; text: string }>;

/** `form` is encoded as application/x-www-form-urlencoded unless it is a string, sent as it is. */
export async function postForm(
  baseUrl: string,
  form: Record<string, string | string[]> | string,
  options: PostOptions = {},
): Promise<PostReply> {
  const body = typeof form === "string" ? form : encodeForm(form);
  const headers: Record<string, string> = {};
  const type = options.contentType === undefined ? "application/x-www-form-urlencoded" : options.contentType;
  if (type !== null) headers["content-type"] = type;
  const res = await fetch(`${baseUrl}${options.path ?? "/api/websub/hub"}`, { method: "POST", headers, body });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

export function encodeForm(form: Record<string, string | string[]>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) for (const one of Array.isArray(v) ? v : [v]) p.append(k, one);
  return p.toString();
}
