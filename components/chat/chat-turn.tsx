import type { Dataset } from "@/hooks/api/dataset-schema";
import type { ChatMessage, RunSummary } from "@/hooks/api/session-schema";
import { RunTranscript } from "./run-transcript";
import { UserMessage } from "./user-message";

/** One exchange: the user's message and the run that answers it. */
export function ChatTurn({
  run,
  userMessages,
  live,
  datasetsById,
}: {
  run: RunSummary;
  userMessages: ChatMessage[];
  live: boolean;
  datasetsById: ReadonlyMap<string, Dataset>;
}) {
  return (
    <li className="space-y-3" data-testid="chat-turn" data-run-id={run.run_id}>
      {userMessages.map((message) => (
        <UserMessage key={message.message_id} message={message} datasetsById={datasetsById} />
      ))}
      <RunTranscript runId={run.run_id} live={live} />
    </li>
  );
}
