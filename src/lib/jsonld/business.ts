// The business as a node of its specific schema.org LocalBusiness subtype, with its aggregate rating and reviews.
import type { Business } from "../schema/business.ts";
import type { AggregateRating } from "../schema/dataset.ts";
import type { Review } from "../schema/review.ts";
import { reviewNode } from "./review.ts";
import type { JsonLdNode } from "./script.ts";

/** The business node's `@id`: other nodes (pages, people, services) point at it. */
export function businessId(origin: string): string {
  return new URL("/#business", origin).href;
}

function websiteId(origin: string): string {
  return new URL("/#website", origin).href;
}

/**
 * `reviews` must be the reviews visible on the page that carries the node, and `rating` only given
 * where the page shows it (Google's rules); the aggregate covers every review. With no reviews at
 * all there is no aggregateRating (a count of 0 is invalid for review snippets).
 */
export function businessNode(opts: {
  origin: string;
  business: Business;
  rating?: AggregateRating;
  reviews?: readonly Review[];
}): JsonLdNode {
  const { business: b, rating, origin } = opts;
  const page = (path: string) => new URL(path, origin).href;
  return {
    "@type": b.schema_type,
    "@id": businessId(origin),
    name: b.name,
    description: b.description,
    url: b.url,
    telephone: b.telephone,
    ...(b.email ? { email: b.email } : {}),
    address: {
      "@type": "PostalAddress",
      streetAddress: b.address.street_address,
      addressLocality: b.address.locality,
      addressRegion: b.address.region,
      postalCode: b.address.postal_code,
      addressCountry: b.address.country,
    },
    ...(b.geo ? { geo: { "@type": "GeoCoordinates", latitude: b.geo.latitude, longitude: b.geo.longitude } } : {}),
    ...(b.price_range ? { priceRange: b.price_range } : {}),
    ...(b.opening_hours.length ? { openingHours: b.opening_hours } : {}),
    areaServed: b.service_areas.map((a) => ({ "@type": "Place", name: a.name })),
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: "Services",
      itemListElement: b.services.map((s) => ({
        "@type": "Offer",
        itemOffered: { "@type": "Service", name: s.name, url: page(`/services/${s.id}/`) },
      })),
    },
    employee: b.technicians.map((t) => ({
      "@type": "Person",
      name: t.name,
      ...(t.role ? { jobTitle: t.role } : {}),
      url: page(`/technicians/${t.id}/`),
    })),
    ...(rating && rating.count > 0 && rating.average !== null
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: rating.average,
            bestRating: rating.best_rating,
            worstRating: rating.worst_rating,
            ratingCount: rating.count,
            ...(rating.text_count > 0 ? { reviewCount: rating.text_count } : {}),
          },
        }
      : {}),
    ...(opts.reviews?.length ? { review: opts.reviews.map(reviewNode) } : {}),
  };
}

/** The site itself, published by the business, with its review search as a SearchAction. */
export function websiteNode(opts: { origin: string; business: Business }): JsonLdNode {
  return {
    "@type": "WebSite",
    "@id": websiteId(opts.origin),
    url: new URL("/", opts.origin).href,
    name: `${opts.business.name} reviews`,
    inLanguage: opts.business.language,
    publisher: { "@id": businessId(opts.origin) },
    potentialAction: {
      "@type": "SearchAction",
      target: {
        "@type": "EntryPoint",
        urlTemplate: `${new URL("/search/", opts.origin).href}?query={search_term_string}`,
      },
      "query-input": "required name=search_term_string",
    },
  };
}
