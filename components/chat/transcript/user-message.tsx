import type { Dataset } from "@/lib/contracts/dataset";
import type { ChatMessage } from "@/lib/contracts/session";

/** The user's message: their words as typed (plain text) and the datasets attached to it. */
export function UserMessage({
  message,
  datasetsById,
}: {
  message: ChatMessage;
  datasetsById: ReadonlyMap<string, Dataset>;
}) {
  const text = message.parts
    .map((part) => (part.type === "text" && "text" in part ? String(part.text) : ""))
    .join("\n");
  const datasetIds = message.parts.flatMap((part) =>
    part.type === "dataset" && "dataset_id" in part ? [String(part.dataset_id)] : [],
  );
  return (
    <div className="flex justify-end" data-testid="user-message">
      <div className="max-w-[85%] rounded-lg bg-blue-600 px-4 py-2.5 text-sm text-white shadow-sm">
        <p className="whitespace-pre-wrap break-words" data-testid="user-message-text">
          {text}
        </p>
        {datasetIds.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Attached datasets">
            {datasetIds.map((id) => {
              const dataset = datasetsById.get(id);
              return (
                <li
                  key={id}
                  data-testid="attachment-chip"
                  data-dataset-id={id}
                  className="rounded-full bg-white/15 px-2 py-0.5 text-xs ring-1 ring-white/40"
                >
                  <span aria-hidden="true">▦ </span>
                  {dataset?.name ?? "Deleted dataset"}
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
