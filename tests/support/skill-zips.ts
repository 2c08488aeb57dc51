import yazl from "yazl";

type Entry = { path: string; content?: string | Buffer; symlinkTo?: string; compress?: boolean };

/** A .zip of the given entries, built with yazl (a real zip writer, not hand-made bytes). */
export function buildZip(entries: Entry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    if (entry.symlinkTo !== undefined) {
      // The unix mode marks the entry as a symbolic link; its data is the link target.
      zip.addBuffer(Buffer.from(entry.symlinkTo), entry.path, { mode: 0o120777 });
    } else {
      zip.addBuffer(Buffer.from(entry.content ?? ""), entry.path, {
        compress: entry.compress ?? true,
      });
    }
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on("data", (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on("error", reject);
  });
}

/**
 * A zip whose entry names are written verbatim, e.g. `../evil/SKILL.md`: yazl refuses such
 * names, so the archive is built with a safe placeholder of the same length and the name is
 * patched into the local and central headers afterwards.
 */
export async function buildZipWithRawName(input: {
  name: string;
  content: string;
}): Promise<Buffer> {
  const placeholder = "x".repeat(input.name.length);
  const zip = await buildZip([{ path: placeholder, content: input.content }]);
  const from = Buffer.from(placeholder);
  const to = Buffer.from(input.name);
  for (let index = zip.indexOf(from); index >= 0; index = zip.indexOf(from, index + 1)) {
    to.copy(zip, index);
  }
  return zip;
}
