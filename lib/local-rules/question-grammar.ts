import type { AnalysisIntent, CentralityMeasure } from "./detect-intent";
import { endpointMentions, nodeMentions, subjectMention } from "./node-mentions";
import { parseNumberWord, parseRequestedCount, parseRequestedDepth } from "./question-numbers";

// The offline planner's question grammar. A question is read as *what* it asks (a count, a
// measure, a structure, a path, a similarity, a projection, an aggregate), *about which nodes*
// (named nodes here; types, property values and labels are matched against the graph's schema
// by the planners, which read it first), *how many* and *how shown* (detect-intent.ts). Each
// family below is recognised by the words that make it that family, in English and Chinese;
// families are tried from the most specific to the most general, so "the 3 shortest paths"
// is never read as one path and "edge-disjoint paths" never as a path at all.

/** A whole-graph metric graph_metrics reports. */
export type GraphMetric =
  | "diameter"
  | "radius"
  | "density"
  | "average_shortest_path_length"
  | "has_cycle"
  | "is_dag"
  | "is_bipartite"
  | "degree_assortativity"
  | "transitivity"
  | "average_clustering"
  | "triangle_count"
  | "component_count"
  | "largest_component_size";

/** A per-node structural measure node_structure reports. */
export type NodeStructureMetric = "triangles" | "clustering" | "core_number" | "eccentricity";

/** A neighbourhood similarity node_similarity computes. */
export type SimilarityMetric =
  | "jaccard"
  | "overlap"
  | "cosine"
  | "common_neighbors"
  | "adamic_adar"
  | "resource_allocation"
  | "preferential_attachment";

