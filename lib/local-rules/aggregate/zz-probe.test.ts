import { it } from "vitest";
import { mentionsGraphMeasure } from "./graph-measure-words";
import { findGroupChains } from "./group-chain";
import { readMeasureSignals } from "./measure-words";
import { readQueryCatalogue } from "./query-catalogue";
import { findMentions } from "./question-mentions";
import { type AggregateTestDataset, aggregateTestGraph } from "./testing/aggregate-test-graphs";

it("probe", { timeout: 120_000 }, async () => {
  const { schema } = await aggregateTestGraph((process.env.DS ?? "shop") as AggregateTestDataset);
  const question = process.env.Q ?? "";
  const catalogue = readQueryCatalogue({ schema });
  console.log("blocked", mentionsGraphMeasure({ question, catalogue }));
  const mentions = findMentions({ question, catalogue });
  for (const m of mentions)
    console.log(
      m.kind,
      m.start,
      m.end,
      m.surface,
      m.kind === "type"
        ? `${m.table.key} ${m.strength}`
        : m.kind === "property"
          ? m.candidates.map((r) => `${r.table.key}.${r.column.column}`).join(",") +
            (m.money ? " money" : "") +
            (m.impliesSum ? " sum" : "")
          : m.candidates.map((c) => `${c.ref.column.column}=${c.value}`).join(","),
    );
  const signals = readMeasureSignals(question);
  console.log(JSON.stringify(signals));
  console.log(
    JSON.stringify(
      findGroupChains({ question, mentions, signals }).map((c) => ({
        how: c.how,
        m: c.mentions.map((m) => m.surface),
      })),
    ),
  );
});
