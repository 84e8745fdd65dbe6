// First names that are also ordinary English words: alone they say "will fix it", not "Will fixed it", so a technician
// called one of them is matched alone only through an alias.

/**
 * Lower case, without accents. Chosen for the words a home-service review may hold: verbs and nouns (Bill, Will, Mark,
 * Chase, Grant, Jack, Nick), adjectives (Frank, Rich, Rusty, Sandy, Dusty), virtues and seasons (Hope, Grace, Summer),
 * months (May, June), plants and colours (Rose, Ivy, Hazel), trades and titles (Carter, Mason, Duke).
 */
export const COMMON_WORD_FIRST_NAMES: ReadonlySet<string> = new Set(
  `ace amber angel april art august autumn baker bear bill bob brandy brook buck bud butch candy carol carter cash
  chase cherry chip christian clay cliff colt cooper crystal daisy dale dawn dean destiny don dot drew duke dusty
  earl faith fox frank gene ginger glen grace grant guy hardy harmony hazel herb holly honey hope hunter iris ivy
  jack jade jay jean jewel jimmy joy june king lance lane lily major mark marshall mason max may melody miles
  misty nick norm olive page parker pat patience pearl penny pierce porter price prince rain ray reed rich river
  rob robin rocky rod rose ruby rusty sage sandy skip sky sonny spike sterling stone storm sue summer sunny tanner
  taylor violet wade ward warren will wren`.split(/\s+/),
);
