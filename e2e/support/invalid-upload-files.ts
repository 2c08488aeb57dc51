import { randomBytes } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

export type InvalidUploadFile = { filePath: string; fileName: string; expectedCode: string };

/** Files the server must refuse, generated fresh in a temp directory for each run. */
export async function createInvalidUploadFiles({
  uploadMaxBytes,
}: {
  uploadMaxBytes: number;
}): Promise<InvalidUploadFile[]> {
  const directory = await mkdtemp(path.join(tmpdir(), "workbench-e2e-"));
  const pngHeader = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // Random bytes would only *probably* contain a NUL; put some in on purpose.
  const binary = Buffer.concat([pngHeader, Buffer.alloc(16), randomBytes(4096)]);
  // Valid CSV content, so size is the only thing wrong with it.
  const row = "source,target\n";
  const oversize = row.repeat(Math.ceil((uploadMaxBytes + 64 * 1024) / row.length));

  const files: Array<InvalidUploadFile & { content: string | Buffer }> = [
    {
      fileName: "blank-lines.txt",
      content: "   \n\t\n  \r\n\n",
      expectedCode: "UNSUPPORTED_FILE",
      filePath: "",
    },
    { fileName: "zero-bytes.csv", content: "", expectedCode: "UNSUPPORTED_FILE", filePath: "" },
    { fileName: "picture.csv", content: binary, expectedCode: "UNSUPPORTED_FILE", filePath: "" },
    {
      fileName: "too-large.csv",
      content: oversize,
      expectedCode: "PAYLOAD_TOO_LARGE",
      filePath: "",
    },
  ];
  for (const file of files) {
    file.filePath = path.join(directory, file.fileName);
    await writeFile(file.filePath, file.content);
  }
  return files.map(({ content: _content, ...file }) => file);
}
