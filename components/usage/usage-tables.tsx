import type { RunUsage, UsageDayRow, UsageTotalRow } from "@/lib/contracts/usage";
import { formatSeconds } from "../runs/format-run-usage";

const numberFormat = new Intl.NumberFormat("en-US");

const columns: { label: string; value: (usage: RunUsage) => string }[] = [
  { label: "Model calls", value: (usage) => numberFormat.format(usage.model_calls) },
  { label: "Input tokens", value: (usage) => numberFormat.format(usage.input_tokens) },
  { label: "Output tokens", value: (usage) => numberFormat.format(usage.output_tokens) },
  { label: "Tool calls", value: (usage) => numberFormat.format(usage.tool_calls) },
  { label: "Time", value: (usage) => formatSeconds(usage.seconds) },
];

function UsageTable({
  caption,
  leading,
  rows,
  testId,
}: {
  caption: string;
  leading: { label: string; value: (row: UsageDayRow | UsageTotalRow) => string }[];
  rows: (UsageDayRow | UsageTotalRow)[];
  testId: string;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full min-w-[36rem] text-left text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-500">
          <tr>
            {[...leading, ...columns].map((column) => (
              <th key={column.label} scope="col" className="px-3 py-2 font-medium">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={leading.map((column) => column.value(row)).join(" ")}
              className="border-b border-slate-100 last:border-0"
              data-testid={`${testId}-row`}
              data-model={row.model}
              data-day={"day" in row ? row.day : undefined}
            >
              {leading.map((column, index) =>
                index === 0 ? (
                  <th
                    key={column.label}
                    scope="row"
                    className="px-3 py-2 font-medium text-slate-800"
                  >
                    {column.value(row)}
                  </th>
                ) : (
                  <td key={column.label} className="px-3 py-2 font-mono text-slate-700">
                    {column.value(row)}
                  </td>
                ),
              )}
              {columns.map((column) => (
                <td key={column.label} className="px-3 py-2 tabular-nums text-slate-700">
                  {column.value(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Each model's usage over the range. */
export function UsageTotalsTable({ totals }: { totals: UsageTotalRow[] }) {
  return (
    <UsageTable
      caption="Usage per model over the range"
      leading={[{ label: "Model", value: (row) => row.model }]}
      rows={totals}
      testId="usage-totals"
    />
  );
}

/** Each day's usage per model, newest first: the chart's numbers as text. */
export function UsageDaysTable({ days }: { days: UsageDayRow[] }) {
  return (
    <UsageTable
      caption="Usage per day and model"
      leading={[
        { label: "Day (UTC)", value: (row) => ("day" in row ? row.day : "") },
        { label: "Model", value: (row) => row.model },
      ]}
      rows={[...days].reverse()}
      testId="usage-days"
    />
  );
}