const words = {
  yesNo:
    /(?:^|[,，;:]\s*)(?:is|are|does|do|did|can|could|has|have|was|were|will|would)\b|[吗嘛]\s*(?:[？?（(，,]|$)|是否|有没有|能否|可否|是不是|能不能|会不会/i,
  flow: /max(?:imum)?[\s-]*flow|min(?:imum)?[\s-]*cut|(?:edge|link|arc|road|route|leg)[\s-]*disjoint|\bdisjoint (?:paths|routes)|independent (?:paths|routes)|share no (?:\w+ ){0,3}(?:edge|link|leg|road|flight|route|connection)s?|no (?:\w+ ){0,2}(?:edges?|links?|legs?|roads?) in common|最大流|最小割|边不相交|不相交(?:的)?路径|流量/i,
  disjoint: /disjoint|independent (?:paths|routes)|share no|in common|不相交|不共用|不重复/i,
  spanning: /spanning[\s-]*(?:tree|forest)|\bmst\b|生成树|生成森林|最小树/i,
  maximumTree: /\bmaximum spanning|最大生成/i,
  likelyLinks:
    /\blikely\b[^?？]{0,40}\b(?:link|connect|edge|form|tie|friend)|\bmissing (?:links?|edges?|ties?)\b|\blink prediction\b|\bpredict(?:ed)? (?:new |future |missing )?(?:links?|edges?|connections?|ties?)\b|\b(?:not yet|aren't yet|are not yet|not already|unconnected|unlinked)\b[^?？]{0,40}\b(?:connect|link|similar|pair)|\bfuture (?:links?|edges?|connections?)|\b(?:never|haven't|have not|not yet|not)\b[^?？]{0,30}\b(?:each other|one another)\b[^?？]{0,40}\b(?:likely|predict|adamic|jaccard|resource|preferential)|\bshould (?:be )?(?:connect|link|introduc)|\brecommend(?:ed)? (?:links?|connections?|friends?)|可能(?:会)?(?:产生|形成|建立|出现)?(?:新的?)?(?:连接|链接|边|联系)|链接预测|连边预测|尚未相连|还?没有?(?:直接)?(?:相连|连接|连边|认识)|尚未(?:直接)?(?:相连|连接)|未(?:直接)?相连|不相连的?/i,
  similarity:
    /similar|jaccard|adamic|\bshare[sd]? (?:the )?(?:most |many )?(?:neighbou?rs|friends|contacts|connections)\b|common (?:neighbou?rs?|friends|contacts|connections)|(?:neighbou?rs|friends) in common|shared (?:neighbou?rs?|friends)|resource[\s-]allocation|preferential[\s-]attachment|cosine|overlap (?:coefficient|similarity)|相似|共同(?:邻居|好友|朋友|的朋友|联系人)|共有邻居|杰卡德/i,
  projection:
    /\btogether\b|\bco[\s-]?(?:wr[io]te|written|writ|authors?|authored|occur|purchased?|bought|borrow(?:ed)?|appear(?:ed|s)?|star(?:red)?|cit(?:ed|ation))|\bshare[sd]? (?:the )?(?:most |many |a |an |any )?(?!neighbou?r)(?:\w+)|\bin common\b|\bpaired\b|一起|合著|合写|共同(?:撰写|创作|写|购买|出现|借)|共同\S{0,4}(?:者|人|成员|客户|用户)|同时(?:购买|出现|借阅|被)|同一(?:个|本|篇|位|家|批|张)?(?!推荐闭环|闭环|连通|社区|分量|环)\S{0,6}(?:里|中|内)|同一批|\bby the same\b|\bthe same (?:\w+ )?(?:members|customers|people|users|orders|readers|authors|buyers)\b/i,
  edgeExists:
    /\b(?:is|are) there (?:an? |any )?(?:direct |single )?(?:edge|link|connection|tie|relationship|friendship|road|route|flight|street|line|arc)s?\b|\b(?:directly )?(?:adjacent|neighbou?rs)\b[^?？]{0,20}[?？]?\s*$|\bdirectly (?:connected|linked)|\b(?:are|is)\b[^?？]{1,60}\b(?:connected|linked|friends|adjacent)\b(?! (?:by|through|via) (?:a |any )?path)|\bdoes\b[^?？]{1,60}\b(?:link|connect)s? (?:directly )?(?:to|with)\b|\bedge\b[^?？]{0,12}[?？]\s*$|\bconnected\b|之间(?:是否)?有(?:没有)?(?:直接的?)?(?:边|连接|连边|关系|联系)|是否(?:直接)?(?:相连|相邻|连接|有边|邻接)|(?:直接)?(?:相连|相邻|邻接)吗|有边吗|之间有边/i,
  reachability:
    /reachab|\b(?:be )?reached\b|\bend up (?:at|in)\b|\barrive at\b|\bmake it to\b|\bget to\b|\bflow (?:to|into)\b|\b(?:lead|get|go|travel|flow|pass)(?:s)? (?:from|to)\b|\bchain\b|\b(?:route|path|way) (?:exists?|from|between)\b|\bexists? (?:a |any )?(?:route|path|way)\b|能到|到得了|\breach(?:es)?\b|\b(?:is|exists?|there)\b[^?？]{0,20}\b(?:path|route|way|walk|chain)\b|\bconnected (?:by|through|via) (?:a |any )?path|\bsame (?:connected )?component\b|能[飞走去开坐乘]到|可以[飞走去开坐乘]到|可达|能否到达|能到达|可以到达|到达|是否存在(?:一条)?路径|有没有路径|存在路径|是否有路径|有路径吗|之间有路径|是否连通|连通吗|同一(?:个)?连通/i,
  kShortest:
    /\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|k)\s+shortest\s+(?:simple\s+)?(?:\S+\s+){0,2}(?:paths|routes|chains|itineraries|ways|connections|trips|journeys)|\bshortest\s+(?:\S+\s+){0,2}(?:paths|routes|chains|itineraries)\b|\brunner[\s-]up\b|\b(?:second|third|fourth|fifth|2nd|3rd|4th|5th)[\s-]+shortest|前\s*(?:\d+|[二两三四五六七八九十])\s*条(?:最短)?(?:路径|路线|路)|(?:\d+|[二两三四五六七八九十])\s*条最短(?:路径|路线|路)|第\s*(?:\d+|[二三四五六七八九十])\s*(?:短|条最短)/i,
  path: /shortest (?:\w+\s+)?(?:path|route|chain|way|connection|link|distance|trip|journey)|\bpath (?:from|between)\b|\broute (?:from|between)\b|\bhow many (?:hops|steps)\b|\b(?:hops?|steps?|distance) (?:between|from)\b|\bhow far\b|\bdistance (?:of|to)\b|\bhow (?:is|are|does|do)\b.+\b(?:connected|linked|related|reach)\b|最短路径|最短路|路径|最短的?\S{0,4}(?:链|路线)|几跳|多少跳|几步|距离|多远|多少公里|多少英里|最短|\bhow long\b|\bmileage\b/i,
  weighted:
    /\bweight(?:ed|s)?\b|\bcheapest\b|\bcost\b|\bshortest (?:total |road )?(?:distance|length|km|kilomet)|\blowest (?:total )?(?:cost|distance)|\btravel|\bkm\b|\bkilomet|\bmiles?\b|\bcost\b|加权|权重|总距离|里程|公里|总长度|成本|花费/i,
  triangles: /triangle|三角形|三角/i,
  // "Clustering" alone is a community algorithm; the coefficient is named as such.
  clustering:
    /clustering coeff|(?:average|mean|local|global|overall) clustering|clustering of\b|transitivity|聚类系数|集聚系数|聚集系数|传递性/i,
  transitivity: /transitivity|global clustering|传递性|全局聚类/i,
  averageWord: /\baverage|\bmean\b|平均/i,
  core: /k[\s-]?cores?\b|\bcores?\b|core number|coreness|degenera|k[\s-]*核|核数|最大核|核心数|k 值最大|k值最大/i,
  eccentricity: /eccentricit|离心率/i,
  diameter: /diameter|直径/i,
  radius: /\bradius\b|半径/i,
  density: /\bdens(?:e|ity)\b|密度|稠密/i,
  averagePath:
    /average (?:shortest )?(?:path length|distance|separation|hops)|mean (?:shortest )?(?:path length|distance)|平均(?:最短)?路径(?:长度)?|平均距离/i,
  assortativity: /assortativ|同配/i,
  bipartite: /bipartite|二分/i,
  dag: /\bdag\b|acyclic|有向无环|无环/i,
  cycle: /\bcycles?\b|\bcyclic\b|\bloops?\b|\bcircular\b|环路|回路|成环|有环|环/i,
  components:
    /component|\bislands?\b|\bdisconnected (?:parts|pieces|groups)|\bconnected (?:parts|pieces|subgraphs|groups)|separate (?:parts|pieces|groups)|连通分量|连通分支|连通子图|连通块|连通片|强连通|弱连通|孤岛|分量/i,
  strong: /strongly|强连通/i,
  weak: /weakly|弱连通/i,
  largest: /largest|biggest|giant|main|最大|最多/i,
  communities:
    /communit|\bclusters?\b|modularity|louvain|leiden|label propagation|faction|\bcamps?\b|\bcliques\b|社区|社群|聚类|模块度|团体|群组|派系|阵营|帮派|群体|圈子/i,
  groups: /\bgroups?\b|组|群/i,
  bridgeWord:
    /\bbridg|\bbroker|\bconnect(?:s|ing)? (?:the |several |multiple |different |two |both )|\bspan|\bacross\b|\bbetween (?:the |two |both |different |several )?(?:communit|faction|group|camp|cluster)|\bstraddl|\bgatekeeper|\blink(?:s|ing)? (?:the |several |different )|桥|跨|沟通|连接(?:多个|不同|两个)|之间的(?:关键|桥)/i,
  sameCommunity:
    /same (?:community|cluster|group|faction)|which (?:community|cluster|faction)|what (?:community|cluster|faction)|(?:在|属于)(?:哪个|哪一个)(?:社区|社群|派系|群体)|同一(?:个)?(?:社区|社群|派系)/i,
  leiden: /leiden|莱顿/i,
  labelPropagation: /label propagation|标签传播/i,
  degreeOfNode:
    /\bdegree\b|\bhow many (?:\w+\s){0,3}?(?:connections|links|neighbou?rs|edges|friends|ties|contacts|relationships|citations|citation links|partners)\b|\bhow (?:well[\s-])?connected is\b|\bnumber of (?:connections|links|neighbou?rs|edges|friends|ties)\b|度数|的度|有多少(?:个|条|位)?(?:邻居|连接|边|朋友|关系|联系|引用)|多少(?:个|条|位)?(?:邻居|连接|朋友)/i,
  inDegree:
    /\bin[\s-]?degree|\bincoming|\bindegree|\breceiv(?:e|es|ed|ing)\b|\b(?:was|were|been|get|gets|got|is|are|being)\s+(?:\w+\s+)?(?:cited|followed|referred|linked|mentioned|visited|called|contacted|emailed|recommended|invited|liked|messaged|retweeted|endorsed|hired|managed)\b|\bfollowers\b|\bfans\b|\bcited (?:the )?most\b|\bmost[\s-]+(?:cited|followed|referred|linked|mentioned|visited|called|contacted)\b|\bhow many \w+ (?:cite|follow|refer|link to|point to|call|email|mention|contact|visit)\b|入度|被|粉丝|关注者/i,
  outDegree:
    /\bout[\s-]?degree|\boutgoing|\boutdegree|\b(?:did|does|do)\b.+\b(?:make|made|send|sent|place|placed|refer|referred|cite|follow|give|write|call|pay|email|mention|contact)\b|\b(?:made|sent|placed|referred|cited|followed|gave|wrote|called|paid|invited|recommended|emailed|mentioned|contacted)\b(?!\s+by)|\b(?:follows|cites|refers|emails|calls|mentions|sends|contacts|ships|supplies|delivers|exports|pays|transfers)\b|\b(?:volume|amount|quantity|goods) out\b|出度|推荐了|邀请了|引用了|关注的|推荐的|引用的|发出/i,
  strength: /\bstrength\b|\bweighted degree|\btotal weight|加权度|强度/i,
  neighbours:
    /neighbou?r|\bco-?\w+s (?:of|with)\b|\bnon-?stop\b|\bdirect(?:ly)? (?:from|to)\b|\bdirect (?:flights?|roads?|routes?|links?)\b|\bwithin (?:\d+|one|two|three) hops?\b|\bwhom? (?:did|does|do)\b|\bwhat did\b|\badjacent to\b|directly connected|\bconnected to\b|\blinked to\b|\bfriends? (?:of|with)\b|\bwho (?:does|do|did)\b[^?？]*\b(?:know|connect|link|follow|cite|refer)|邻居|相邻|邻接|相连|直接连接|朋友/i,
  count:
    /\bhow many\b|\bnumber of\b|\bcount\b|\btotal (?:number|count)\b|多少|几[个条位篇次本单笔家门所座部名人种样张项件趟班架]|数量|总数|个数|条数|次数/i,
  nodesWord: /\bnodes?\b|\bvertices\b|\bvertex\b|节点|顶点/i,
  edgesWord:
    /\bedges?\b|\blinks?\b|\bconnections\b|\brelationships\b|\bties\b|\bfriendships\b|\broads\b|\bstreets\b|\broutes\b|\bflights\b|\bcitations\b|\breferrals\b|\btransactions\b|\binteractions\b|\bco-?appearances\b|\bcollaborations\b|边|连接|关系|道路|公路|航线|引用|线路|路线|链接|联系|交易|转账|往来|记录/i,
  rank: /\bmost\b|\bhighest\b|\blargest\b|\bbiggest\b|\btop\b|\bleast\b|\blowest\b|\bfewest\b|\bsmallest\b|\bbest\b|\bleading\b|\bmaximum\b|最多|最高|最大|最少|最低|最小|排名|前\s*\d|哪(?:个|些|位|一个|本|篇|家)/i,
  superlative:
    /\bmost\b|\bhighest\b|\blargest\b|\bbiggest\b|\btop\b|\bleast\b|\blowest\b|\bfewest\b|\bsmallest\b|\bbest\b|\bmaximum\b|最多|最高|最大|最少|最低|最小|排名|前\s*\d/i,
  ascending: /\bleast\b|\blowest\b|\bfewest\b|\bsmallest\b|\bminimum\b|最少|最低|最小/i,
  aggregate:
    /\baverage\b|\bmean\b|\bsum\b|\btotal\b|\bspend|\bspent\b|\brevenue\b|\bamount\b|\bper\b|\bmedian\b|\bbelong|\bhave the (?:label|value|property)|\bwith (?:the )?(?:label|value|property)|平均|总(?:额|金额|和|计|数)|合计|金额|花费|消费|每个|属于|标签|类别/i,
  outsideMain:
    /\bcut off\b|\boutside (?:the )?(?:main|largest|giant|biggest)|\bnot (?:connected|linked) to the (?:main|rest|largest)|\bisolated from\b|\bnot in the (?:main|largest|giant)|不在最大|最大连通分量之外|孤立于|与主网络不连通/i,
  wholeGraphConnected:
    /\bevery (?:\w+ )?(?:can )?(?:be )?reach|\breach(?:ed)? from every|\bis (?:the|this) (?:\w+ )?(?:graph|network) (?:strongly |weakly |fully )?connected|\b(?:graph|network) is (?:strongly |weakly |fully )?connected|\ball (?:\w+ )?(?:connected|reachable)|\bin one piece\b|\bsingle (?:connected )?component\b|图是否连通|网络是否连通|是连通的吗|是否是连通图|是不是连通|所有\S{0,6}(?:都)?(?:能|可以)?(?:互相)?(?:到达|连通)|任意两个\S{0,6}(?:都)?(?:能|可以)?(?:到达|连通)/i,
  // A relation between the named node and the ones asked for ("appear with", "wrote", "下过").
  relation:
    /^\s*(?:who|which \w+)\s+(?!(?:is|was|has|does)\b)\w+(?:s|es|ed)\b|\b(?:with|to|by|from|for)\b|\b\w+(?:ed|ote|ought|ew|ent)\b|[过了给]|和谁|与谁|跟谁/i,
  whichNodes:
    /^\s*(?:which|who|whom|what|where|list|show|name|give)\b|\b(?:which|what) \w+ (?:does|did|do|has|have|is|are|were|was)\b|哪些|哪几|有谁|谁|哪里|哪儿/i,
};

