import type { GraphLayoutDocument } from "@/lib/contracts/graph-layout-document";

const margin = 24;
// Layout sizes are the renderer's pixel radii for a ~600px canvas; the picture scales them with it.
const referenceWidth = 600;

function escapeXml(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: characters XML cannot hold.
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "\ufffd")
      .replace(/[&<>"']/g, (found) => `&#${found.charCodeAt(0)};`)
  );
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Maps layout coordinates into the picture, keeping the aspect ratio (y grows upward in layouts). */
function projection(document: GraphLayoutDocument, width: number, height: number) {
  const xs = document.nodes.map((node) => node.x);
  const ys = document.nodes.map((node) => node.y);
  const minX = Math.min(...xs, 0);
  const maxX = Math.max(...xs, 1);
  const minY = Math.min(...ys, 0);
  const maxY = Math.max(...ys, 1);
  const scale = Math.min(
    (width - 2 * margin) / (maxX - minX || 1),
    (height - 2 * margin) / (maxY - minY || 1),
  );
  const offsetX = (width - (maxX - minX) * scale) / 2;
  const offsetY = (height - (maxY - minY) * scale) / 2;
  return (x: number, y: number) => [
    round(offsetX + (x - minX) * scale),
    round(height - (offsetY + (y - minY) * scale)),
  ];
}

/**
 * The drawn graph as a standalone SVG: edges (with arrowheads when directed), nodes in their
 * colours and sizes, each with a `<title>` naming it, and the document's title — the same
 * picture the renderer shows, as vectors for slides and papers.
 */
export function graphPictureSvg(input: {
  document: GraphLayoutDocument;
  directed: boolean;
  width?: number;
  height?: number;
}): string {
  const { document, directed } = input;
  const width = input.width ?? 1200;
  const height = input.height ?? 900;
  const place = projection(document, width, height);
  const radiusScale = width / referenceWidth;
  const positions = new Map(document.nodes.map((node) => [node.id, place(node.x, node.y)]));
  const marker = directed ? ' marker-end="url(#arrow)"' : "";
  const edges = document.edges
    .map((edge) => {
      const from = positions.get(edge.source);
      const to = positions.get(edge.target);
      if (!from || !to) return "";
      return `<line x1="${from[0]}" y1="${from[1]}" x2="${to[0]}" y2="${to[1]}"${marker}/>`;
    })
    .join("");
  const nodes = document.nodes
    .map((node) => {
      const [x, y] = positions.get(node.id) ?? [0, 0];
      const name = node.label && node.label !== node.id ? `${node.label} (${node.id})` : node.id;
      return `<circle cx="${x}" cy="${y}" r="${round(Math.max(1.5, node.size * radiusScale))}" fill="${escapeXml(node.color)}"><title>${escapeXml(name)}</title></circle>`;
    })
    .join("");
  const arrow = directed
    ? '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#94a3b8"/></marker></defs>'
    : "";
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(document.title)}">`,
    `<title>${escapeXml(document.title)}</title>${arrow}`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<g stroke="#94a3b8" stroke-opacity="0.6" stroke-width="1">${edges}</g>`,
    `<g stroke="#ffffff" stroke-width="0.5">${nodes}</g>`,
    "</svg>",
  ].join("\n");
}

/** The SVG rendered onto a canvas as a PNG (at twice the size, for sharp slides). */
export async function graphPicturePng(svg: string, width: number, height: number): Promise<Blob> {
  const image = new Image();
  const loaded = new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error("The picture could not be rendered."));
  });
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await loaded;
  const canvas = document.createElement("canvas");
  canvas.width = width * 2;
  canvas.height = height * 2;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("This browser cannot draw the picture.");
  context.scale(2, 2);
  context.drawImage(image, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("The picture could not be saved."))),
      "image/png",
    ),
  );
}
