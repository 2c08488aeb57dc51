import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { realGraphEngine } from "./real-graph-engine";
import { runConversation } from "./run-conversation";

// The first line of the offline model's answer to a question about a graph built from an edge
// CSV (and its node CSV): the paraphrase tests of the families judge the lead, as the question
// banks do.
export function csvGraphLead(
  texts: { edges: string; nodes?: string },
  options: { directed?: boolean } = {},
): (question: string) => Promise<string> {
  return async (question) => {
    const { answer } = await runConversation({
      question,
      state: attachedKarateState(),
      engine: await realGraphEngine({
        kind: "csv",
        texts,
        ...(options.directed ? { options: { directed: true } } : {}),
      }),
    });
    return answer.split("\n")[0];
  };
}
