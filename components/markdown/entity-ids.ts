/** A UUID as the workbench stores ids (datasets, models, reports, artefacts). */
const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** A piece of prose: plain text, or an id that the reader sees shortened. */
export type EntityIdPiece = { kind: "text"; text: string } | { kind: "id"; id: string };

/**
 * Splits text around UUIDs. A 36-character id in a sentence is noise to a reader (the name of
 * the dataset or file says more), so the answer shows its first 8 characters and keeps the full
 * id for a tooltip and for copying; empty text pieces are left out.
 */
export function splitEntityIds(text: string): EntityIdPiece[] {
  const pieces: EntityIdPiece[] = [];
  let position = 0;
  for (const match of text.matchAll(uuidPattern)) {
    const start = match.index ?? 0;
    if (start > position) pieces.push({ kind: "text", text: text.slice(position, start) });
    pieces.push({ kind: "id", id: match[0] });
    position = start + match[0].length;
  }
  if (position < text.length) pieces.push({ kind: "text", text: text.slice(position) });
  return pieces;
}

/** The short form of an id shown in prose: the first 8 characters, as the results view does. */
export function shortEntityId(id: string): string {
  return id.slice(0, 8);
}

/**
 * A one-line tool summary without ids: `dataset_id=017d79a3-…` pairs are dropped (the card's
 * data keeps them), and any other UUID is shortened.
 */
export function summaryWithoutIds(summary: string): string {
  return summary
    .replace(/\b\w*id=[0-9a-f]{8}-[0-9a-f-]*…?(, )?/gi, "")
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f-]*…?/gi, (id) => shortEntityId(id))
    .replace(/,\s*$/, "")
    .trim();
}
