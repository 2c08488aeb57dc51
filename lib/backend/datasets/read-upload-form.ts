import { InvalidRequestError, PayloadTooLargeError } from "@/lib/errors/http-errors";

// Multipart headers and boundaries around the file; generous so a file exactly at the limit fits.
const multipartOverheadBytes = 64 * 1024;

/** An uploaded file fully read into memory, within the size limit. */
export type UploadedFile = { filename: string; bytes: Uint8Array; name?: string };

/**
 * Reads a multipart upload without ever buffering more than the limit: a declared
 * Content-Length over the limit is refused before reading, and a streamed body is cut off as
 * soon as it passes the limit.
 */
export async function readUploadForm(input: {
  request: Request;
  maxFileBytes: number;
}): Promise<UploadedFile> {
  const { request, maxFileBytes } = input;
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    throw new InvalidRequestError('Send the file as multipart/form-data in a field named "file".');
  }
  const maxBodyBytes = maxFileBytes + multipartOverheadBytes;
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBodyBytes) {
    throw new PayloadTooLargeError(maxFileBytes, { received_bytes: declared });
  }
  const body = await readBodyWithLimit(request, maxBodyBytes, maxFileBytes);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new InvalidRequestError("The multipart body could not be read.");
  }
  const file = form.get("file");
  if (!(file instanceof File)) {
    throw new InvalidRequestError('The upload has no file in the field named "file".');
  }
  if (file.size > maxFileBytes) {
    throw new PayloadTooLargeError(maxFileBytes, { received_bytes: file.size });
  }
  const name = form.get("name");
  return {
    filename: file.name,
    bytes: new Uint8Array(await file.arrayBuffer()),
    name: typeof name === "string" ? name : undefined,
  };
}

async function readBodyWithLimit(
  request: Request,
  maxBodyBytes: number,
  maxFileBytes: number,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) throw new InvalidRequestError("The request has no body.");
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBodyBytes) {
      await reader.cancel().catch(() => {});
      throw new PayloadTooLargeError(maxFileBytes);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
