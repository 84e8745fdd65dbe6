// Checks a release before it is served: built for this sidecar's origin, and every file holding the bytes the manifest hashed.
import { ReleaseError, type OpenRelease } from "./load.ts";

/** The release's manifest must name the origin the sidecar serves (SITE_URL): its feeds, topics and links point there. */
export function checkOrigin(release: OpenRelease, siteUrl: string): void {
  const built = originOf(release.manifest.site_url);
  if (built === siteUrl) return;
  throw new ReleaseError(
    `${release.where}: the release in ${release.dir} was built for ${built}, but this sidecar serves ${siteUrl} ` +
      `(SITE_URL); build it with SITE_URL=${siteUrl}`,
  );
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return JSON.stringify(url);
  }
}
