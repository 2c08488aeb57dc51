/** The DOM id of a tool card; figure links point at it (and at its title, for aria-describedby). */
export function toolCardDomId({
  runId,
  toolCallId,
}: {
  runId: string;
  toolCallId: string;
}): string {
  return `tool-card-${`${runId}-${toolCallId}`.replace(/[^A-Za-z0-9_-]/g, "_")}`;
}

export function toolCardTitleId(input: { runId: string; toolCallId: string }): string {
  return `${toolCardDomId(input)}-title`;
}
