import { findPattern } from "./find-phrase";
import type { QueryCatalogue } from "./query-catalogue";

// Words of the other analysis families: structure is computed by graph tools, not by SQL over
// properties. "Which node has the highest PageRank" has the shape of an aggregate, but no
// column holds PageRank, and answering it with some other column would be wrong.
const englishGraphWords =
  /\b(?:(?:in|out)-?degrees?|degrees?|page ?rank|centrality|central|betweenness|closeness|eigenvector|katz|hits|hubs?|authorit(?:y|ies)|triangles?|clustering|transitivity|paths?|shortest|hops?|neighbou?r(?:s|hood|ing)?|adjacent|connected|connections?|connectivity|components?|communit(?:y|ies)|modularity|louvain|diameter|radius|density|eccentricity|cycles?|cyclic|dag|similar|similarity|jaccard|bridges?|articulation|flows?|cuts?|spanning|k-?cores?|cores?|coreness|reachable|reach|edges?|links?|embeddings?|predict(?:ion|ed|s)?|classif(?:y|ier|ication)|cluster(?:s|ed)?|together|pairs?|coauthor\w*|copurchas\w*)\b/gi;

// "co-authors", "co-stars": partners through a shared row, a projection. But where the question
// sums or averages a figure the link rows carry ("budget to co-investigators"), the partners
// are those rows' members and the figure is theirs.
const partnerWords = /\bco-\w+/gi;

const chineseGraphWords =
  /度数|入度|出度|度中心|的度|中心性|介数|接近度|特征向量|三角形|聚类系数|传递性|路径|最短|跳数|邻居|相邻|连通|连接|社区|社群|模块度|直径|半径|密度|离心率|环路|有环|相似|桥接|最大流|割|生成树|核数|可达|边|预测|嵌入|一起|同时|成对/g;

/**
 * True when the question speaks of graph structure (degree, PageRank, paths, triangles…) in
 * words that are not also a table, property or value of this schema.
 */
export function mentionsGraphMeasure(input: {
  question: string;
  catalogue: QueryCatalogue;
  /** The question names a figure of a link table's own rows. */
  namesLinkFigure?: boolean;
}): boolean {
  const schemaWords = new Set<string>();
  for (const table of input.catalogue.tables) {
    schemaWords.add(table.type.toLowerCase());
    for (const column of table.columns) {
      schemaWords.add(column.property.toLowerCase());
      for (const value of column.values)
        if (typeof value === "string") schemaWords.add(value.toLowerCase());
    }
  }
  const found = [
    ...findPattern(input.question, englishGraphWords),
    ...findPattern(input.question, chineseGraphWords),
    ...(input.namesLinkFigure ? [] : findPattern(input.question, partnerWords)),
  ];
  return found.some(({ match }) => {
    const word = match[0].toLowerCase();
    return (
      !schemaWords.has(word) &&
      !schemaWords.has(word.replace(/s$/, "")) &&
      !schemaWords.has(`${word}s`)
    );
  });
}
