// A stand-in server for query-engine-process.test.ts: starts the SQL engine for a small graph,
// sets a cross join running, says "running", then dies by SIGKILL as a crashed server would.
// TMPDIR (the one variable the engine process inherits) carries the test's marker.
import { graphFromEdges } from "../../algorithms/test-graphs";
import { runGraphQuery } from "../run-graph-query";

async function main(): Promise<void> {
  const edges: [string, string][] = [];
  for (let i = 0; i < 2000; i++) edges.push([`a${i}`, `a${(i * 7) % 2000}`]);
  const graph = graphFromEdges({ edges });
  await runGraphQuery({ graph, sql: "SELECT count(*) FROM nodes" });
  void runGraphQuery({
    graph,
    sql: "SELECT count(*) FROM edges a, edges b, edges c, edges d",
    timeoutMs: 600_000,
  }).catch(() => undefined);
  setTimeout(() => {
    process.stdout.write("running\n");
    process.kill(process.pid, "SIGKILL");
  }, 1000);
}

void main();
