// Display names of the review platforms people know; any other platform token is shown as it is written.

const PLATFORM_NAMES: Readonly<Record<string, string>> = {
  google: "Google",
  trustpilot: "Trustpilot",
  yelp: "Yelp",
  facebook: "Facebook",
  bbb: "Better Business Bureau",
  angi: "Angi",
  homeadvisor: "HomeAdvisor",
  houzz: "Houzz",
  nextdoor: "Nextdoor",
  thumbtack: "Thumbtack",
  porch: "Porch",
  tripadvisor: "Tripadvisor",
  website: "Company website",
  email: "Email",
};

/** The display name of a review platform: the known name, or the token itself. */
export function platformName(platform: string): string {
  return Object.hasOwn(PLATFORM_NAMES, platform) ? PLATFORM_NAMES[platform]! : platform;
}
