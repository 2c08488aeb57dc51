/** A JSON value as a job's input and result are stored (jsonb). */
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;

/** A JSON object: a job's input is always one. */
export type JsonObject = { [key: string]: JsonValue };
