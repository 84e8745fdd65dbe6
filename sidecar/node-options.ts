// How the sidecar process is started: the V8 options and environment that package.json's `serve` script, the systemd
// unit (deploy/systemd) and docs/deploy.md pass, and that `npm start` (scripts/start.ts), tests and benchmarks spawn it
// with.
import { fileURLToPath } from "node:url";

/**
 * Indexing a large release (100k reviews) promotes most of what it allocates, and V8 then grows the young generation to
 * about 100 MB that it never hands back. 4 MB semi-spaces keep resident memory near what the index really holds, at no
 * measurable cost in throughput.
 */
export const SIDECAR_NODE_OPTIONS: readonly string[] = ["--max-semi-space-size=4"];

/**
 * glibc's malloc tunables:
 * - `hugetlb=1`: malloc asks for transparent huge pages (madvise) for the large buffers the sidecar reads a release
 *   into. On a virtual machine every fresh 4 KB page costs a slow fault, and reading and decoding /reviews.json and the
 *   search index file touches every page of them; 2 MB pages make start-up faster with the same resident memory.
 * - `mmap_threshold=131072`, glibc's default made fixed: a buffer of 128 KB or more usually gets pages of its own,
 *   returned when it is freed. Otherwise freeing such a buffer of up to 32 MB raises the threshold to its size and the
 *   trim threshold to twice that, and up to 64 MB of what the main thread frees can stay resident in its heap.
 * Other C libraries ignore them, and kernels with huge pages off the first.
 */
export const SIDECAR_ENV: Readonly<Record<string, string>> = {
  GLIBC_TUNABLES: "glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=131072",
};

/** The arguments for `process.execPath`, and the environment on top of `env`, that run the sidecar as set out here. */
export function sidecarCommand(env: NodeJS.ProcessEnv): { args: string[]; env: NodeJS.ProcessEnv } {
  return {
    args: [...SIDECAR_NODE_OPTIONS, fileURLToPath(new URL("./main.ts", import.meta.url))],
    env: { ...env, ...SIDECAR_ENV },
  };
}
