// Lint step for what ESLint does not read: every Astro component and page stays under 300 lines, as source files do.
import { glob, readFile } from "node:fs/promises";

const MAX_LINES = 300;

const over: string[] = [];
for await (const file of glob("src/**/*.astro")) {
  const text = await readFile(file, "utf8");
  const lines = text.endsWith("\n") ? text.split("\n").length - 1 : text.split("\n").length;
  if (lines > MAX_LINES) over.push(`${file}: ${lines} lines (at most ${MAX_LINES}; split it into components)`);
}
if (over.length > 0) {
  console.error(over.sort().join("\n"));
  process.exitCode = 1;
}
