import { quietButtonClass } from "../../ui/button-styles";

/** Says the message box is editing the latest turn, and offers to leave that mode. */
export function EditingNotice({ id, onCancel }: { id: string; onCancel: () => void }) {
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-950"
      data-testid="editing-notice"
    >
      <p id={id}>
        <strong>Editing your last message.</strong> Sending it starts a new answer from the edited
        text; the earlier answer stays in the conversation, marked as edited.
      </p>
      <button
        type="button"
        className={quietButtonClass}
        onClick={onCancel}
        data-testid="cancel-edit-button"
      >
        Cancel edit
      </button>
    </div>
  );
}
