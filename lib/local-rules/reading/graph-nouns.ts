import type { GraphSchemaView } from "./graph-schema";
import { namedNodeTypes } from "./question-scope";

// The everyday nouns a dataset uses for its nodes and links ("waypoints" and "segments" of a
// trail map, "ports" and "lanes" of a shipping network, "路点", "航线"). When the schema has no
// type by that name, the noun means "node" or "edge" in general: "how many waypoints" is the
// node count, "步道段一共有多少条" the edge count.

const nodeNouns =
  /\b(?:waypoints?|points?|stops?|stations?|ports?|places?|locations?|sites?|hubs?|towns?|cities|city|airports?|junctions?|nodes?|vertices|vertex)\b|路点|节点|顶点|地点|站点|车站|港口|码头|机场|城市|据点|点位/i;

const edgeNouns =
  /\b(?:segments?|lanes?|links?|routes?|legs?|connections?|edges?|roads?|trails?|paths?|lines?|sections?|hops?|arcs?)\b|航线|步道段|步道|路段|线路|路线|连线|连接|通道|边|段/i;

/** Whether the question names the nodes by a general noun (a type of that name would be a type). */
export function namesNodesGenerally(question: string, schema: GraphSchemaView): boolean {
  return nodeNouns.test(question) && namedNodeTypes(question, schema).length === 0;
}

/** Whether the question names the links by a general noun and no node noun. */
export function namesEdgesGenerally(question: string): boolean {
  return edgeNouns.test(question.replace(nodeNouns, " ")) && !nodeNouns.test(question);
}