function measureOf(question: string): CentralityMeasure | null {
  if (/betweenn?ess|介数|中介/i.test(question)) return "betweenness";
  if (/closeness|接近中心|紧密中心|接近度|紧密度/i.test(question)) return "closeness";
  if (/harmonic|调和/i.test(question)) return "harmonic";
  if (/eigenvector|特征向量/i.test(question)) return "eigenvector";
  if (/\bkatz\b/i.test(question)) return "katz";
  if (/\bhits\b|\bhub score|\bauthority score|枢纽|权威/i.test(question)) {
    return /authorit|权威/i.test(question) ? "hits_authority" : "hits_hub";
  }
  if (/page\s*rank/i.test(question)) return "pagerank";
  if (/degree centrality|度中心性/i.test(question)) return "degree";
  return null;
}

// Slips analysts make in the words the grammar reads; names are never touched (only these).
const commonTypos: Record<string, string> = {
  hwo: "how",
  waht: "what",
  whcih: "which",
  wich: "which",
  teh: "the",
  whats: "what is",
  recieve: "receive",
  recieves: "receives",
  recieved: "received",
  togther: "together",
  togehter: "together",
  shortst: "shortest",
  shotest: "shortest",
  neighbours: "neighbours",
  nieghbours: "neighbours",
  neigbours: "neighbours",
  neighors: "neighbors",
  conected: "connected",
  connnected: "connected",
  reachabel: "reachable",
  reacheable: "reachable",
  avrage: "average",
  averge: "average",
  centrailty: "centrality",
  centraility: "centrality",
  betweeness: "betweenness",
  clusering: "clustering",
  clustring: "clustering",
  diamter: "diameter",
  diametre: "diameter",
  triangels: "triangles",
  trianlges: "triangles",
  communites: "communities",
  comunities: "communities",
  componets: "components",
  similiar: "similar",
  simlar: "similar",
  paht: "path",
  pahts: "paths",
};

