// schema.org nodes of the pages below the home page: breadcrumbs, technicians (Person) and services (Service).
import type { Business } from "../schema/business.ts";
import { businessId } from "./business.ts";
import type { JsonLdNode } from "./script.ts";

type Technician = Business["technicians"][number];
type Service = Business["services"][number];

export type Crumb = Readonly<{ name: string; path: string }>;

export function breadcrumbNode(origin: string, crumbs: readonly Crumb[]): JsonLdNode {
  return {
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: c.name,
      item: new URL(c.path, origin).href,
    })),
  };
}

export function technicianNode(origin: string, t: Technician): JsonLdNode {
  const url = new URL(`/technicians/${t.id}/`, origin).href;
  return {
    "@type": "Person",
    "@id": `${url}#person`,
    name: t.name,
    ...(t.role ? { jobTitle: t.role } : {}),
    url,
    worksFor: { "@id": businessId(origin) },
  };
}

export function serviceNode(origin: string, s: Service, business: Business): JsonLdNode {
  const url = new URL(`/services/${s.id}/`, origin).href;
  return {
    "@type": "Service",
    "@id": `${url}#service`,
    name: s.name,
    serviceType: s.name,
    ...(s.description ? { description: s.description } : {}),
    url,
    provider: { "@id": businessId(origin) },
    areaServed: business.service_areas.map((a) => ({ "@type": "Place", name: a.name })),
  };
}
