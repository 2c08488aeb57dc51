import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { realGraphEngine } from "./real-graph-engine";
import { runConversation } from "./run-conversation";

// The first line of the offline model's answer to a question about a graph built from a SQL
// dump: the paraphrase tests of the SQL-dump families judge the lead, as the question banks do.
export function sqlDumpLead(dump: string): (question: string) => Promise<string> {
  return async (question) => {
    const { answer } = await runConversation({
      question,
      state: attachedKarateState(),
      engine: await realGraphEngine({ kind: "sql", text: dump }),
    });
    return answer.split("\n")[0];
  };
}
