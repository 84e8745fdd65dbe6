// The ten aspects of the insights taxonomy, and sentences that mention an aspect without judging it.
// Placeholders: {tech} (or "the tech"), {techname} (a named technician only), {svc} {area} {company} {price}
// {fee} {n} {day} {first}; refs.ts fills them.

export const ASPECTS = [
  "punctuality",
  "pricing",
  "work_quality",
  "professionalism",
  "communication",
  "cleanliness",
  "expertise",
  "speed",
  "scheduling",
  "honesty",
] as const;

export type Aspect = (typeof ASPECTS)[number];

export type AspectBank = Readonly<Record<Aspect, readonly string[]>>;

/** Mentioned but not judged, or judged both ways so that neither wins (taxonomy: polarity "neutral"). */
export const NEUTRAL: AspectBank = {
  punctuality: ["{tech} got here around ten.", "Arrival was about when they said, give or take."],
  pricing: [
    "Price was {price} for the service call.",
    "Prices are on the higher side but you get what you pay for.",
    "The bill came to {price}, parts and labor.",
  ],
  work_quality: ["Too early to say how it holds up.", "The repair seems fine so far, we will see."],
  professionalism: ["{tech} was all business, not much small talk."],
  communication: ["The office sent the usual confirmation email.", "They texted a reminder the day before."],
  cleanliness: ["Cleanup was average.", "They swept up some, left a little dust."],
  expertise: [
    "{tech} seemed to know the basics.",
    "Took a couple of tries to find the cause, which I guess is normal.",
  ],
  speed: ["The job took about four hours.", "It took most of the afternoon."],
  scheduling: ["They gave us the usual 8 to 12 window.", "Booked for the following {day}."],
  honesty: ["They mentioned a few extra things we could do someday, no pressure either way."],
};
