// schema.org openingHours strings ("Mo-Fr 07:00-19:00") in words people read.
const DAYS: Record<string, string> = { Mo: "Mon", Tu: "Tue", We: "Wed", Th: "Thu", Fr: "Fri", Sa: "Sat", Su: "Sun" };

export function formatOpeningHours(spec: string): string {
  return spec.replace(/\b(Mo|Tu|We|Th|Fr|Sa|Su)\b/g, (d) => DAYS[d]!).replace(/-/g, "–");
}
