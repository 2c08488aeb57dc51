import { z } from "zod";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { streamRunEvents } from "@/lib/runs/events/stream-run-events";

type Params = { run_id: string };

const cursorSchema = z.coerce.number().int().min(-1);

export const GET = withRoute<Params>(async ({ request, params, actor }) => {
  const runId = idParamSchema.parse(params.run_id);
  // Last-Event-ID (a browser reconnect) wins over the query: it is the newest cursor.
  const raw =
    request.headers.get("last-event-id") ??
    new URL(request.url).searchParams.get("after_seq") ??
    "-1";
  const afterSeq = cursorSchema.parse(raw);
  return streamRunEvents({ ownerId: actor.userId, runId, afterSeq, signal: request.signal });
});
