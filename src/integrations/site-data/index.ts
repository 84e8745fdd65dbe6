// Astro integration that hands the build's data to the pages: they import `virtual:reviews-service/site`, a module
// that reads the data files the build wrote (src/build/site-data.ts) with the settings given here.
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import type { SiteDataOptions } from "../../build/site-data.ts";

const VIRTUAL = "virtual:reviews-service/site";
const RESOLVED = `\0${VIRTUAL}`;
const READER = fileURLToPath(new URL("../../build/site-data.ts", import.meta.url));

export default function siteData(options: SiteDataOptions): AstroIntegration {
  const source = [
    `import { readSiteData } from ${JSON.stringify(READER)};`,
    `export const site = await readSiteData(${JSON.stringify(options)});`,
  ].join("\n");
  return {
    name: "reviews-service:site-data",
    hooks: {
      "astro:config:setup": ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: "reviews-service:site-data",
                resolveId: (id) => (id === VIRTUAL ? RESOLVED : null),
                load: (id) => (id === RESOLVED ? source : null),
              },
            ],
          },
        });
      },
    },
  };
}
