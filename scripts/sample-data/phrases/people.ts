// Reviewer display names: first names (some accented), surnames, and the handles people pick on review sites.

// prettier-ignore
export const FIRST_NAMES: readonly string[] = [
  "Maria", "James", "Priya", "David", "Aaliyah", "Chris", "Renée", "Tom", "Linh", "Carlos",
  "Sarah", "Marcus", "Olivia", "Björn", "Emily", "Darnell", "Siobhán", "Raj", "Hannah", "Luis",
  "Grace", "Andre", "Chloé", "Patrick", "Nguyễn", "Beth", "Omar", "Ingrid", "Javier", "Kayla",
  "François", "Megan", "Tyrone", "Ana", "Łukasz", "Jenny", "Hector", "Noor", "Wes", "Camila",
];

// prettier-ignore
export const SURNAMES: readonly string[] = [
  "Garcia", "Thompson", "Patel", "Nguyen", "Johnson", "O'Brien", "Schmidt", "Hernández", "Williams", "Kim",
  "Okoro", "Martínez", "Brooks", "Løvberg", "Chen", "Reyes", "Sullivan", "Dubois", "Washington", "Castillo",
];

// prettier-ignore
export const HANDLES: readonly string[] = [
  "texasmom2012", "hvac_skeptic", "atx_homeowner", "bbq.dad", "LonghornFan78", "quiet_neighbor",
  "sunbelt_sam", "porchlight", "j.r.", "kdog512",
];
