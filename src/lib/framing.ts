// Who may frame a page: the embeddable widget (/embed/...) by any site, everything else by no one (clickjacking).

/** The widget's pages, made to be put in an <iframe> on the business's own site. */
const EMBED_PREFIX = "/embed/";

/** The Content-Security-Policy of a URL path: only `frame-ancestors`, as the pages load nothing from elsewhere. */
export function contentSecurityPolicyOf(urlPath: string): string {
  return urlPath.startsWith(EMBED_PREFIX) ? "frame-ancestors *" : "frame-ancestors 'none'";
}
