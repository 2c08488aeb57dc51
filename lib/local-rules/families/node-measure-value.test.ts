import { describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { karateEngine } from "../testing/karate-engine";
import { runConversation } from "../testing/run-conversation";

async function ask(question: string) {
  const { answer, turns } = await runConversation({
    question,
    state: attachedKarateState(),
    engine: karateEngine(),
  });
  const calls = turns.flatMap((turn) => turn.calls);
  return { lead: answer.split("\n")[0], calls };
}

// Scores are NetworkX's (the karate engine's reference): betweenness of n5 is 0.029987 (10th of
// 34), PageRank of n2 0.057079 (4th).
describe("one named node's score", () => {
  it("states the node's own score and rank, not the leader's", async () => {
    for (const question of [
      "What is n5's betweenness centrality?",
      "How high is the betweenness of n5?",
      "n5 的介数中心性是多少？",
    ]) {
      const { lead, calls } = await ask(question);
      expect(lead).toMatch(/0\.02999/);
      expect(lead).toMatch(/10/);
      expect(lead).not.toMatch(/n0\b/);
      const call = calls.find((each) => each.toolName === "node_centrality");
      expect(call?.input).toMatchObject({ algorithm: "betweenness", node_ids: ["n5"] });
    }
  });

  it("reads PageRank asked of a node", async () => {
    const { lead } = await ask("And n2's PageRank score?");
    expect(lead).toMatch(/0\.05708/);
    expect(lead).toMatch(/rank 4 of 34/);
  });

  it("leaves rankings to the ranking family", async () => {
    const { lead } = await ask("Which member has the highest PageRank?");
    expect(lead).toMatch(/n33/);
  });
});

describe("two named nodes' scores compared", () => {
  it("answers yes or no in the question's own order", async () => {
    const yes = await ask("Is n2's PageRank higher than n1's?");
    expect(yes.lead).toMatch(/^Yes — n2 has the higher PageRank/);
    const no = await ask("Does n5 have a higher betweenness than n1?");
    expect(no.lead).toMatch(/^No — n1 has the higher betweenness/);
    const lower = await ask("n5 的介数中心性比 n1 低吗？");
    expect(lower.lead).toMatch(/^是的——n1/);
    const call = no.calls.find((each) => each.toolName === "node_centrality");
    expect(call?.input).toMatchObject({ algorithm: "betweenness", node_ids: ["n5", "n1"] });
  });

  it("names the higher one when asked which", async () => {
    const { lead } = await ask("Which has the higher PageRank, n1 or n2?");
    expect(lead).toMatch(/^n2 has the higher PageRank \(n2 0\.05708, n1 0\.05288\)/);
  });
});
