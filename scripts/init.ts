// `npm run init`: replaces the sample business in DATA_DIR with the owner's own (docs/getting-started.md): writes
// business.json from flags and an empty reviews.jsonl, ready for `npm run import`.
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { ConfigError, loadConfig } from "../src/config.ts";
import { acquireDataLock, LockHeldError } from "../src/lib/data-lock.ts";
import { Business } from "../src/lib/schema/business.ts";
import { SYNC_STATE_FILE } from "../src/sync/state.ts";
import { parseCommandLine, UsageError } from "./lib/cli.ts";

const USAGE = `usage: npm run init -- --name NAME --url URL --telephone PHONE --description TEXT
                       --street STREET --city CITY --region REGION --postal-code CODE --country CC
                       --time-zone ZONE [--language TAG] [--type SCHEMA_TYPE] [--id SLUG] [--replace]

Writes DATA_DIR/business.json (default data/) for your business and an empty reviews.jsonl, replacing the sample;
--id defaults to the name as a slug, --language to en, --type to LocalBusiness. A data directory that holds another
business than the sample is left alone unless --replace is given. Then: npm run import -- FILE...`;

/** The bundled sample's id: its data is replaced without --replace. */
const SAMPLE_ID = "caliche-creek-plumbing-air";

/** The files of the business being replaced that would wrongly carry over to the new one. */
const REPLACED = ["suppressed.jsonl", SYNC_STATE_FILE];

/** Each flag and the field of business.json it sets, for errors that name the flag. */
const FIELD_OF = {
  id: "id",
  name: "name",
  type: "schema_type",
  url: "url",
  telephone: "telephone",
  email: "email",
  description: "description",
  street: "address.street_address",
  city: "address.locality",
  region: "address.region",
  "postal-code": "address.postal_code",
  country: "address.country",
  "time-zone": "time_zone",
  language: "language",
} as const;
type Flag = keyof typeof FIELD_OF;
const OPTIONS = {
  ...(Object.fromEntries(Object.keys(FIELD_OF).map((f) => [f, { type: "string" }])) as Record<
    Flag,
    { type: "string" }
  >),
  replace: { type: "boolean" },
} as const;

/** The name as a slug: "Smith & Sons Plumbing" gives "smith-sons-plumbing", "Zoë's Drains" "zoes-drains". */
const slugOf = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f'’]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 64)
    .replace(/-+$/, "");

/** The business.json `argv` describes, validated as the build validates it; or an error naming each bad flag. */
export function businessOf(argv: readonly string[], now: Date): { business: unknown; replace: boolean } {
  const { values } = parseCommandLine({ args: [...argv], options: OPTIONS });
  const business = {
    $schema: "../schemas/business.schema.json",
    id: values.id ?? slugOf(values.name ?? ""),
    name: values.name,
    schema_type: values.type ?? "LocalBusiness",
    description: values.description,
    url: values.url,
    telephone: values.telephone,
    ...(values.email === undefined ? {} : { email: values.email }),
    address: {
      street_address: values.street,
      locality: values.city,
      region: values.region,
      postal_code: values["postal-code"],
      country: values.country,
    },
    time_zone: values["time-zone"],
    language: values.language ?? "en",
    updated_at: now.toISOString().replace(/\.\d{3}Z$/, "Z"),
    technicians: [],
    services: [],
    service_areas: [],
  };
  const { $schema: _, ...fields } = business;
  const parsed = Business.safeParse(fields);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const key = i.path.join(".");
      const flag = (Object.keys(FIELD_OF) as Flag[]).find((f) => FIELD_OF[f] === key);
      return flag ? `--${flag}: ${values[flag] === undefined ? "missing" : i.message}` : `${key}: ${i.message}`;
    });
    throw new UsageError([...new Set(lines)].join("\n"));
  }
  return { business, replace: values.replace === true };
}

/** The id of the business DATA_DIR holds, or null without a readable business.json. */
async function currentId(dataDir: string): Promise<string | null> {
  try {
    const json = JSON.parse(await readFile(path.join(dataDir, "business.json"), "utf8")) as { id?: unknown };
    return typeof json.id === "string" ? json.id : null;
  } catch {
    return null;
  }
}

if (import.meta.main) {
  try {
    const { business, replace } = businessOf(process.argv.slice(2), new Date());
    const { dataDir } = loadConfig();
    const lock = await acquireDataLock(dataDir, "npm run init");
    try {
      const current = await currentId(dataDir);
      const id = (business as { id: string }).id;
      if (current !== null && current !== SAMPLE_ID && current !== id && !replace) {
        console.error(
          `${dataDir} holds the business ${current}, not the sample: nothing was changed. To replace it and its reviews, add --replace`,
        );
        process.exitCode = 1;
      } else {
        await writeFile(path.join(dataDir, "business.json"), `${JSON.stringify(business, null, 2)}\n`);
        await writeFile(path.join(dataDir, "reviews.jsonl"), "");
        for (const f of REPLACED) await rm(path.join(dataDir, f), { force: true });
        console.log(
          `${dataDir}/business.json now describes ${id}${current && current !== id ? ` (replacing ${current})` : ""}, with no reviews yet.\nNext: npm run import -- YOUR-EXPORT-FILES..., then npm start`,
        );
      }
    } finally {
      await lock.release();
    }
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`${err.message}\n\n${USAGE}`);
      process.exitCode = 2;
    } else if (err instanceof ConfigError || err instanceof LockHeldError) {
      console.error(err.message);
      process.exitCode = err instanceof LockHeldError ? 3 : 2;
    } else {
      console.error(`init failed writing the data: ${(err as Error).message}`);
      process.exitCode = 4;
    }
  }
}
