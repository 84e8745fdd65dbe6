// Human wording of enumerated values and dates: defined in src/lib (the sidecar's review pages use them too).
export {
  DATE_FORMAT,
  formatDate,
  NOT_VERIFIED_LABEL,
  platformName,
  VERIFICATION_LABELS,
} from "../../lib/reviews/labels.ts";
