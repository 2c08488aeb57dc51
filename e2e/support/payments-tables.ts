import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A payments edge table (payer → payee with an `amount`, the money a weighted build reads) and
 * its accounts node table (`club`, `country`), written fresh in a temp directory for each run.
 * 6 accounts, 8 payments; alice pays the most, dave receives the most.
 */
export async function writePaymentsTables(): Promise<{
  edgesPath: string;
  nodesPath: string;
  nodes: number;
  edges: number;
}> {
  const directory = await mkdtemp(path.join(tmpdir(), "workbench-payments-"));
  const edges = [
    "payer,payee,amount,channel",
    "alice,bob,120.50,card",
    "alice,dave,900,wire",
    "bob,carol,30,cash",
    "carol,alice,75,card",
    "dave,erin,12.25,card",
    "erin,frank,40,cash",
    "frank,dave,300,wire",
    "bob,dave,60,card",
  ];
  const nodes = [
    "id,club,country",
    "alice,red,FR",
    "bob,blue,DE",
    "carol,red,FR",
    "dave,blue,IT",
    "erin,green,ES",
    "frank,green,FR",
  ];
  const edgesPath = path.join(directory, "payments.csv");
  const nodesPath = path.join(directory, "payments_nodes.csv");
  await writeFile(edgesPath, `${edges.join("\n")}\n`);
  await writeFile(nodesPath, `${nodes.join("\n")}\n`);
  return { edgesPath, nodesPath, nodes: nodes.length - 1, edges: edges.length - 1 };
}
