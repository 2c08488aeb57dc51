"use client";

import { useMemo } from "react";
import { useConstructions } from "@/hooks/use-constructions";
import { secondaryButtonClass } from "../../ui/button-styles";
import { exampleQuestionsFor } from "./dataset-example-questions";

/**
 * An empty conversation: what to ask, one click from the message box — in the words of the
 * dataset about to be asked about (the one attached, else the conversation's), once its built
 * graph is known; generic graph questions until then.
 */
export function ExampleQuestions({
  datasetId,
  onPick,
}: {
  datasetId: string | null;
  onPick: (question: string) => void;
}) {
  const constructions = useConstructions(datasetId);
  const questions = useMemo(() => {
    const ready = datasetId
      ? constructions.data?.find((construction) => construction.status === "ready")
      : undefined;
    return exampleQuestionsFor(ready ?? null);
  }, [datasetId, constructions.data]);
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
        {questions.map((question) => (
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
