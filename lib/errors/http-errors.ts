import { ApiError } from "./api-error";

type Details = Record<string, unknown> | undefined;

/** INVALID_REQUEST: the request body, query or path failed validation. */
export class InvalidRequestError extends ApiError {
  constructor(message: string, details?: Details) {
    super({ code: "INVALID_REQUEST", message, details });
  }
}

/** UNAUTHORIZED: a missing or wrong internal service key. */
export class UnauthorizedError extends ApiError {
  constructor(message = "A valid X-Internal-Key header is required.") {
    super({ code: "UNAUTHORIZED", message });
  }
}

/** FORBIDDEN_ORIGIN: a state change from another origin, or a Host outside the allow-list (SEC-2). */
export class ForbiddenOriginError extends ApiError {
  constructor(message: string, details?: Details) {
    super({ code: "FORBIDDEN_ORIGIN", message, details });
  }
}

/** UNSUPPORTED_MEDIA_TYPE: a body in a media type the route does not take (JSON routes: application/json). */
export class UnsupportedMediaTypeError extends ApiError {
  constructor(message: string, details?: Details) {
    super({ code: "UNSUPPORTED_MEDIA_TYPE", message, details });
  }
}

/** NOT_FOUND: the thing does not exist or belongs to someone else (never say which). */
export class NotFoundError extends ApiError {
  constructor(what: string, details?: Details) {
    super({ code: "NOT_FOUND", message: `${what} was not found.`, details });
  }
}

/** PAYLOAD_TOO_LARGE: an upload over the configured limit. */
export class PayloadTooLargeError extends ApiError {
  constructor(limitBytes: number, details?: Details) {
    super({
      code: "PAYLOAD_TOO_LARGE",
      message: `The file is larger than the upload limit of ${formatBytes(limitBytes)}.`,
      details: { limit_bytes: limitBytes, ...details },
    });
  }
}

/** PAYLOAD_TOO_LARGE: a compressed upload that expands past the uncompressed limit (a gzip bomb). */
export class UncompressedTooLargeError extends ApiError {
  constructor(limitBytes: number, details?: Details) {
    super({
      code: "PAYLOAD_TOO_LARGE",
      message: `The compressed file expands past the limit of ${formatBytes(limitBytes)}.`,
      details: { limit_uncompressed_bytes: limitBytes, ...details },
    });
  }
}

/** UNSUPPORTED_FILE: a file whose name or content is not a supported dataset. */
export class UnsupportedFileError extends ApiError {
  constructor(message: string, details?: Details) {
    super({ code: "UNSUPPORTED_FILE", message, details });
  }
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024)
    return `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) ? 1 : 0)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(bytes % 1024 ? 1 : 0)} KiB`;
  return `${bytes} bytes`;
}
