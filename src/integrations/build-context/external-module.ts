// A Vite plugin that leaves one module out of the bundles: its importers import it by its file URL, so they get the
// instance Node already loaded, and share its state with the code that loaded it outside Vite.
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

export function externalModule(url: URL): Plugin {
  const file = fileURLToPath(url);
  const name = path.basename(file);
  return {
    name: "reviews-service:external-module",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!source.endsWith(name)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === file ? { id: url.href, external: true } : null;
    },
  };
}
