/** The latest finished turn being edited: its run and the datasets its message had attached. */
export type EditingTurn = { runId: string; attachments: string[] };
