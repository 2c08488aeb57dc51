import type { ResolvedNode } from "../reading/resolve-node-names";

/**
 * Whether two nodes are rows of two different tables of a SQL dump (`directors:6`,
 * `films:20`). Such a graph's links follow its foreign keys — from the row holding the key to
 * the row it references, or along a link table from its first key to its second — so their
 * direction is the schema's, not the verb's: "did Ines Duarte direct Echo Valley" is the link
 * from the film to its director. Between rows of one table (a self-referencing key such as
 * `sequel_of`) the direction still means something and is kept.
 */
export function joinedByForeignKey(nodes: ResolvedNode[]): boolean {
  if (nodes.length !== 2) return false;
  const [a, b] = nodes;
  const rowOf = (node: ResolvedNode) =>
    node.type !== undefined && node.id.startsWith(`${node.type}:`);
  return rowOf(a) && rowOf(b) && a.type !== b.type;
}
