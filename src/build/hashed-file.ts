// A file of a release as the build describes it before the manifest does: its path, size, hash and compressed variants.
import { z } from "zod";
import { EncodedVariant, Sha256 } from "../lib/schema/manifest.ts";

/** A compressed variant before its ETag is derived (the manifest adds it). */
const Variant = EncodedVariant.omit({ etag: true });

export const HashedFile = z
  .object({
    /** Path relative to the release directory, with forward slashes. */
    path: z.string(),
    bytes: z.int().min(0),
    sha256: Sha256,
    encodings: z.object({ br: Variant.optional(), gzip: Variant.optional() }).strict(),
  })
  .strict();
export type HashedFile = z.output<typeof HashedFile>;
