// Writes schemas/*.schema.json from the zod schemas of data/'s files: run after changing one of them.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { dataFileSchemas, SCHEMAS_DIR } from "../src/lib/schema/data-file-schemas.ts";

mkdirSync(SCHEMAS_DIR, { recursive: true });
for (const [name, text] of dataFileSchemas()) {
  writeFileSync(path.join(SCHEMAS_DIR, name), text);
  console.log(`wrote ${path.join(SCHEMAS_DIR, name)}`);
}
