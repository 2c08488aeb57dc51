import { formatBytes, formatExactBytes } from "@/lib/text/format-bytes";

/** The upload formats by extension; any of them may also come gzip-compressed (`.gz`). */
export const acceptedExtensions = [
  ".csv",
  ".txt",
  ".sql",
  ".graphml",
  ".gexf",
  ".gml",
  ".json",
  ".net",
  ".sqlite",
  ".sqlite3",
  ".db",
] as const;

/**
 * The file picker's `accept` list: browsers match only the last extension, so `.gz` lets
 * `edges.csv.gz` be chosen and checkUploadFile looks at the extension inside it.
 */
export const pickerExtensions = [...acceptedExtensions, ".gz"] as const;

/**
 * Rejects, before any byte is sent, only what the server would certainly reject too
 * (wrong extension, more bytes than its limit). Content checks stay with the server.
 */
export function checkUploadFile({
  file,
  maxBytes,
}: {
  file: File;
  maxBytes: number | undefined;
}): { code: string; message: string } | null {
  const innerName = file.name.toLowerCase().replace(/\.gz$/, "");
  if (!acceptedExtensions.some((extension) => innerName.endsWith(extension))) {
    return {
      code: "UNSUPPORTED_FILE",
      message: `Only ${acceptedExtensions.join(", ")} files (or any of them as .gz) can be uploaded.`,
    };
  }
  if (maxBytes !== undefined && file.size > maxBytes) {
    return {
      code: "PAYLOAD_TOO_LARGE",
      message: `The file is ${formatExactBytes(file.size)}; the server accepts at most ${formatBytes(maxBytes)} (${formatExactBytes(maxBytes)}).`,
    };
  }
  return null;
}