/** The question with common slips in grammar words fixed ("hwo many" → "how many"). */
export function correctTypos(question: string): string {
  return question.replace(/\b[a-z]{3,}\b/g, (word) => commonTypos[word] ?? word);
}

function similarityMetricOf(question: string, likely: boolean): SimilarityMetric {
  if (/adamic|阿达米克/i.test(question)) return "adamic_adar";
  if (/resource[\s-]allocation|资源分配/i.test(question)) return "resource_allocation";
  if (/preferential|优先连接/i.test(question)) return "preferential_attachment";
  if (/cosine|余弦/i.test(question)) return "cosine";
  if (/overlap/i.test(question)) return "overlap";
  if (/jaccard|杰卡德/i.test(question)) return "jaccard";
  if (
    /common (?:neighbou?rs?|friends|contacts|connections)|(?:neighbou?rs|friends) in common|shared (?:neighbou?rs?|friends)|\bshare[sd]? (?:the )?(?:most |many )?(?:neighbou?rs|friends|contacts|connections)\b|共同(?:邻居|好友|朋友|的朋友|联系人)|共有邻居/i.test(
      question,
    )
  ) {
    return "common_neighbors";
  }
  return likely ? "adamic_adar" : "jaccard";
}

const ordinals: Record<string, number> = {
  "runner-up": 2,
  "runner up": 2,
  second: 2,
  "2nd": 2,
  third: 3,
  "3rd": 3,
  fourth: 4,
  "4th": 4,
  fifth: 5,
  "5th": 5,
};

