// The answers the bare servers of `static-304.ts` send: the sidecar's own, by path, passed as JSON in argv[2].
export type BareAnswer = Readonly<{ status: number; headers: Record<string, string>; body: string }>;

/** argv[2]'s answers, their bodies (base64 there) decoded. */
export function answersFromArgv(): Map<string, { status: number; headers: Record<string, string>; body: Buffer }> {
  const answers = JSON.parse(process.argv[2]!) as Record<string, BareAnswer>;
  return new Map(
    Object.entries(answers).map(([p, a]) => [
      p,
      { status: a.status, headers: a.headers, body: Buffer.from(a.body, "base64") },
    ]),
  );
}
