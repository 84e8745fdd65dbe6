// How customers name each service as a noun phrase; every phrase contains a catalog name or alias of its service.
// A service missing here is named by its catalog name (see compose.ts), so a new catalog entry still gets mentioned.

export const JOBS: Readonly<Record<string, readonly string[]>> = {
  "water-heater-repair": [
    "our water heater",
    "a water heater repair",
    "the hot water heater",
    "a house with no hot water",
    "the pilot light on our water heater",
  ],
  "water-heater-install": [
    "a new water heater",
    "a tankless water heater",
    "a water heater replacement",
    "water heater installation",
    "switching to tankless",
  ],
  "drain-cleaning": [
    "a clogged drain",
    "a slow drain in the hall bath",
    "drain cleaning",
    "hydro jetting the kitchen line",
    "hydro-jetting",
    "drain snaking",
  ],
  "leak-repair": [
    "a slab leak",
    "leak detection",
    "a leaking pipe under the sink",
    "a burst pipe in the attic",
    "a pipe leak in the wall",
    "a leak repair",
  ],
  "sewer-line-repair": [
    "our sewer line",
    "a sewer backup",
    "a sewer camera inspection",
    "a collapsed main line",
    "a sewer line repair",
  ],
  "toilet-repair": [
    "a running toilet",
    "a toilet that would not stop running",
    "a new wax ring",
    "two wobbly toilets",
    "a toilet repair",
  ],
  repiping: ["a whole-house repiping", "a PEX repipe", "replacing our galvanized pipes", "repiping the house"],
  "ac-repair": [
    "our AC unit",
    "an AC repair",
    "an air conditioner repair",
    "an air conditioner that quit",
    "an A/C repair",
    "our AC not cooling",
  ],
  "ac-install": [
    "a new AC unit",
    "a new AC",
    "a new air conditioner",
    "a heat pump",
    "an AC replacement",
    "AC installation",
  ],
  "furnace-repair": ["our furnace", "a furnace repair", "a house with no heat", "a heater repair"],
  "furnace-install": ["a new furnace", "a furnace replacement", "furnace installation"],
  "hvac-maintenance": [
    "a tune-up",
    "our spring tune up",
    "the yearly maintenance plan visit",
    "a maintenance visit",
    "an AC tune-up",
    "HVAC maintenance",
  ],
};

/** Used instead of {svc} / {tech} when a review names no service / no technician. */
export const NO_TECH: readonly string[] = ["the tech", "the technician", "our tech"];
