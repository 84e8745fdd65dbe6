// Preloaded into each node process of a measured command: on exit, appends its peak resident memory (bytes) as a line
// to MAX_RSS_FILE.
import { appendFileSync } from "node:fs";

const file = process.env.MAX_RSS_FILE;
if (file) process.on("exit", () => appendFileSync(file, `${process.resourceUsage().maxRSS * 1024}\n`));
