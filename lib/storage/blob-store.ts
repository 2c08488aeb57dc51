import type { Readable } from "node:stream";

/**
 * What a stored blob is: its key, size and content checksum. The local disk store keeps no
 * checksum beside a file, so its `stat` and `list` leave `sha256` out (hashing on every look
 * would read the whole file); a write always reports it.
 */
export type BlobInfo = { key: string; bytes: number; sha256?: string };

/** What a write reports: the checksum is always known, since the write streamed every byte. */
export type WrittenBlob = { key: string; bytes: number; sha256: string };

/** A byte range of a blob, both ends inclusive (as in an HTTP Range header). */
export type BlobRange = { start: number; end: number };

/**
 * Where every byte a user or a run produces is kept (docs/storage.md). A key is a relative,
 * slash-separated path built from server ids only (e.g. `uploads/<owner>/<dataset>.csv`); the
 * local disk store keeps it under DATA_DIR at exactly that path, the PostgreSQL store in the
 * `blobs` and `blob_chunks` tables. Writes and reads stream: neither holds a whole file.
 */
export interface BlobStore {
  /** Which implementation this is (BLOB_STORE). */
  readonly kind: "local" | "postgres";
  /** Stores the stream under `key`, replacing any previous blob atomically. */
  write(input: { key: string; content: Readable }): Promise<WrittenBlob>;
  /**
   * Stores a local file under `key` and removes the file: the local store renames it (no copy),
   * the PostgreSQL store streams it in. For files staged on this machine (uploads in progress).
   * `sha256`, when the caller hashed the file while staging it, spares the local store a re-read.
   */
  moveFileIn(input: { key: string; path: string; sha256?: string }): Promise<WrittenBlob>;
  /**
   * Writes a blob's bytes to a local file (a working copy, e.g. a workspace area where commands
   * run): the local store hard-links it when it can (no copy), the PostgreSQL store streams it
   * out. The file appears whole or not at all. BlobNotFoundError if absent.
   */
  materialise(input: { key: string; path: string }): Promise<void>;
  /** The blob's bytes (or a range of them) as a stream; BlobNotFoundError if absent. */
  read(input: { key: string; range?: BlobRange }): Promise<Readable>;
  /** Size and checksum, or undefined when absent. */
  stat(input: { key: string }): Promise<BlobInfo | undefined>;
  /** Removes one blob; absent is not an error. */
  delete(input: { key: string }): Promise<void>;
  /** Removes every blob whose key starts with `prefix` (a folder: end it with "/"). */
  deletePrefix(input: { prefix: string }): Promise<void>;
  /** Keys starting with `prefix`, sorted. */
  list(input: { prefix: string }): Promise<BlobInfo[]>;
}
