// Reads a hub request body: form-encoded UTF-8 only (else 415), at most 8 KB (else 413), never more than that into memory.
import { readCappedBody } from "../../http/body.ts";

const MAX_BODY_BYTES = 8 * 1024;

export type FormBody =
  Readonly<{ ok: true; params: URLSearchParams }> | Readonly<{ ok: false; status: 400 | 413 | 415; message: string }>;

const FORM = "application/x-www-form-urlencoded";

export async function readForm(req: Request, maxBytes = MAX_BODY_BYTES): Promise<FormBody> {
  const declared = req.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) return tooLarge(maxBytes);

  const type = req.headers.get("content-type");
  const [media = "", ...params] = (type ?? "").split(";").map((s) => s.trim());
  if (media.toLowerCase() !== FORM) {
    return {
      ok: false,
      status: 415,
      message: `Content-Type: expected ${FORM}, got ${type === null ? "none" : JSON.stringify(type)}`,
    };
  }
  const charset = params.find((p) => p.toLowerCase().startsWith("charset="));
  if (charset && !/^charset="?utf-8"?$/i.test(charset)) {
    return { ok: false, status: 415, message: `Content-Type: the body must be UTF-8, got ${charset}` };
  }

  const bytes = await readCappedBody(req, maxBytes);
  if (bytes === null) return tooLarge(maxBytes);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, status: 400, message: "body: not valid UTF-8" };
  }
  return { ok: true, params: new URLSearchParams(text) };
}

function tooLarge(maxBytes: number): FormBody {
  return { ok: false, status: 413, message: `body: larger than ${maxBytes} bytes` };
}
