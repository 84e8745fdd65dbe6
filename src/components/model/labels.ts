// Human wording of enumerated values and dates: defined in src/lib (the sidecar's review pages use them too).
export { formatDate, NOT_VERIFIED_LABEL, VERIFICATION_LABELS } from "../../lib/reviews/labels.ts";
