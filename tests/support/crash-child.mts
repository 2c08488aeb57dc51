// Child process for the crash test (PS-4): serves the graph engine's MCP route, starts one run
// through the real start path, reports its id, then keeps working until the test SIGKILLs it.
// Run with `tsx --conditions=react-server` so `server-only` modules load outside Next.
import * as mcpRoute from "../../app/api/mcp/route";
import { resetEnvForTests } from "../../lib/env";
import { executorId } from "../../lib/process/executor-id";
import { startRun } from "../../lib/runs/start/start-run";
import { serveRouteHandlers } from "./serve-route-handlers";

const engine = await serveRouteHandlers({
  POST: mcpRoute.POST,
  GET: mcpRoute.GET,
  DELETE: mcpRoute.DELETE,
});
process.env.GRAPH_ENGINE_URL = `${engine.url}/api/mcp`;
resetEnvForTests();
const { run } = await startRun({
  ownerId: process.env.CRASH_OWNER_ID as string,
  sessionId: process.env.CRASH_SESSION_ID as string,
  body: {
    start_request_id: process.env.CRASH_START_REQUEST_ID as string,
    message: process.env.CRASH_MESSAGE ?? "load the karate graph, then think for a long time",
    attachments: [process.env.CRASH_DATASET_ID as string],
    options: {
      model: "fake-gpt",
      reasoning_mode: "direct",
      planning_mode: "auto",
      output_format: "chat",
    },
  },
});
process.stdout.write(
  `${JSON.stringify({ run_id: run.run_id, executor_id: executorId(), pid: process.pid })}\n`,
);
setInterval(() => {}, 60_000);
