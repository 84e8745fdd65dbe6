// The small Markdown subset the OpenAPI descriptions use (paragraphs, lists, `code`, **bold**, links), as safe HTML.
import { esc as escape } from "../../lib/charts/svg.ts";

/** Inline markup on escaped text: code spans first, so nothing inside them is interpreted. */
export function inlineMarkdown(text: string): string {
  return text
    .split(/(`[^`]+`)/)
    .map((part) => {
      if (part.startsWith("`") && part.endsWith("`") && part.length > 1)
        return `<code>${escape(part.slice(1, -1))}</code>`;
      return escape(part)
        .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
        .replace(/\[([^\]]+)\]\((https?:\/\/[^)\s]+|\/[^)\s]*|#[^)\s]*)\)/g, '<a href="$2">$1</a>');
    })
    .join("");
}

/** Blocks separated by blank lines; a block whose lines all start with `- ` or `1. ` is a list. */
export function markdownToHtml(md: string): string {
  return md
    .trim()
    .split(/\n\s*\n/)
    .map((block) => {
      const lines = block.split("\n").map((l) => l.trim());
      if (lines.every((l) => /^[-*] /.test(l)))
        return `<ul>${lines.map((l) => `<li>${inlineMarkdown(l.slice(2))}</li>`).join("")}</ul>`;
      if (lines.every((l) => /^\d+\. /.test(l)))
        return `<ol>${lines.map((l) => `<li>${inlineMarkdown(l.replace(/^\d+\. /, ""))}</li>`).join("")}</ol>`;
      return `<p>${inlineMarkdown(lines.join(" "))}</p>`;
    })
    .join("");
}
