// Timestamps as platforms write them (fractional seconds, any offset, a space for the T, no offset meaning UTC),
// normalised to the form the data holds: RFC 3339 UTC, whole seconds.

const FORM = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(?:([Zz]|UTC|[+-]\d{2}:?\d{2}))?$/;

/** Every form `normaliseTimestamp` accepts, for error messages. */
export const TIMESTAMP_FORM =
  "YYYY-MM-DDTHH:MM:SS or YYYY-MM-DD HH:MM:SS, seconds optional, an optional fraction (.123) and an optional offset " +
  "(Z, UTC, +02:00 or +0200; none means UTC), e.g. 2024-05-01T14:03:00Z, 2024-05-01 14:03:00.5+02:00, 2024-05-01 14:03";

/** Every form `normaliseDate` accepts, for error messages. */
export const DATE_FORM = `YYYY-MM-DD, or a timestamp whose date is taken (${TIMESTAMP_FORM})`;

/** `text` as `YYYY-MM-DDTHH:MM:SSZ` (fractions dropped), or null when it is not a timestamp that exists. */
export function normaliseTimestamp(text: string): string | null {
  const m = FORM.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, offset] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return null;
  let offsetMinutes = 0;
  if (offset && /^[+-]/.test(offset)) {
    const digits = offset.replace(":", "");
    const oh = Number(digits.slice(1, 3));
    const om = Number(digits.slice(3, 5));
    if (oh > 23 || om > 59) return null;
    offsetMinutes = (offset.startsWith("-") ? -1 : 1) * (oh * 60 + om);
  }
  const ms = Date.UTC(year, month - 1, day, Number(h), Number(mi), Number(s ?? 0)) - offsetMinutes * 60_000;
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** A calendar date `YYYY-MM-DD` that exists, taken from the start of `text` (a date or a timestamp); null otherwise. */
export function normaliseDate(text: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|[Tt ])/.exec(text.trim());
  if (!m) return null;
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(Number(m[1]), month)) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