function kShortestArguments(question: string): { k: number; ordinal: number | null } {
  const count =
    /\b(\d+|two|three|four|five|six|seven|eight|nine|ten)\s+shortest/i.exec(question) ??
    /前\s*(\d+|[二两三四五六七八九十])\s*条/.exec(question) ??
    /(\d+|[二两三四五六七八九十])\s*条最短/.exec(question) ??
    /\b(?:top|first)\s+(\d+|two|three|four|five)\b/i.exec(question);
  const ordinalMatch =
    /\b(second|third|fourth|fifth|2nd|3rd|4th|5th|runner[\s-]up)\b/i.exec(question) ??
    /第\s*(\d+|[二三四五六七八九十])\s*(?:条|短|个)?/.exec(question);
  const ordinal = ordinalMatch
    ? (ordinals[ordinalMatch[1].toLowerCase()] ?? parseNumberWord(ordinalMatch[1]))
    : null;
  const k = count ? (parseNumberWord(count[1]) ?? 3) : (ordinal ?? 3);
  return { k: Math.max(2, Math.min(Math.max(k, ordinal ?? 0), 20)), ordinal };
}

/**
 * The degree a question about one node asks for: "How many members referred m22?" names m22
 * as the verb's object, so the edges arrive at it (in); "Whom did m22 refer?" leaves it (out).
 */
