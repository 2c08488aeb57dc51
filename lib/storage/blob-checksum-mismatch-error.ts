/**
 * BLOB_CHECKSUM_MISMATCH: the bytes read while storing a file are not the bytes its caller
 * hashed (the staged file changed in between). Nothing is stored; an internal failure (500).
 */
export class BlobChecksumMismatchError extends Error {
  readonly code = "BLOB_CHECKSUM_MISMATCH";
  constructor(input: { key: string; expected: string; sha256: string; bytes: number }) {
    super(
      `The file stored under ${input.key} has sha256 ${input.sha256} (${input.bytes} bytes), ` +
        `not the ${input.expected} it was staged with; it was not stored.`,
    );
  }
}
