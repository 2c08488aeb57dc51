import type { ConstructionError } from "@/lib/contracts/dataset";

/** Why the last graph construction failed, with the source position when the server knows it. */
export function ConstructionErrorText({ error }: { error: ConstructionError }) {
  const position =
    error.line !== null && error.line !== undefined
      ? ` (line ${error.line}${error.column !== null && error.column !== undefined ? `, column ${error.column}` : ""})`
      : "";
  return (
    <p className="mt-1 max-w-xs text-xs text-red-800" data-testid="construction-error">
      {error.message}
      {position} <code className="rounded bg-red-50 px-1 font-mono">{error.code}</code>
    </p>
  );
}
