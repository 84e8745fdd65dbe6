// Parses an HTTP-date exactly as RFC 9110 5.6.7 defines it (IMF-fixdate, or the obsolete RFC 850 and asctime forms).

const DAYS = "Mon|Tue|Wed|Thu|Fri|Sat|Sun";
const LONG_DAYS = "Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday";
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const MONTH = MONTHS.join("|");
const TIME = "(\\d{2}):(\\d{2}):(\\d{2})";

// The grammar is case-sensitive (%s"Mon", %s"GMT") and has exactly one space between parts.
const IMF_FIXDATE = new RegExp(`^(?:${DAYS}), (\\d{2}) (${MONTH}) (\\d{4}) ${TIME} GMT$`);
const RFC850_DATE = new RegExp(`^(?:${LONG_DAYS}), (\\d{2})-(${MONTH})-(\\d{2}) ${TIME} GMT$`);
const ASCTIME_DATE = new RegExp(`^(?:${DAYS}) (${MONTH}) ([ \\d]\\d) ${TIME} (\\d{4})$`);

/**
 * An HTTP-date in epoch milliseconds, or undefined when `value` is not one (a header holding it is then ignored, as
 * RFC 9110 13.1.3/13.1.4 require). `nowMs` places the two-digit years of RFC 850 dates: one that would lie more than
 * 50 years ahead is read as the latest past year with the same last two digits.
 */
export function parseHttpDate(value: string, nowMs: number = Date.now()): number | undefined {
  let m = IMF_FIXDATE.exec(value);
  if (m) return toMs(Number(m[3]), m[2]!, Number(m[1]), m[4]!, m[5]!, m[6]!);
  m = ASCTIME_DATE.exec(value);
  if (m) {
    return toMs(Number(m[6]), m[1]!, Number(m[2]!.trim()), m[3]!, m[4]!, m[5]!);
  }
  m = RFC850_DATE.exec(value);
  if (m) {
    const nowYear = new Date(nowMs).getUTCFullYear();
    let year = nowYear - (nowYear % 100) + Number(m[3]);
    if (year > nowYear + 50) year -= 100;
    return toMs(year, m[2]!, Number(m[1]), m[4]!, m[5]!, m[6]!);
  }
  return undefined;
}

function toMs(year: number, month: string, day: number, h: string, min: string, s: string): number | undefined {
  const mon = MONTHS.indexOf(month);
  const [hour, minute, second] = [Number(h), Number(min), Number(s)];
  if (hour > 23 || minute > 59 || second > 60) return undefined;
  // A leap second (60) is read as the last second of its minute: dates have one-second resolution anyway.
  const d = new Date(0);
  d.setUTCFullYear(year, mon, day); // not Date.UTC, which reads years below 100 as 19xx
  d.setUTCHours(hour, minute, Math.min(second, 59));
  // Date.UTC rolls "31 Feb" over into March; such a day does not exist.
  if (day < 1 || d.getUTCDate() !== day || d.getUTCMonth() !== mon) return undefined;
  return d.getTime();
}
