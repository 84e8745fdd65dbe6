// The module the site-data integration (src/integrations/site-data/) gives the pages.
declare module "virtual:reviews-service/site" {
  export const site: import("./build/site-data.ts").SiteData;
}