function nodeDegreeMode(question: string, node: string): "all" | "in" | "out" {
  const mode = degreeMode(question);
  if (mode !== "out" || /\bout[\s-]?degree|outdegree|出度/i.test(question)) return mode;
  const at = question.indexOf(node);
  const verb = words.outDegree.exec(question);
  if (at < 0 || !verb) return mode;
  const subjectOfVerb = /\b(?:did|does|do|has|have|had)\s+$/i.test(question.slice(0, at));
  return verb.index < at && !subjectOfVerb ? "in" : mode;
}

function degreeMode(question: string): "all" | "in" | "out" {
  if (/\bin[\s-]?degree|indegree|入度/i.test(question)) return "in";
  if (/\bout[\s-]?degree|outdegree|出度/i.test(question)) return "out";
  if (words.inDegree.test(question)) return "in";
  if (words.outDegree.test(question)) return "out";
  return "all";
}

function graphMetricsAsked(question: string): GraphMetric[] {
  const metrics: GraphMetric[] = [];
  if (words.diameter.test(question)) metrics.push("diameter");
  if (words.radius.test(question)) metrics.push("radius");
  if (words.density.test(question)) metrics.push("density");
  if (words.averagePath.test(question)) metrics.push("average_shortest_path_length");
  if (words.assortativity.test(question)) metrics.push("degree_assortativity");
  if (words.bipartite.test(question)) metrics.push("is_bipartite");
  if (words.dag.test(question)) metrics.push("is_dag");
  else if (words.cycle.test(question)) metrics.push("has_cycle");
  return metrics;
}

function structureIntent(question: string): AnalysisIntent | null {
  const node = subjectMention(question);
  const topK = parseRequestedCount({ question, fallback: 10, max: 100 });
  const ranking =
    words.rank.test(question) && !/k[\s-]?cores?|k[\s-]*核|最大核|k 值最大|k值最大/i.test(question);
  if (words.triangles.test(question)) {
    if (node || ranking)
      return {
        kind: "node-structure",
        metric: "triangles",
        node,
        topK,
        ascending: words.ascending.test(question),
      };
    return { kind: "graph-metric", metrics: ["triangle_count"] };
  }
  if (
    words.clustering.test(question) &&
    !/clustering (?:algorithm|into)|聚类(?!系数)/i.test(question)
  ) {
    if (words.transitivity.test(question))
      return { kind: "graph-metric", metrics: ["transitivity"] };
    if (node || (ranking && !words.averageWord.test(question))) {
      return {
        kind: "node-structure",
        metric: "clustering",
        node,
        topK,
        ascending: words.ascending.test(question),
      };
    }
    return { kind: "graph-metric", metrics: ["average_clustering"] };
  }
  if (words.core.test(question)) {
    if (node)
      return { kind: "node-structure", metric: "core_number", node, topK, ascending: false };
    return { kind: "core", topK };
  }
  if (words.eccentricity.test(question)) {
    return {
      kind: "node-structure",
      metric: "eccentricity",
      node,
      topK,
      ascending: words.ascending.test(question),
    };
  }
  return null;
}

function componentsIntent(question: string): AnalysisIntent {
  if (words.outsideMain.test(question)) return { kind: "outside-main" };
  const strong = words.strong.test(question);
  const ask = words.largest.test(question) ? "largest" : "count";
  return { kind: "components", strong, weak: words.weak.test(question), ask };
}

function communitiesIntent(question: string): AnalysisIntent {
  const algorithm = words.leiden.test(question)
    ? "leiden"
    : words.labelPropagation.test(question)
      ? "label_propagation"
      : "louvain";
  if (words.bridgeWord.test(question)) {
    return { kind: "bridging", topK: parseRequestedCount({ question, fallback: 10, max: 20 }) };
  }
  const { source, target } = endpointMentions(question);
  if (source && target && words.yesNo.test(question) && words.sameCommunity.test(question)) {
    return { kind: "same-community", source, target, algorithm };
  }
  const node = subjectMention(question);
  if (node && words.sameCommunity.test(question)) return { kind: "membership", node, algorithm };
  return { kind: "communities", algorithm };
}

/**
 * The analyses a question asks for, in the order they should be answered; empty when no
 * analysis family matches (the caller then tries graph info, deliverables or the refusal).
 */
