import { primaryButtonClass, secondaryButtonClass } from "../../ui/button-styles";

/** Approve / Reject… / Modify…: the latter two open their panel (`panelId`) below the card. */
export function ApprovalDecisionButtons({
  toolName,
  locked,
  approving,
  panel,
  panelId,
  onApprove,
  onToggle,
}: {
  toolName: string;
  /** Off while a decision is on its way, after it was accepted, or before the pause is saved. */
  locked: boolean;
  approving: boolean;
  panel: "modify" | "reject" | null;
  panelId: string;
  onApprove: () => void;
  onToggle: (panel: "modify" | "reject") => void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">Decision about {toolName}</legend>
      <button
        type="button"
        className={primaryButtonClass}
        disabled={locked}
        aria-busy={approving}
        onClick={onApprove}
        data-testid="approval-approve"
      >
        Approve
      </button>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={locked}
        aria-expanded={panel === "reject"}
        aria-controls={panelId}
        onClick={() => onToggle("reject")}
        data-testid="approval-reject"
      >
        Reject…
      </button>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={locked}
        aria-expanded={panel === "modify"}
        aria-controls={panelId}
        onClick={() => onToggle("modify")}
        data-testid="approval-modify"
      >
        Modify…
      </button>
    </fieldset>
  );
}
