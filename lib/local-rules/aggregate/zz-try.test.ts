import { afterAll, it } from "vitest";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { planAggregateQuery, writeAggregateLead } from "@/lib/local-rules/aggregate";
import {
  type AggregateTestDataset,
  aggregateTestGraph,
  runAggregateSql,
} from "./testing/aggregate-test-graphs";

afterAll(async () => {
  await closeIdleQueryEngines();
});
const tries: [AggregateTestDataset, string][] = (process.env.TRIES ?? "")
  .split("\n")
  .filter(Boolean)
  .map((line) => {
    const [d, ...q] = line.split("|");
    return [d as AggregateTestDataset, q.join("|")];
  });
it("try", { timeout: 300_000 }, async () => {
  for (const [dataset, q] of tries) {
    const { graph, schema } = await aggregateTestGraph(dataset);
    const plan = planAggregateQuery({ question: q, schema });
    if (!plan) {
      console.log(`NULL ${dataset}: ${q}`);
      continue;
    }
    try {
      const rows = await runAggregateSql({ graph, sql: plan.sql });
      console.log(
        `PLAN ${dataset}: ${q}\n   ${plan.answer} | ${plan.describe.en} | ${writeAggregateLead({ plan, rows, language: /[\u4e00-\u9fff]/.test(q) ? "zh" : "en", question: q })}${process.env.SQL ? `\n${plan.sql}` : ""}`,
      );
    } catch (e) {
      console.log(`ERR ${q}: ${(e as Error).message}\n${plan.sql}`);
    }
  }
});
