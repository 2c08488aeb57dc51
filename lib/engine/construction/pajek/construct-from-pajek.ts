import { throwIfCancelled } from "../../cancel-signal";
import type { GraphData } from "../../graph/graph-data";
import {
  type FileAttributes,
  fileParseError,
  GraphFileBuilder,
} from "../graph-file/graph-file-builder";
import { contentText, type GraphFileContent } from "../graph-file/text-chunks";
import { pajekPairs, pajekValue, pajekWords } from "./pajek-line";

type Section = "none" | "vertices" | "arcs" | "edges" | "arcslist" | "edgeslist";

/**
 * Vertices a `*Vertices n` line may declare beyond what the file could describe one line each:
 * isolated vertices without a line are legitimate, but a 30-byte `*Vertices 20000000` must not
 * make the server build (and hold) twenty million nodes.
 */
export const pajekVerticesWithoutLines = 1_000_000;

/**
 * Builds a graph from a Pajek `.net` file as Pajek, NetworkX and igraph write it. `*Vertices n`
 * declares vertices 1…n (a vertex line may give its "label" and x y coordinates; the number is
 * the node id, the label its label); `*Arcs` lines are directed edges and `*Edges` lines
 * undirected ones (`source target [weight] [key value …]`), `*Arcslist`/`*Edgeslist` lines a
 * source and its targets. Any arc makes the graph directed; an `*Edges` line in a directed
 * graph then stands for both directions. `%` starts a comment line.
 */
export function constructFromPajek(input: {
  content: GraphFileContent;
  weighted?: boolean;
  signal?: AbortSignal;
}): GraphData {
  const text = contentText(input.content);
  const directed = /^[ \t]*\*arcs/im.test(text);
  const builder = new GraphFileBuilder({ directed, format: "Pajek", weighted: input.weighted });
  let section: Section = "none";
  let vertexCount = 0;
  forEachLine(text, (line, index) => {
    const lineNumber = index + 1;
    if (index % 16384 === 0) throwIfCancelled(input.signal);
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.startsWith("%")) return;
    if (trimmed.startsWith("*")) {
      section = sectionOf(trimmed, lineNumber);
      if (section === "vertices")
        vertexCount = declareVertices({
          builder,
          trimmed,
          lineNumber,
          declared: vertexCount,
          fileLength: text.length,
        });
      return;
    }
    const position = { line: lineNumber, element: section };
    if (section === "none") {
      throw fileParseError(
        `Line ${lineNumber} of the Pajek file comes before any *Vertices section.`,
        position,
      );
    }
    if (section === "vertices") {
      describeVertex({ builder, words: pajekWords(trimmed), vertexCount, position });
    } else if (section === "arcs" || section === "edges") {
      addLine({
        builder,
        words: pajekWords(trimmed),
        both: directed && section === "edges",
        position,
      });
    } else {
      const [source, ...targets] = pajekWords(trimmed);
      for (const target of targets) {
        addLine({
          builder,
          words: [source, target],
          both: directed && section === "edgeslist",
          position,
        });
      }
    }
  });
  return builder.build();
}

function sectionOf(trimmed: string, line: number): Section {
  const name = /^\*(\w+)/.exec(trimmed)?.[1].toLowerCase() ?? "";
  if (name === "network") return "none";
  if (
    name === "vertices" ||
    name === "arcs" ||
    name === "edges" ||
    name === "arcslist" ||
    name === "edgeslist"
  ) {
    return name;
  }
  throw fileParseError(
    `The Pajek file has a "*${name}" section at line ${line}; only *Vertices, *Arcs, *Edges, *Arcslist and *Edgeslist are read.`,
    { line, element: `*${name}` },
  );
}

/** `*Vertices n`: vertices 1…n exist (in that order) even when no line describes them. */
function declareVertices(input: {
  builder: GraphFileBuilder;
  trimmed: string;
  lineNumber: number;
  declared: number;
  fileLength: number;
}) {
  const count = Number(pajekWords(input.trimmed)[1]);
  const position = { line: input.lineNumber, element: "*vertices" };
  if (!Number.isSafeInteger(count) || count < 0) {
    throw fileParseError(
      `The *Vertices line ${input.lineNumber} does not give a vertex count.`,
      position,
    );
  }
  // A described vertex takes at least two characters ("7\n"); beyond that, a bounded number of
  // vertices may go without a line.
  const limit = Math.max(pajekVerticesWithoutLines, input.fileLength);
  if (count > limit) {
    throw fileParseError(
      `The *Vertices line ${input.lineNumber} declares ${count.toLocaleString("en")} vertices, more than a file of ${input.fileLength.toLocaleString("en")} characters can describe (at most ${limit.toLocaleString("en")}).`,
      { ...position, declared: count, limit },
    );
  }
  for (let vertex = input.declared + 1; vertex <= count; vertex++) {
    input.builder.addNode({ id: String(vertex), attributes: new Map(), position });
  }
  return Math.max(count, input.declared);
}

function describeVertex(input: {
  builder: GraphFileBuilder;
  words: string[];
  vertexCount: number;
  position: { line: number; element: string };
}) {
  const [id, label, x, y, ...rest] = input.words;
  const number = Number(id);
  if (!Number.isSafeInteger(number) || number < 1 || number > input.vertexCount) {
    throw fileParseError(
      `Vertex line ${input.position.line} names vertex "${id}", outside 1…${input.vertexCount} of *Vertices.`,
      input.position,
    );
  }
  const attributes: FileAttributes = new Map();
  if (label !== undefined) attributes.set("label", label);
  if (x !== undefined && Number.isFinite(Number(x))) attributes.set("x", Number(x));
  if (y !== undefined && Number.isFinite(Number(y))) attributes.set("y", Number(y));
  // A shape name (NetworkX writes "ellipse"), then key/value pairs.
  if (rest.length % 2 === 1) attributes.set("shape", pajekValue(rest.shift() as string));
  pajekPairs(rest, attributes);
  input.builder.addNode({
    id: String(number),
    attributes,
    position: input.position,
    describe: true,
  });
}

function addLine(input: {
  builder: GraphFileBuilder;
  words: string[];
  both: boolean;
  position: { line: number; element: string };
}) {
  const [source, target, weight, ...rest] = input.words.map((word, index) =>
    index < 2 ? vertexId(word) : word,
  );
  if (target === undefined) {
    throw fileParseError(
      `Line ${input.position.line} of the Pajek file needs a source and a target vertex.`,
      input.position,
    );
  }
  const attributes: FileAttributes = new Map();
  if (weight !== undefined) attributes.set("weight", pajekValue(weight));
  pajekPairs(rest, attributes);
  const name = `at line ${input.position.line} (${source} → ${target})`;
  input.builder.addEdge({ source, target, name, attributes, position: input.position });
  if (input.both && source !== target) {
    input.builder.addEdge({
      source: target,
      target: source,
      name,
      attributes,
      position: input.position,
    });
  }
}

/** Vertex numbers as ids: "07" and "7" are one vertex. */
function vertexId(word: string): string {
  const number = Number(word);
  return Number.isSafeInteger(number) ? String(number) : word;
}

/** Each line with its 0-based index, without an array of every line of a large file. */
function forEachLine(text: string, visit: (line: string, index: number) => void): void {
  let start = 0;
  for (let index = 0; start <= text.length; index++) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    const line =
      text.charCodeAt(end - 1) === 13 ? text.slice(start, end - 1) : text.slice(start, end);
    visit(line, index);
    start = end + 1;
  }
}
