// Sentences that judge one aspect unfavourably, including negations ("never called back") and sarcasm.
import type { AspectBank } from "./aspects.ts";

export const NEGATIVE: AspectBank = {
  punctuality: [
    "{tech} was not on time, almost two hours late.",
    "The window was 8 to 10 and nobody showed until after 1.",
    "No-show on the first appointment, then late for the second.",
    "Showed up 45 minutes late without an apology. Not a huge deal, but still.",
    "Late. Again.",
  ],
  pricing: [
    "Way overpriced for what it was.",
    "Quoted {price} and the final bill came in almost double.",
    "They charged a {fee} trip fee just to look at it.",
    "Money well spent, if you enjoy paying twice for the same repair.",
    "Ridiculous prices; we got a second quote for half.",
    "Hidden fees on the invoice that nobody mentioned.",
  ],
  work_quality: [
    "Still dripping the next morning.",
    "The repair lasted two weeks before it failed again.",
    "Sloppy install: crooked lines and a dent in our new drywall.",
    "They cracked a tile in the bathroom and just left it.",
    "We had to call someone else to fix what they did.",
    "Not fixed. Not even close.",
    "Déjà vu a week later: same problem, same spot.",
  ],
  professionalism: [
    "{tech} was rude and acted like I was wasting everyone's time.",
    "Rude on the phone and worse in person.",
    "Showed up without the right parts and had to leave twice.",
    "Talked down to my wife the entire visit.",
    "Unprofessional from start to finish.",
  ],
  communication: [
    "Never called back. I called three times.",
    "Nobody explained the charges until the card was already swiped.",
    "No heads-up call, no ETA, nothing.",
    "Sat on hold for 25 minutes, twice.",
    "Vague answers every time I asked what was actually wrong.",
    "They stopped answering my emails once they had been paid.",
  ],
  cleanliness: [
    "Left a huge mess in the garage.",
    "Muddy boots all over our new carpet, no shoe covers.",
    "Old parts and packaging sat in the yard for days.",
    "Drywall dust everywhere and not even a broom pushed.",
    "We spent an hour cleaning up after them.",
  ],
  expertise: [
    "{tech} had no idea what was wrong and kept guessing.",
    "Misdiagnosed it twice; a different company found the real problem in ten minutes.",
    "Felt like they were learning on my house.",
    "Could not answer basic questions about our system.",
  ],
  speed: [
    "A two-hour job turned into three days.",
    "Waited nine days on a part they said would arrive the next morning.",
    "Painfully slow; {tech} spent most of the visit on the phone.",
    "The job dragged on for weeks.",
    "Took forever.",
  ],
  scheduling: [
    "Earliest appointment was nine days out.",
    "They cancelled on us the morning of, twice.",
    "The company rescheduled us three times.",
    "Could not get anyone out on a weekend, even for an emergency.",
    "The slot we booked online got moved without anyone asking us.",
  ],
  honesty: [
    "Tried to sell us a whole new system when we needed a $30 capacitor.",
    "Pushy sales pitch the minute they walked in.",
    "Padded the bill with hours nobody worked. Shady.",
    "They denied damaging our floor even with the photos.",
    "Felt like a scam from start to finish.",
  ],
};
