import type { ModelRecord } from "@/lib/contracts/ml-models";
import { RocCurves } from "./roc-curves";
import { TrainingCurves } from "./training-curves";

/**
 * A model's curves: the per-epoch training curves and, for a link predictor whose record has
 * them, its ROC curves beside them (stacked on a narrow screen).
 */
export function ModelCurves({ record }: { record: ModelRecord }) {
  const hasRoc = record.curves.roc !== undefined;
  return (
    <div className={hasRoc ? "grid gap-6 lg:grid-cols-2" : undefined}>
      <div className="min-w-0">
        <TrainingCurves record={record} />
      </div>
      {hasRoc ? (
        <div className="min-w-0">
          <RocCurves record={record} />
        </div>
      ) : null}
    </div>
  );
}
