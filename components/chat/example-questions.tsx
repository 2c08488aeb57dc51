import { secondaryButtonClass } from "../ui/button-styles";

/**
 * Questions the built-in model answers from real tool results; a starting point, not a menu.
 * They are asked before a dataset is chosen, so they speak of nodes, edges and communities only:
 * a domain word ("customers") would be wrong for most graphs (a karate club has none).
 */
export const exampleQuestions = [
  "Which nodes have the highest betweenness centrality?",
  "Which nodes have the highest PageRank?",
  "How many communities does the graph have, and how large are they?",
  "Describe the loaded graph: node and edge types and counts.",
] as const;

/** An empty conversation: what to ask, one click from the message box. */
export function ExampleQuestions({ onPick }: { onPick: (question: string) => void }) {
  return (
    <div
      data-testid="conversation-empty"
      className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-700"
    >
      <p className="font-medium text-slate-900">No messages yet.</p>
      <p className="mt-1">
        Attach a dataset whose graph is built and ask a question about it. For example:
      </p>
      <ul className="mt-3 flex flex-col items-start gap-2">
        {exampleQuestions.map((question) => (
          <li key={question}>
            <button
              type="button"
              className={`${secondaryButtonClass} text-left`}
              onClick={() => onPick(question)}
              data-testid="example-question"
            >
              {question}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
