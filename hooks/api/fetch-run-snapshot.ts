import { type RunSnapshot, runSnapshotSchema } from "@/lib/contracts/run-snapshot";
import { fetchJson } from "./fetch-json";

/** `GET /api/runs/{run_id}`, validated. */
export function fetchRunSnapshot({
  runId,
  signal,
}: {
  runId: string;
  signal?: AbortSignal;
}): Promise<RunSnapshot> {
  return fetchJson({
    url: `/api/runs/${encodeURIComponent(runId)}`,
    schema: runSnapshotSchema,
    init: { signal, cache: "no-store" },
  });
}
