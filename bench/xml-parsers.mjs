// Streaming XML parsers on one large GraphML file: time and peak RSS of a pass that sees every
// element with its attributes and text, as the GraphML and GEXF readers need. Each parser runs
// in its own child process so their peaks do not mix.
//
//   node bench/xml-parsers.mjs <file.graphml> [saxes|sax|htmlparser2]
//
// The parsers must be installed (`saxes` is a dependency; `sax` and `htmlparser2` are not:
// `npm install --no-save sax htmlparser2` to compare).
import { spawnSync } from "node:child_process";
import { createReadStream } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const [file, only] = process.argv.slice(2);
if (!file) throw new Error("usage: node bench/xml-parsers.mjs <file.graphml> [parser]");

const parsers = {
  saxes(onElement, onText) {
    const { SaxesParser } = require("saxes");
    const parser = new SaxesParser();
    parser.on("opentag", (tag) => onElement(tag.name, tag.attributes));
    parser.on("text", onText);
    return { write: (chunk) => parser.write(chunk), close: () => parser.close() };
  },
  sax(onElement, onText) {
    const sax = require("sax");
    const parser = sax.parser(true);
    parser.onopentag = (tag) => onElement(tag.name, tag.attributes);
    parser.ontext = onText;
    return { write: (chunk) => parser.write(chunk), close: () => parser.close() };
  },
  htmlparser2(onElement, onText) {
    const { Parser } = require("htmlparser2");
    const parser = new Parser(
      { onopentag: (name, attributes) => onElement(name, attributes), ontext: onText },
      { xmlMode: true },
    );
    return { write: (chunk) => parser.write(chunk), close: () => parser.end() };
  },
};

async function measure(name) {
  let elements = 0;
  let attributes = 0;
  let textCharacters = 0;
  const parser = parsers[name](
    (_tag, attributeMap) => {
      elements++;
      attributes += Object.keys(attributeMap).length;
    },
    (text) => {
      textCharacters += text.length;
    },
  );
  const started = performance.now();
  for await (const chunk of createReadStream(file, { encoding: "utf8", highWaterMark: 1 << 20 })) {
    parser.write(chunk);
  }
  parser.close();
  const seconds = (performance.now() - started) / 1000;
  const peakMiB = process.resourceUsage().maxRSS / 1024;
  console.log(
    JSON.stringify({
      parser: name,
      seconds: +seconds.toFixed(2),
      peakMiB: +peakMiB.toFixed(0),
      elements,
      attributes,
      textCharacters,
    }),
  );
}

if (only) await measure(only);
else {
  for (const name of Object.keys(parsers)) {
    const child = spawnSync(process.execPath, [import.meta.filename, file, name], {
      encoding: "utf8",
    });
    // An optional parser that is not installed (or one that crashed) says so in one line.
    const failure = /^(\w*Error\b.*)$/m.exec(child.stderr ?? "")?.[1] ?? `exit ${child.status}`;
    process.stdout.write(child.stdout || `${JSON.stringify({ parser: name, failed: failure })}\n`);
  }
}
