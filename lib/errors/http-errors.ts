import { ApiError } from "./api-error";

type Details = Record<string, unknown> | undefined;

/** 400: the request body, query or path failed validation. */
export class InvalidRequestError extends ApiError {
  constructor(message: string, details?: Details) {
    super({ code: "INVALID_REQUEST", status: 400, message, details });
  }
}

/** 401: a missing or wrong internal service key. */
export class UnauthorizedError extends ApiError {
  constructor(message = "A valid X-Internal-Key header is required.") {
    super({ code: "UNAUTHORIZED", status: 401, message });
  }
}

/** 403: a state change from another origin, or a Host header outside the allow-list (SEC-2). */
export class ForbiddenOriginError extends ApiError {
  constructor(message: string, details?: Details) {
    super({ code: "FORBIDDEN_ORIGIN", status: 403, message, details });
  }
}

/** 415: a request body in a media type the route does not take (JSON routes: application/json). */
export class UnsupportedMediaTypeError extends ApiError {
  constructor(message: string, details?: Details) {
    super({ code: "UNSUPPORTED_MEDIA_TYPE", status: 415, message, details });
  }
}

/** 404: the thing does not exist or belongs to someone else (never say which). */
export class NotFoundError extends ApiError {
  constructor(what: string, details?: Details) {
    super({ code: "NOT_FOUND", status: 404, message: `${what} was not found.`, details });
  }
}

/** 413: an upload over the configured limit. */
export class PayloadTooLargeError extends ApiError {
  constructor(limitBytes: number, details?: Details) {
    super({
      code: "PAYLOAD_TOO_LARGE",
      status: 413,
      message: `The file is larger than the upload limit of ${formatBytes(limitBytes)}.`,
      details: { limit_bytes: limitBytes, ...details },
    });
  }
}

/** 415: a file whose name or content is not a supported dataset. */
export class UnsupportedFileError extends ApiError {
  constructor(message: string, details?: Details) {
    super({ code: "UNSUPPORTED_FILE", status: 415, message, details });
  }
}

/** 400: content that looks like the right kind but cannot be parsed; carries line/column. */
export class ParseError extends ApiError {
  constructor(
    message: string,
    position: { line?: number; column?: number } = {},
    details?: Details,
  ) {
    super({ code: "PARSE_ERROR", status: 400, message, details: { ...position, ...details } });
  }
}

/** 503: a dependency (usually the database) is not reachable. */
export class ServiceUnavailableError extends ApiError {
  constructor(message: string, details?: Details) {
    super({ code: "SERVICE_UNAVAILABLE", status: 503, message, details });
  }
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024)
    return `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) ? 1 : 0)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(bytes % 1024 ? 1 : 0)} KiB`;
  return `${bytes} bytes`;
}
