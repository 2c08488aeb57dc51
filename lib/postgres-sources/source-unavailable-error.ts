import { ApiError } from "@/lib/errors/api-error";

/**
 * SOURCE_UNAVAILABLE: a live database named as a dataset source cannot be read — unreachable,
 * a refused login, a missing database, schema or table. The message is one sentence of ours:
 * never the server's own text (it may carry a banner or echo the login).
 */
export class SourceUnavailableError extends ApiError {
  constructor(message: string, details?: Record<string, unknown>) {
    super({ code: "SOURCE_UNAVAILABLE", message, details });
  }
}
