/**
 * Saves a generated file in the browser: a temporary object URL on a clicked `<a download>`,
 * revoked after the click has been handled.
 */
export function downloadBlob({ blob, name }: { blob: Blob; name: string }): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = name;
  anchor.rel = "noopener";
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file name from a caption: letters, digits, `-` and `_` only, never empty. */
export function fileNameFrom({ text, extension }: { text: string; extension: string }): string {
  const stem = text
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .toLowerCase();
  return `${stem || "download"}.${extension}`;
}
