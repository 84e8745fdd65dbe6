// The project's dependency-cruiser rules on a planted tree: a cycle through a type-only import, a layer breach of each
// kind; and the untouched parts of the tree pass.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { after, before, it } from "node:test";
import { cruise, type IConfiguration } from "dependency-cruiser";
import { ROOT } from "../../helpers/build.ts";

const config = createRequire(import.meta.url)(path.join(ROOT, ".dependency-cruiser.cjs")) as IConfiguration;

const PLANTED: Record<string, string> = {
  // A cycle whose return edge is `import type` only: erased at run time, still a coupling.
  "sidecar/a.ts": 'import { b } from "./b.ts";\nexport const a = (): number => b();\n',
  "sidecar/b.ts": 'import type { a } from "./a.ts";\nexport const b = (): number => 1;\nexport type A = typeof a;\n',
  "src/lib/page.ts": 'import { b } from "../../sidecar/b.ts";\nexport const page = b;\n',
  "sidecar/http/shared.ts": 'import { search } from "../search/run.ts";\nexport const shared = search;\n',
  "sidecar/search/run.ts": 'import { shared } from "../ok/plain.ts";\nexport const search = shared;\n',
  "sidecar/ok/plain.ts": "export const shared = 1;\n",
  "scripts/tool.ts": 'import { helper } from "../tests/helpers/helper.ts";\nconsole.log(helper);\n',
  "tests/helpers/helper.ts": 'import { shared } from "../../sidecar/ok/plain.ts";\nexport const helper = shared;\n',
};

let dir: string;
before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "import-rules-"));
  for (const [file, text] of Object.entries(PLANTED)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
});
after(() => rm(dir, { recursive: true, force: true }));

it("reports the planted cycle and each layer breach, and nothing else", async () => {
  // The planted tree has no tsconfig; its imports name their files.
  const { tsConfig: _, ...options } = config.options ?? {};
  const result = await cruise(["src", "sidecar", "scripts", "tests"], {
    ...options,
    baseDir: dir,
    ruleSet: { forbidden: config.forbidden ?? [] },
    validate: true,
  });
  assert.equal(typeof result.output, "object");
  const found = (result.output as Exclude<typeof result.output, string>).summary.violations
    .map((v) => `${v.rule.name} ${v.from} ${v.to}`)
    .sort();
  // The cycle's only way back is the type-only import: reported, so type-only imports count as edges.
  assert.deepEqual(found, [
    "http-no-feature sidecar/http/shared.ts sidecar/search/run.ts",
    "no-circular sidecar/a.ts sidecar/b.ts",
    "scripts-not-tests scripts/tool.ts tests/helpers/helper.ts",
    "src-not-sidecar src/lib/page.ts sidecar/b.ts",
  ]);
});
