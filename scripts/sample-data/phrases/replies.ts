// Titles, the owner's replies, reviewers' later edits, and a few reviews written in Spanish.
import type { Tone } from "./framing.ts";

export const TITLES: Readonly<Record<Tone, readonly string[]>> = {
  positive: [
    "Great service",
    "{techname} saved the day",
    "Fast help with {svc}",
    "Honest and on time",
    "Highly recommend",
    "Best in {area}",
    "Finally, a plumber I trust",
  ],
  mixed: ["Good work, slow office", "OK but pricey", "Mixed experience", "Fine, I guess"],
  negative: ["Never again", "Overcharged and under-delivered", "Still broken", "Do not call them", "Disappointed"],
};

/** The owner signs replies; {first} is the reviewer's first name when the display name has one. */
export const REPLIES: Readonly<Record<Tone, readonly string[]>> = {
  positive: [
    "Thank you, {first}! We'll pass your kind words along to the whole crew.",
    "{first}, thanks for trusting us with your home. See you at the next check-up! — Dana, owner",
    "Thanks for the great review! It was a pleasure helping you out.",
    "We appreciate you, {first}. Reviews like this make our week.",
  ],
  mixed: [
    "Thanks for the honest feedback, {first}. We're working on our response times and I'd love to hear more: 512-555-0173. — Dana",
    "{first}, thank you. You're right that we could have communicated better, and we've shared this with the office team.",
    "Thank you for the feedback. We're glad the work turned out well and sorry about the rest; we're on it.",
  ],
  negative: [
    "{first}, I'm sorry we let you down. I'd like to make this right; please call me directly at 512-555-0173. — Dana, owner",
    "We have no record of a visit under this name. Please contact us at hello@calichecreek.example.com so we can look into it.",
    "This is not the experience we want anyone to have. We've refunded the trip fee and reached out by phone.",
    "{first}, we reviewed the invoice and the photos with our team. Please give me a call so we can talk it through. — Dana",
  ],
};

/** Appended as a new paragraph when the reviewer edited the review later. */
export const UPDATES: Readonly<Record<Tone, readonly string[]>> = {
  positive: [
    "Update: a year later and still no problems.",
    "Edit: had them back for a second job, just as good.",
    "UPDATE: {tech} came back to check on it without being asked. Class act.",
  ],
  mixed: ["Edit: the office finally called back. Still waiting on the part."],
  negative: [
    "Update: still no callback, and now it is leaking again.",
    "Update: they never issued the refund they promised.",
  ],
};

/** Reviews in Spanish (language "es-US"); catalog names stay as written, as bilingual reviewers do. */
export const SPANISH: Readonly<Record<Tone, readonly string[]>> = {
  positive: [
    "Excelente servicio. {tech} llegó a tiempo y fue muy amable con mi mamá.",
    "Muy recomendados en {area}. Llegaron rápido, explicaron todo y limpiaron al terminar.",
    "{tech} arregló todo en menos de una hora. ¡Gracias!",
  ],
  mixed: ["Regular. El trabajo quedó bien pero tardaron mucho en venir."],
  negative: ["Muy mal servicio, nunca regresaron la llamada.", "Cobraron demasiado y el problema sigue igual."],
};
