// Sentences around the aspect judgements: how a review opens, context, general praise or blame, closings, contrasts.
import type { Aspect } from "./aspects.ts";

export type Tone = "positive" | "mixed" | "negative";

/** Say what the job was and where; {svc} is a noun phrase naming the service ("a clogged drain"). */
export const OPENERS: readonly string[] = [
  "We called {company} about {svc} at our place in {area}.",
  "Had {tech} out to {area} for {svc}.",
  "Called them for {svc}.",
  "{svc}, on a {day} morning of course.",
  "Needed help with {svc} right before the holidays.",
  "Used them for {svc} last month.",
  "Second time using {company}, this time for {svc}.",
  "Found them online while looking for help with {svc} near {area}.",
  "{tech} came out for {svc}.",
  "Our house in {area} is from 1984 and the plumbing shows it.",
  "{company} came out to {area} for us.",
  "Booked {company} for {svc} after a neighbor in {area} mentioned them.",
];

/** Names the technician, service or area when the rest of a review happened not to (reviews name them often). */
export const NAMING: Readonly<Record<"tech" | "svc" | "area", Readonly<Record<Tone, readonly string[]>>>> = {
  tech: {
    positive: [
      "Ask for {techname}.",
      "{techname} was our tech and we'll ask for them again.",
      "Shout-out to {techname}!",
    ],
    mixed: ["Our tech was {techname}.", "{techname} did the work."],
    negative: ["The tech was {techname}.", "{techname} was the one they sent."],
  },
  svc: {
    positive: ["This was for {svc}.", "We had them out for {svc}."],
    mixed: ["This was for {svc}.", "We had them out for {svc}."],
    negative: ["This was for {svc}.", "This was about {svc}."],
  },
  area: {
    positive: ["We're in {area}.", "Best in {area}, hands down."],
    mixed: ["We're in {area}."],
    negative: ["We're in {area}.", "Neighbors in {area}: look elsewhere."],
  },
};

/** Whole reviews of one sentence that name someone or something. */
export const ONE_LINERS: Readonly<Record<Tone, readonly string[]>> = {
  positive: [
    "{techname} was great!",
    "{techname} sorted out {svc} in no time.",
    "Great job on {svc}, {techname}!",
    "Best plumber in {area}.",
  ],
  mixed: ["They took care of {svc}, eventually.", "{techname} was fine, the office not so much."],
  negative: ["{techname} made {svc} worse.", "Stay away, {area}.", "Paid for {svc} and got nothing."],
};

/** Context that carries no aspect (taxonomy: "Our house is from 1962" is absent). */
export const CONTEXT: readonly string[] = [
  "Our house is from 1962.",
  "My husband tried to fix it himself first, which did not help.",
  "We have a newborn, so this was urgent.",
  "We run the little café on the corner and needed it done before opening.",
  "It was 104 degrees that week.",
  "The February freeze hit our whole street.",
  "This was the week of my daughter's quinceañera, naturally.",
  "We had just moved in.",
  "The previous owner did a lot of creative DIY.",
  "My wife works from home, so the timing mattered.",
];

/** General praise or blame: no aspect, but the tone has to agree with the rating. */
export const GENERAL: Readonly<Record<Tone, readonly string[]>> = {
  positive: [
    "Great service!",
    "Highly recommend {company}.",
    "{techname} is the best!",
    "Five stars, no question.",
    "Can't say enough good things.",
    "Best experience I have had with a contractor.",
  ],
  mixed: ["It was fine.", "Mixed feelings overall.", "Not bad, not great.", "An OK experience."],
  negative: [
    "Avoid!!!",
    "Worst company I have dealt with.",
    "Do yourself a favor and call someone else.",
    "What a disaster.",
    "NEVER AGAIN.",
  ],
};

export const CLOSERS: Readonly<Record<Tone, readonly string[]>> = {
  positive: [
    "Will use them again.",
    "Thanks, {techname}!",
    "Already recommended them to our neighbors in {area}.",
    "This is our plumber from now on.",
    "10/10 would call again.",
    "Keep it up, {company}!",
  ],
  mixed: ["Might use them again, might not.", "Decent overall.", "We'll see next time."],
  negative: ["Never again.", "Save yourself the headache.", "I will be disputing the charge.", "Buyer beware."],
};

/** Praise of one aspect and blame of another in one sentence ("great work but pricey"). */
export const CONTRASTS: readonly { text: string; positive: Aspect; negative: Aspect }[] = [
  { text: "Great work but pricey.", positive: "work_quality", negative: "pricing" },
  {
    text: "{tech} did a careful job, but the office never called back about the warranty.",
    positive: "work_quality",
    negative: "communication",
  },
  {
    text: "Friendly crew, but they left a mess in the laundry room.",
    positive: "professionalism",
    negative: "cleanliness",
  },
  { text: "The fix held, though they showed up an hour late.", positive: "work_quality", negative: "punctuality" },
  { text: "Good price, but it broke again within a month.", positive: "pricing", negative: "work_quality" },
  { text: "Fast to book, slow to finish.", positive: "scheduling", negative: "speed" },
  {
    text: "{tech} knew exactly what was wrong; it just took ages waiting on the part.",
    positive: "expertise",
    negative: "speed",
  },
  { text: "Honest about what we needed, but the bill still stung.", positive: "honesty", negative: "pricing" },
  { text: "Very professional, though the repair didn't last.", positive: "professionalism", negative: "work_quality" },
  { text: "Came right on time, but the diagnosis was wrong.", positive: "punctuality", negative: "expertise" },
];

export const EMOJI: Readonly<Record<Tone, readonly string[]>> = {
  positive: ["👍", "🙌", "💯", "😊", "🔧", "❄️", "👨‍🔧", "🔥🔥", "🙏"],
  mixed: ["🤷", "😐", "🤔"],
  negative: ["😡", "👎", "🤬", "😤", "💸"],
};
