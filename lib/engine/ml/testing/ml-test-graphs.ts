import { readFileSync } from "node:fs";
import path from "node:path";
import { createRandom } from "../../algorithms/seeded-random";
import { constructFromCsv } from "../../construction/csv/construct-from-csv";
import { GraphBuilder } from "../../graph/graph-builder";
import type { GraphData } from "../../graph/graph-data";

const fixtures = path.resolve(import.meta.dirname, "../../../../tests/fixtures");

/** Zachary's karate club with the `club` property (Mr. Hi / Officer). */
export function karateGraph(): GraphData {
  return constructFromCsv({
    nodes: readFileSync(path.join(fixtures, "karate_nodes.csv"), "utf8"),
    edges: readFileSync(path.join(fixtures, "karate_edges.csv"), "utf8"),
  });
}

/**
 * A planted-partition graph: `classes` communities, denser inside than across, each node with
 * a numeric `score`, a categorical `colour` and `words` sparse 0/1 columns that hint at its
 * class. Big enough that training takes measurable time, small enough for unit tests.
 */
export function plantedGraph(input: {
  nodes: number;
  classes: number;
  words: number;
  seed: number;
}): GraphData {
  const random = createRandom({ seed: input.seed });
  const builder = new GraphBuilder({ directed: false });
  const classOf = (u: number) => u % input.classes;
  for (let u = 0; u < input.nodes; u++) {
    const properties: Record<string, string | number> = {
      class: `k${classOf(u)}`,
      score: classOf(u) + random() * 2,
      colour: ["red", "green", "blue"][Math.floor(random() * 3)],
    };
    for (let w = 0; w < input.words; w++) {
      const hinted = w % input.classes === classOf(u);
      properties[`w${w}`] = random() < (hinted ? 0.15 : 0.03) ? 1 : 0;
    }
    builder.addNode(`v${u}`, { properties });
  }
  for (let u = 0; u < input.nodes; u++) {
    for (let k = 0; k < 3; k++) {
      const same = random() < 0.8;
      let v = Math.floor(random() * input.nodes);
      if (same) v = v - (v % input.classes) + classOf(u);
      if (v !== u && v < input.nodes) builder.addEdge(`v${u}`, `v${v}`);
    }
  }
  return builder.build();
}
