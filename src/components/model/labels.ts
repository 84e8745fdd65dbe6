// Human wording of dates: defined in src/lib (the sidecar's review pages use it too).
export { formatDate } from "../../lib/reviews/labels.ts";
