// The process of the build's data stage (data-stage.ts): takes its job from the build, runs it and sends the result.
import { type DataStageJob, type DataStageResult, deriveAndWrite } from "./data-stage.ts";
import { DataError } from "./source.ts";

process.once("message", (job: DataStageJob) => {
  deriveAndWrite(job).then(
    (summary) => send({ summary, peakMiB: Math.round(process.resourceUsage().maxRSS / 1024) }),
    (err: unknown) =>
      send(err instanceof DataError ? { problems: [...err.problems] } : { error: (err as Error).stack ?? String(err) }),
  );
});

function send(result: DataStageResult): void {
  process.send!(result, () => process.disconnect());
}
