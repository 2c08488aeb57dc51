import { formatBytes, formatExactBytes } from "@/lib/text/format-bytes";

export const acceptedExtensions = [".csv", ".txt", ".sql"] as const;

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
  const lowerName = file.name.toLowerCase();
  if (!acceptedExtensions.some((extension) => lowerName.endsWith(extension))) {
    return {
      code: "UNSUPPORTED_FILE",
      message: `Only ${acceptedExtensions.join(", ")} files can be uploaded.`,
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
