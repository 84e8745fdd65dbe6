// Runs scripts/publish.ts (`npm run publish`) as a child process, as CI would after a deploy.
import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SITE_URL } from "../../../../scripts/lib/test-site.ts";

const ROOT = fileURLToPath(new URL("../../../..", import.meta.url));

export function runPublishScript(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(ROOT, "scripts/publish.ts"), ...args],
      { cwd: ROOT, env: { ...process.env, SITE_URL } },
      (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}
