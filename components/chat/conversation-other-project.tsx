/** The conversation belongs to another project than the current one. */
export function ConversationOtherProject({ onLeave }: { onLeave: () => void }) {
  return (
    <div
      className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="conversation-other-project"
    >
      This conversation belongs to another project. Switch back to that project to open it, or{" "}
      <button type="button" className="font-medium underline" onClick={onLeave}>
        choose a conversation of this one
      </button>
      .
    </div>
  );
}
