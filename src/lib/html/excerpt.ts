// The start of a text on one line, cut at a word boundary when it is long, for descriptions and the widget.

export function excerpt(text: string, maxChars: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= maxChars) return line;
  const cut = line.slice(0, maxChars - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > maxChars / 2 ? cut.slice(0, space) : cut}…`;
}
