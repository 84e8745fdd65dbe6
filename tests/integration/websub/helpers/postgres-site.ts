// What the tests of several replicas on PostgreSQL share: a throwaway PostgreSQL with an empty hub database, a copy of
// the sample site built, a test CA this process trusts and an HTTPS subscriber signed by it.
import { rm } from "node:fs/promises";
import { createTestCa, type TestCa, trustTestCa } from "../../../../scripts/lib/test-ca.ts";
import { startPostgres, type TestPostgres } from "../../../../scripts/lib/test-postgres.ts";
import { createTestSite, type TestSite } from "../../../../scripts/lib/test-site.ts";
import { sampleRelease } from "../../../helpers/build.ts";
import { startSubscriber, type Subscriber } from "./subscriber.ts";

export type PostgresSite = Readonly<{
  pg: TestPostgres;
  ca: TestCa;
  site: TestSite;
  sub: Subscriber;
  /** HUB_DB: the URL of the empty database. */
  hubDb: string;
  /** Stops the subscriber and PostgreSQL and removes the files; stop the sidecars first. */
  close: () => Promise<void>;
}>;

export async function startPostgresSite(): Promise<PostgresSite> {
  const [pg, ca, site] = await Promise.all([
    startPostgres(),
    createTestCa(),
    sampleRelease().then((from) => createTestSite({ from })),
  ]);
  const sub = await startSubscriber(ca);
  trustTestCa(ca);
  const hubDb = await pg.createDatabase();
  return Object.freeze({
    pg,
    ca,
    site,
    sub,
    hubDb,
    close: async () => {
      await sub.close();
      await pg.stop();
      await rm(site.root, { recursive: true, force: true });
      await rm(ca.dir, { recursive: true, force: true });
    },
  });
}
