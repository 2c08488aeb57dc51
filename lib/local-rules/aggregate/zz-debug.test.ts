import { afterAll, it } from "vitest";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { planAggregateQuery, writeAggregateLead } from "@/lib/local-rules/aggregate";
import reference from "@/lib/local-rules/aggregate/fixtures/aggregate_reference.json";
import {
  type AggregateTestDataset,
  aggregateTestGraph,
  runAggregateSql,
} from "@/lib/local-rules/aggregate/testing/aggregate-test-graphs";

afterAll(async () => {
  await closeIdleQueryEngines();
});
it("debug", { timeout: 300_000 }, async () => {
  const only = process.env.ONLY;
  for (const c of reference.cases) {
    if (only && !c.id.includes(only)) continue;
    const { graph, schema } = await aggregateTestGraph(c.dataset as AggregateTestDataset);
    for (const q of c.questions) {
      const plan = planAggregateQuery({ question: q, schema });
      if (!plan) {
        console.log(`NULL  [${c.id}] ${q}`);
        continue;
      }
      try {
        const rows = await runAggregateSql({ graph, sql: plan.sql });
        const lead = writeAggregateLead({
          plan,
          rows,
          language: /[\u4e00-\u9fff]/.test(q) ? "zh" : "en",
          question: q,
        });
        const first = rows[0] ?? {};
        const got =
          plan.answer === "entity" || plan.answer === "table"
            ? first[plan.idColumn ?? plan.labelColumn ?? ""]
            : first[plan.valueColumn];
        const ok =
          plan.answer === c.answer &&
          (typeof c.value === "number" ? Math.abs(Number(got) - c.value) < 1e-6 : got === c.value);
        console.log(
          `${ok ? "OK  " : "BAD "} [${c.id}] ${q}\n      -> ${plan.answer} ${JSON.stringify(got)} | ${lead}${ok || !process.env.SQL ? "" : `\n${plan.sql}`}`,
        );
      } catch (error) {
        console.log(`ERR [${c.id}] ${q} ${(error as Error).message}\n${plan.sql}`);
      }
    }
  }
});