export function parseAnalyses(question: string): AnalysisIntent[] {
  const q = correctTypos(question);
  const yesNo = words.yesNo.test(q);
  if (words.flow.test(q)) {
    const { source, target } = endpointMentions(q);
    return [{ kind: "flow", source, target, disjoint: words.disjoint.test(q) }];
  }
  if (words.spanning.test(q)) {
    return [
      {
        kind: "spanning-tree",
        maximum: words.maximumTree.test(q),
        weightAsked: /weight|cost|length|total|权重|总|长度|成本/i.test(q),
      },
    ];
  }
  const strengthNode = words.strength.test(q) ? subjectMention(q) : null;
  if (strengthNode && !words.rank.test(q)) {
    return [{ kind: "degree", node: strengthNode, mode: "all", strength: true }];
  }
  if (words.likelyLinks.test(q) || words.similarity.test(q)) {
    const likely = words.likelyLinks.test(q);
    return [
      {
        kind: "similarity",
        metric: similarityMetricOf(q, likely),
        node: likely ? null : subjectMention(q),
        likelyLinks: likely,
        topK: parseRequestedCount({ question: q, fallback: 10, max: 100 }),
      },
    ];
  }
  const pairsAsked =
    /\btogether\b|\bco[\s-]?\w+\s+(?:the most|most often|most|with each other)\b|\bpairs?\b|\bwhich two\b|\btwo \w+ (?:share|have|were|are)|\bmost often\b|\bin common\b|\bshare[sd]?\b|\bsame\b|\bwith how many\b|哪两|一起|同一|共同|合著|合写|同时/i.test(
      q,
    );
  if (words.projection.test(q) && pairsAsked && !words.edgeExists.test(q)) {
    const partnerOf = subjectMention(q);
    // "With how many other products has products:36 shared an order?", "Which course shares
    // the most students with Databases?": one node's partners, counted or ranked.
    if (partnerOf && (words.count.test(q) || words.superlative.test(q))) {
      return [{ kind: "partners", node: partnerOf, ask: words.count.test(q) ? "count" : "top" }];
    }
    return [
      { kind: "projection", topK: parseRequestedCount({ question: q, fallback: 10, max: 100 }) },
    ];
  }
  const namedMeasure = measureOf(q);
  // "Which airport sits on the most shortest paths (betweenness)?": a ranking, not a path.
  if (
    namedMeasure &&
    (words.kShortest.test(q) || words.path.test(q)) &&
    nodeMentions(q).length < 2 &&
    !words.yesNo.test(q)
  ) {
    return [
      {
        kind: "centrality",
        measure: namedMeasure,
        topK: parseRequestedCount({ question: q, fallback: 10, max: 1000 }),
        mode: degreeMode(q),
        ascending: words.ascending.test(q),
      },
    ];
  }
  if (words.kShortest.test(q)) {
    const { source, target } = endpointMentions(q);
    return [
      {
        kind: "k-shortest",
        source,
        target,
        ...kShortestArguments(q),
        weighted: words.weighted.test(q),
      },
    ];
  }
  if (words.wholeGraphConnected.test(q) && nodeMentions(q).length < 2) {
    return [{ kind: "connectivity", strong: words.strong.test(q) }];
  }
  const mentions = endpointMentions(q);
  const twoNodes = mentions.source !== null && mentions.target !== null;
  if (yesNo && twoNodes && words.reachability.test(q) && !/directly|直接/i.test(q)) {
    return [{ kind: "reachability", ...mentions }];
  }
  if (yesNo && twoNodes && words.edgeExists.test(q)) return [{ kind: "edge-exists", ...mentions }];
  if (twoNodes && words.path.test(q)) {
    return [{ kind: "path", source: mentions.source, target: mentions.target }];
  }
  const metrics = graphMetricsAsked(q);
  if (
    metrics.length > 0 &&
    !(words.components.test(q) && !words.diameter.test(q) && !words.radius.test(q))
  ) {
    return [{ kind: "graph-metric", metrics }];
  }
  const structure = structureIntent(q);
  if (structure) return [structure];
  if (words.components.test(q) || words.outsideMain.test(q)) return [componentsIntent(q)];
  const communitiesAsked =
    words.communities.test(q) || (words.groups.test(q) && words.bridgeWord.test(q));
  const communities = communitiesAsked ? communitiesIntent(q) : null;
  const measure = measureOf(q);
  const centralityWords =
    /central|influential|important|\bkey (?:nodes|players|people|members|customers|users|accounts|entities)|\bhubs?\b|most connected|best connected|most (?:connections|links|friends|neighbou?rs|edges|ties)|highest degree|中心性|中心度|重要|核心节点|关键节点|关键(?:客户|用户|人物)|影响力|连接最多|(?:朋友|好友|邻居|关系|联系|粉丝)最多|最多的(?:朋友|好友|邻居|连接)|度数?最(?:高|大)|最(?:高|大)的度/i;
  const centralityAsked =
    measure !== null ||
    centralityWords.test(q) ||
    (words.strength.test(q) && words.rank.test(q)) ||
    (/\bdegrees?\b|度数|的度/i.test(q) && words.rank.test(q));
  if (communities && (communities.kind !== "communities" || !centralityAsked)) return [communities];
  // "What's the total weekly volume received by Pinecrest Warehouse?": one node's total is its
  // (weighted) degree; the planner sums the weights and tries an aggregate first.
  const totalOfNode = /\btotal\b|\bsum of\b|总量|总额|总数|总共/i.test(q)
    ? subjectMention(q)
    : null;
  if (totalOfNode && !words.superlative.test(q) && !twoNodes) {
    return [
      { kind: "degree", node: totalOfNode, mode: nodeDegreeMode(q, totalOfNode), strength: false },
    ];
  }
  // "members:21 借过 books:6 吗？", "Has Grace Hayes ever emailed Maria Roux?": a yes/no about
  // two named nodes is about the edge between them.
  if (yesNo && twoNodes) return [{ kind: "edge-exists", ...mentions }];
  const node = subjectMention(q);
  if (node && words.degreeOfNode.test(q) && !words.rank.test(q)) {
    return [
      { kind: "degree", node, mode: nodeDegreeMode(q, node), strength: words.strength.test(q) },
    ];
  }
  if (node && words.neighbours.test(q) && !words.rank.test(q)) {
    return [{ kind: "neighbours", node, depth: parseRequestedDepth({ question: q }), limit: 200 }];
  }
  if (centralityAsked) {
    // "The most central customers and their communities": both, answered in that order.
    return [
      {
        kind: "centrality",
        measure:
          measure ??
          (/\bdegree\b|connect|\blinks\b|\bfriends\b|neighbou?rs|\bedges\b|\bties\b|strength|度|连接|强度/i.test(
            q,
          )
            ? "degree"
            : "pagerank"),
        topK: parseRequestedCount({ question: q, fallback: 10, max: 1000 }),
        mode: degreeMode(q),
        ascending: words.ascending.test(q),
        ...(words.strength.test(q) ? { strength: true } : {}),
      },
      ...(communities ? [communities] : []),
    ];
  }
  if (node && words.neighbours.test(q)) {
    return [{ kind: "neighbours", node, depth: parseRequestedDepth({ question: q }), limit: 200 }];
  }
  if (node && words.degreeOfNode.test(q)) {
    return [
      { kind: "degree", node, mode: nodeDegreeMode(q, node), strength: words.strength.test(q) },
    ];
  }
  // "How many emails did Carmen Diallo send in total?": a total of one node's links is its
  // degree (the planner sums weights); a property word makes it an aggregate instead.
  const propertyWords = words.aggregate.test(q.replace(/\b(?:in )?total\b|一共|总共|总计/gi, ""));
  if (words.count.test(q) && node && !propertyWords) {
    // "How many orders did customers:34 place?": the node's edges to that kind of node.
    return [{ kind: "degree", node, mode: nodeDegreeMode(q, node), strength: false }];
  }
  // "members:21 借过 books:6 吗？": a yes/no about two named nodes is about the edge between them.
  if (yesNo && twoNodes) return [{ kind: "edge-exists", ...mentions }];
  // "Who does Bishop Myriel appear with?", "customers:2 下过哪些订单？": the nodes linked to it.
  if (
    nodeMentions(q).length > 0 &&
    node &&
    words.whichNodes.test(q) &&
    words.relation.test(q) &&
    !words.superlative.test(q) &&
    // "the average tenure of the people in Legal" is an aggregate, not Legal's neighbours.
    !/\baverage\b|\bmean\b|\bsum\b|平均|总和/i.test(q)
  ) {
    return [{ kind: "neighbours", node, depth: parseRequestedDepth({ question: q }), limit: 200 }];
  }
  // What is left is read against the schema: a count of nodes, edges or a type; a ranking of
  // one type by its links to another ("which product appears in the most orders"); or an
  // aggregate over properties ("which city has the most customers").
  if (words.count.test(q) || words.rank.test(q) || words.aggregate.test(q)) {
    return [
      {
        kind: "schema-question",
        topK: parseRequestedCount({ question: q, fallback: 10, max: 1000 }),
        mode: degreeMode(q),
        ascending: words.ascending.test(q),
      },
    ];
  }
  return [];
}

/** Words the rest of the planner shares with the grammar. */
export const grammarWords = {
  weighted: words.weighted,
  nodes: words.nodesWord,
  edges: words.edgesWord,
  count: words.count,
  aggregate: words.aggregate,
  yesNo: words.yesNo,
  rank: words.rank,
  superlative: words.superlative,
  relationVerb: new RegExp(`${words.inDegree.source}|${words.outDegree.source}`, "i"),
};
