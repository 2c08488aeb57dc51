import type { ModelRecord } from "@/lib/contracts/ml-models";
import { formatMetric } from "./ml-labels";

type MetricKey = "accuracy" | "macro_f1" | "auc" | "ap" | "loss";

const columnsByTask: Record<ModelRecord["task"], { key: MetricKey; label: string }[]> = {
  node_classification: [
    { key: "accuracy", label: "Accuracy" },
    { key: "macro_f1", label: "Macro F1" },
    { key: "loss", label: "Loss" },
  ],
  link_prediction: [
    { key: "auc", label: "AUC" },
    { key: "ap", label: "AP" },
    { key: "loss", label: "Loss" },
  ],
};

const parts = ["train", "val", "test"] as const;
const partLabels = { train: "Train", val: "Validation", test: "Test" };

/**
 * The final metrics of one model record, per part of its split, exactly as stored (each cell
 * carries the stored value in `data-value`; the text is rounded to 4 significant digits).
 */
export function FinalMetricsTable({ record }: { record: ModelRecord }) {
  const columns = columnsByTask[record.task];
  return (
    <table className="w-full max-w-xl text-left text-sm" data-testid="final-metrics">
      <caption className="mb-1 text-left text-xs text-slate-600">
        Final metrics of the kept epoch ({record.protocol.keptEpoch} of {record.protocol.epochsRun}{" "}
        run), seed {record.protocol.seed}
      </caption>
      <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
        <tr>
          <th scope="col" className="py-1 pr-4 font-medium">
            Part (nodes or edges)
          </th>
          {columns.map((column) => (
            <th key={column.key} scope="col" className="py-1 pr-4 font-medium">
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {parts.map((part) => (
          <tr key={part} className="border-b border-slate-100">
            <th scope="row" className="py-1 pr-4 font-medium text-slate-700">
              {partLabels[part]} ({record.split.sizes[part]})
            </th>
            {columns.map((column) => {
              const value = record.metrics[part][column.key];
              return (
                <td
                  key={column.key}
                  className="py-1 pr-4 tabular-nums"
                  data-testid={`metric-${part}-${column.key}`}
                  data-value={typeof value === "number" ? String(value) : ""}
                >
                  {formatMetric(value)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
