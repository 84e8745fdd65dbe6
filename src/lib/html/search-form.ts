// The search page's form filled in from a query string, as the page's script fills it where a script runs: text,
// number and date boxes get their value, a select its option, the star choice its radio button.
import { esc } from "../charts/svg.ts";

/** `page` with each field of `query` set in the form; names and values the form does not hold are left alone. */
export function fillSearchForm(page: string, query: URLSearchParams): string {
  let out = page;
  for (const [name, value] of query) {
    if (!/^[a-z_]+$/.test(name)) continue;
    const v = esc(value);
    const box = new RegExp(`<input id="f-${name}" name="${name}" type="(?:search|text|number|date)"`);
    out = out.replace(box, (tag) => `${tag} value="${v}"`);
    const select = new RegExp(`(<select id="f-${name}" name="${name}"[^>]*>[\\s\\S]*?</select>)`);
    out = out.replace(select, (tag) => tag.replace(`<option value="${v}">`, `<option value="${v}" selected>`));
    const radio = `<input type="radio" name="${name}" value="${v}">`;
    if (out.includes(radio)) {
      out = out
        .replace(`<input type="radio" name="${name}" value="" checked>`, `<input type="radio" name="${name}" value="">`)
        .replace(radio, `<input type="radio" name="${name}" value="${v}" checked>`);
    }
  }
  return out;
}
