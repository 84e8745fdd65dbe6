// The one thing a visitor can do next, from business.json: book online, else request a quote, else call.
import type { Business } from "../../lib/schema/business.ts";

export type PrimaryAction = Readonly<{
  kind: "book" | "quote" | "call";
  href: string;
  label: string;
}>;

/** `tel:` wants digits and a leading plus only: "+1 (512) 555-0173" dials as "+15125550173". */
export function telHref(telephone: string): string {
  return `tel:${telephone.replace(/[^+\d]/g, "")}`;
}

/**
 * One button, not three: a page that offers every way to get in touch offers none first. Booking is the most direct
 * way to become a customer, a quote the next, and a telephone number every business has.
 */
export function primaryAction(business: Pick<Business, "booking_url" | "quote_url" | "telephone">): PrimaryAction {
  if (business.booking_url) return { kind: "book", href: business.booking_url, label: "Book online" };
  if (business.quote_url) return { kind: "quote", href: business.quote_url, label: "Request a quote" };
  return { kind: "call", href: telHref(business.telephone), label: `Call ${business.telephone}` };
}
