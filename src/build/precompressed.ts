// Files whose .br and .gz the build writes itself (see large-outputs.ts), those that came out smaller than the file;
// the publish step hashes them instead of compressing the file again.
export const DATASET_FILE = "reviews.json";
export const PRECOMPRESSED: readonly string[] = [DATASET_FILE];
