// The grammar's vocabulary (the families read it, families/*.ts): one pattern per family or
// argument, English and Chinese side by side, so a family's wording is changed in one place.

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

/** The words that make each family, and the argument words, in English and Chinese. */
export const questionWords = {
  yesNo:
    /(?:^|[,，;:]\s*)(?:is|are|does|do|did|can|could|has|have|was|were|will|would)\b|[吗嘛]\s*(?:[？?（(，,]|$)|是否|有没有|能否|可否|是不是|能不能|会不会/i,
  flow: /max(?:imum)?[\s-]*flow|min(?:imum)?[\s-]*cut|(?:edge|link|arc|road|route|leg)[\s-]*disjoint|\bdisjoint (?:paths|routes)|independent (?:paths|routes)|share no (?:\w+ ){0,3}(?:edge|link|leg|road|flight|route|connection)s?|no (?:\w+ ){0,2}(?:edges?|links?|legs?|roads?) in common|\bmax(?:imum)? (?:\w+ ){1,3}(?:that |which )?(?:can |could )?(?:flow|be (?:sent|carried|transported|shipped|pushed))\b|\bhow much (?:\w+ ){0,2}(?:can|could) (?:flow|be (?:sent|carried|transported|shipped|pushed))\b|最大流|最小割|边不相交|不相交(?:的)?路径|(?:互不)?共[用享](?:的)?边|不共[用享](?:任何)?(?:的)?边|(?:互不|不)共[用享](?:任何)?[\u4e00-\u9fff]{1,4}?的?(?:路径|路线|线路)|没有公共边|最多(?:能|可以)?(?:输送|传输|运输|流过)|流量/i,
  disjoint:
    /disjoint|independent (?:paths|routes)|share no|in common|不相交|不共[用享]|互不共|没有公共边|不重复/i,
  spanning: /spanning[\s-]*(?:tree|forest)|\bmst\b|生成树|生成森林|最小树/i,
  // "email themselves", "self-loops", "给自己发": an edge from a node to itself. "Among
  // themselves", "by themselves" and "each other" are about several nodes, not a loop.
  selfLoop:
    /\bself[\s-]?(?:loops?|edges?|links?|references?|citations?|transfers?|emails?|messages?|payments?)\b|\bloops? (?:back )?(?:on|to) (?:itself|themselves)\b|(?<!\b(?:among|amongst|between|by|for|in|of|about|within)\s)\b(?:themselves|himself|herself|itself|oneself)\b|自环|自己给自己|给自己|发给自己|指向自己|引用自己|自己引用自己|转给自己/i,
  // "friends in common", "common co-authors", "do both know", "共同好友": shared neighbours of
  // two named nodes (a similarity score is asked with "similar", "Jaccard" and the like).
  sharedNeighbours:
    /\bin common\b|\bcommon (?:\w+[\s-])?(?:neighbou?rs?|friends?|contacts?|connections?|co-?authors?|collaborators?|partners?|followers?|links?)\b|\bshare[sd]? (?:any |a |the same )?(?:\w+[\s-])?(?:neighbou?rs?|friends?|contacts?|connections?|co-?authors?|collaborators?|partners?|followers?)\b|\bboth (?:know|follow|work with|are friends with|collaborated? with|co-?authored with)\b|\b(?:to|with) both\b|共同(?:的)?(?:邻居|好友|朋友|联系人|合作者|合著者)|都认识/i,
  // "collaborated with the most people", "flies to the most destinations": a relation verb
  // ranks by distinct partners, i.e. by degree (a type's name after "most" is a schema count).
  mostPartners:
    /\b(?:collaborat\w*|work(?:s|ed)?|connect(?:s|ed)?|link(?:s|ed)?|partner(?:s|ed)?|communicat\w*|interact\w*|correspond\w*|trad(?:es|ed)|fl(?:y|ies|ew|own)|email(?:s|ed)?|contact(?:s|ed)?|call(?:s|ed)?|messag(?:es|ed)|cit(?:es|ed)|follow(?:s|ed)?|knows?|knew|co-?author(?:s|ed)?|co-?wr(?:ote|itten|ites)|talk(?:s|ed)?|sp(?:oke|eaks))\s+(?:\w+\s+)?(?:with\s+|to\s+)?the\s+most\s+(?:other\s+|different\s+|distinct\s+|unique\s+)?(?:people|persons|others|partners|collaborators|co-?authors|colleagues|contacts|peers|destinations|places)\b/i,
  // "not reachable from JFK", "can't be reached from X", "无法从 X 到达": what one node never reaches.
  unreachableFrom:
    /\b(?:not|never|isn't|aren't|can't|cannot|can not|couldn't)\s+(?:be\s+)?(?:reachable|reached|accessible|get to)\s+from\b|\bunreachable from\b|\bno (?:path|route|way) from\b|从\s*\S{1,20}?\s*(?:出发)?(?:无法|不能|到不了)(?:到达)?|无法从/i,
  // "the longest nonstop route", "the busiest lane", "最长的航线": one edge by its weight (a path
  // or two named ends make it a path question instead).
  edgeSuperlative:
    /\b(?:longest|shortest|heaviest|lightest|strongest|weakest|most expensive|cheapest|busiest|quietest)\s+(?:single\s+|nonstop\s+|non-stop\s+|direct\s+|individual\s+)?(?:routes?|edges?|links?|flights?|roads?|lanes?|legs?|ties?|friendships?|relationships?|shipping lanes?)\b|\b(?:largest|biggest|smallest)\s+(?:single|individual)\s+(?:edges?|links?|transfers?|payments?|transactions?|shipments?|trades?)\b|\b(?:single|individual)\s+(?:edges?|links?|transfers?|payments?|transactions?|shipments?|trades?)\s+(?:was|is|were)\s+(?:the\s+)?(?:largest|biggest|smallest|heaviest|lightest)\b|最长的?(?:单条)?(?:航线|边|道路|公路|线路)|最短的?(?:单条)?(?:航线|边|道路|公路|线路)|(?:航线|边|道路|公路|线路)最(?:长|短)/i,
  edgeAscending: /\b(?:shortest|lightest|weakest|cheapest|quietest|smallest)\b|最短/i,
  // "never sends", "no outgoing", "never referred anyone": no link leaves the node.
  noOutgoing:
    /\bnever (?:send|sent|sends|write|wrote|writes|refer(?:s|red)?|cite[sd]?|follow(?:s|ed)?|call(?:s|ed)?|email(?:s|ed)?|ship(?:s|ped)?|pays?|paid|repl(?:y|ies|ied)|invite[sd]?|recommend(?:s|ed)?)\b|\bno outgoing\b|\bout-?degree (?:of )?(?:0|zero)\b|\b(?:doesn't|don't|didn't|do not|does not|did not|has not|have not|hasn't|haven't) (?:ever )?(?:send|sent|write|written|refer|referred|cite|cited|follow|followed|call|called|email|emailed|ship|shipped|pay|paid|invite|invited)\b|从不发|没有发出|没有出边|出度为\s*0/i,
  // "never been cited", "no incoming", "never received": no link arrives at the node.
  noIncoming:
    /\bnever (?:been )?(?:receive[sd]?|got|gets|cited|referred|followed|called|emailed|contacted|invited|recommended)\b|\bno incoming\b|\bin-?degree (?:of )?(?:0|zero)\b|\b(?:hasn't|haven't|has not|have not) (?:ever )?been (?:cited|referred|followed|called|emailed|contacted|invited)\b|从未被|没有被|没有入边|入度为\s*0/i,
  // "only receives", "only sends": links one way, none the other.
  onlyReceives: /\bonly (?:receive[sd]?|gets?|got|inbound)\b|只(?:接收|收到|收)/i,
  onlySends: /\bonly (?:send|sends|sent|write|writes|wrote|outbound)\b|只(?:发出|发送|发)/i,
  // "the most emails", "how many units": on a weighted graph the edge weight counts these, so
  // they are summed (strength); "the most people" stays a count of links.
  weightQuantity:
    /\b(?:most|fewest|least|how many|number of|total)\s+(?:\w+\s+)?(?:emails|e-mails|messages|calls|goods|units|volume|shipments|items|packages|transactions|transfers|money|payments)\b/i,
  // "articulation points", "single points of failure", "割点": nodes whose removal splits it.
  articulation:
    /\barticulation points?\b|\bcut[\s-]?(?:vertices|vertex|nodes?)\b|\bsingle points? of failure\b|\b(?:if|when) (?:\w+ ){0,4}(?:is |are |were |was )?(?:removed|deleted|closed|shut down|taken out|fails?|goes down)\b[^?？]{0,40}\b(?:disconnect|split|break|fragment)|割点|关节点/i,
  // "bridges in the network", "cut edges", "critical roads": edges whose removal splits it
  // ("bridges between groups" are bridging nodes, the communities family).
  cutEdges:
    /\bbridge (?:edges?|links?|roads?)\b|\b(?:any|how many|which|list (?:the|all)|the) bridges\b(?! between)|\bbridges (?:in|of) (?:the |this |my )?(?:\w+ )?(?:graph|network)\b|\bcut[\s-]?edges?\b|\bcritical (?:edges?|links?|roads?|routes?|connections?)\b|割边|桥边/i,
  selfLoopsCounted: /\bself[\s-]?loops?\b|\bloops?\b|\btimes\b|\b(?:edges?|links?)\b|自环|次|条/i,
  maximumTree: /\bmaximum spanning|最大生成/i,
  likelyLinks:
    /\blikely\b[^?？]{0,40}\b(?:link|connect|edge|form|tie|friend)|\bmissing (?:links?|edges?|ties?)\b|\b(?:links?|edges?|connections?|ties?)\b (?:are |is )?(?:most |more )?(?:likely |probably )?missing\b|\blink prediction\b|\bpredict(?:ed)? (?:new |future |missing )?(?:links?|edges?|connections?|ties?)\b|\b(?:not yet|aren't yet|are not yet|not already|unconnected|unlinked)\b[^?？]{0,40}\b(?:connect|link|similar|pair)|\bfuture (?:links?|edges?|connections?)|\b(?:never|haven't|have not|not yet|not)\b[^?？]{0,30}\b(?:each other|one another)\b[^?？]{0,40}\b(?:likely|predict|adamic|jaccard|resource|preferential)|\bshould (?:be )?(?:connect|link|introduc)|\brecommend(?:ed)? (?:links?|connections?|friends?)|可能(?:会)?(?:产生|形成|建立|出现)?(?:新的?)?(?:连接|链接|边|联系)|链接预测|连边预测|尚未相连|还?没有?(?:直接)?(?:相连|连接|连边|认识)|尚未(?:直接)?(?:相连|连接)|未(?:直接)?相连|(?<!互|彼此|主(?:网络|网|图|体|干|路网)\S{0,2})不相连的?(?!部分|块|片|子图|群)/i,
  similarity:
    /similar|jaccard|adamic|\bshare[sd]? (?:the )?(?:most |many )?(?:neighbou?rs|friends|contacts|connections)\b|common (?:neighbou?rs?|friends|contacts|connections)|(?:neighbou?rs|friends) in common|shared (?:neighbou?rs?|friends)|resource[\s-]allocation|preferential[\s-]attachment|cosine|overlap (?:coefficient|similarity)|相似|共同(?:邻居|好友|朋友|的朋友|联系人)|共有邻居|杰卡德/i,
  projection:
    /\btogether\b|\bco[\s-]?(?:wr[io]te|written|writ|authors?|authored|occur|purchased?|bought|borrow(?:ed)?|appear(?:ed|s)?|star(?:red)?|cit(?:ed|ation))|\bshare[sd]? (?:the )?(?:most |many |a |an |any )?(?!neighbou?r)(?:\w+)|\bin common\b|\bpaired\b|一起|合著|合写|共同(?:撰写|创作|写|购买|出现|借)|共同\S{0,4}(?:者|人|成员|客户|用户)|至少\S{0,3}一\S{0,2}共同|同时(?:购买|出现|借阅|被)|同一(?:个|本|篇|位|家|批|张)?(?!(?:个)?(?:推荐闭环|闭环|连通|社区|社群|分量|环|派系|群体|聚类|簇))\S{0,6}(?:里|中|内)|同一批|\bby the same\b|\bthe same (?:\w+ )?(?:members|customers|people|users|orders|readers|authors|buyers)\b/i,
  edgeExists:
    /\b(?:is|are) there (?:an? |any )?(?:direct |single )?(?:edge|link|connection|tie|relationship|friendship|road|route|flight|street|line|arc)s?\b|\b(?:directly )?(?:adjacent|neighbou?rs)\b[^?？]{0,20}[?？]?\s*$|\bdirectly (?:connected|linked)|\b(?:are|is)\b[^?？]{1,60}\b(?:connected|linked|friends|adjacent)\b(?! (?:by|through|via) (?:a |any )?path)|\bdoes\b[^?？]{1,60}\b(?:link|connect)s? (?:directly )?(?:to|with)\b|\bedge\b[^?？]{0,12}[?？]\s*$|\bconnected\b|之间(?:是否)?有(?:没有)?(?:直接的?)?(?:边|连接|连边|关系|联系)|是否(?:直接)?(?:相连|相邻|连接|有边|邻接)|(?:直接)?(?:相连|相邻|邻接)吗|有边吗|之间有边/i,
  reachability:
    /reachab|\b(?:be )?reached\b|\bend up (?:at|in)\b|\barrive at\b|\bmake it to\b|\bget to\b|\bflow (?:to|into)\b|\b(?:lead|get|go|travel|flow|pass)(?:s)? (?:from|to)\b|\bchain\b|\b(?:route|path|way) (?:exists?|from|between)\b|\bexists? (?:a |any )?(?:route|path|way)\b|能到|到得了|\breach(?:es)?\b|\b(?:is|exists?|there)\b[^?？]{0,20}\b(?:path|route|way|walk|chain)\b|\bconnected (?:by|through|via) (?:a |any )?path|\bsame (?:connected )?component\b|能[飞走去开坐乘]到|可以[飞走去开坐乘]到|可达|能否到达|能到达|可以到达|到达|是否存在(?:一条)?路径|有没有路径|存在路径|是否有路径|有路径吗|之间有路径|是否连通|连通吗|同一(?:个)?连通/i,
  kShortest:
    /\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|k)\s+shortest\s+(?:simple\s+)?(?:\S+\s+){0,2}(?:paths|routes|chains|itineraries|ways|connections|trips|journeys)|\bshortest\s+(?:\S+\s+){0,2}(?:paths|routes|chains|itineraries)\b|\brunner[\s-]up\b|\b(?:second|third|fourth|fifth|2nd|3rd|4th|5th)[\s-]+(?:shortest|fastest|quickest|cheapest)|前\s*(?:\d+|[二两三四五六七八九十])\s*条(?:最短)?(?:路径|路线|路)|(?:\d+|[二两三四五六七八九十])\s*条最短(?:路径|路线|路)|第\s*(?:\d+|[二三四五六七八九十])\s*(?:短|快|近|便宜|条最短|条最快)/i,
  path: /shortest (?:\w+\s+)?(?:path|route|chain|way|connection|link|distance|trip|journey|walk|hike|ride|drive|voyage|sail|crossing)|\b(?:fewest|least|minimum|smallest|lowest) (?:number of |possible |amount of )?(?:flights|hops|stops|steps|legs|transfers|changes|connections|edges|links|intermediar(?:y|ies)|introductions|handoffs)\b|\b(?:fewest|least number of) [a-z]+s (?:between|from)\b|\bpath (?:from|between)\b|\broute (?:from|between)\b|\bhow many (?:hops|steps)\b|\b(?:hops?|steps?|distance) (?:between|from)\b|\bhow far\b|\bdistance (?:of|to)\b|\bhow (?:is|are|does|do)\b.+\b(?:connected|linked|related|reach)\b|最短路径|最短路|路径|最短的?\S{0,4}(?:链|路线)|几跳|多少跳|几步|距离|多远|多少公里|多少英里|最短|\bhow long\b|\bmileage\b/i,
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
    /average (?:shortest )?(?:path length|distance|separation|hops)|average number of hops|mean (?:shortest )?(?:path length|distance|hops)|平均(?:最短)?路径(?:长度)?|平均距离|平均跳数|平均(?:要|需要)?(?:几|多少)跳/i,
  assortativity: /assortativ|同配/i,
  bipartite: /bipartite|二分/i,
  dag: /\bdag\b|acyclic|有向无环|无环/i,
  cycle: /\bcycles?\b|\bcyclic\b|\bloops?\b|\bcircular\b|环路|回路|成环|有环|环/i,
  components:
    /component|\bislands?\b|\b(?:separate|disconnected|independent|isolated|distinct|unconnected)\s+(?:\w+\s+)?(?:networks|sub-?networks|systems|graphs|webs|maps|pieces)\b|(?:独立|互不相连|彼此不相连|不相连|分开|分离)的?\S{0,4}?(?:网络|路网|子网|子图|系统)|\bdisconnected (?:parts|pieces|groups)|\bconnected (?:parts|pieces|subgraphs|groups)|separate (?:parts|pieces|groups)|连通分量|连通分支|连通子图|连通块|连通片|强连通|弱连通|孤岛|分量|(?:互不|彼此不)(?:相连|连通)的(?:部分|块|片|子图|群|区域)|(?:分成|分为|拆成|断成|划分为|由)几(?:个|块|片)(?:互不相连|彼此不相连|不相连|独立)?的?(?:部分|块|片)/i,
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
    /\bin[\s-]?degree|\bincoming|\bindegree|\breceiv(?:e|es|ed|ing)\b|\b(?:was|were|been|get|gets|got|is|are|being)\s+(?:\w+\s+)?(?:cited|followed|referred|linked|mentioned|visited|called|contacted|emailed|recommended|invited|liked|messaged|retweeted|endorsed|hired|managed)\b|\bfollowers\b|\bfans\b|\bcited (?:the )?most\b|\bmost[\s-]+(?:cited|followed|referred|linked|mentioned|visited|called|contacted)\b|\bhow many \w+ (?:cite|follow|refer|link to|point to|call|email|mention|contact|visit)\b|入度|被|粉丝|关注者|收到|接收|收货|进货|流入|运入|入库/i,
  outDegree:
    /\bout[\s-]?degree|\boutgoing|\boutdegree|\b(?:did|does|do)\b.+\b(?:make|made|send|sent|place|placed|refer|referred|cite|follow|give|write|call|pay|email|mention|contact)\b|\b(?:made|sent|placed|referred|cited|followed|gave|wrote|called|paid|invited|recommended|emailed|mentioned|contacted)\b(?!\s+by)|\b(?:follows|cites|refers|emails|calls|mentions|sends|contacts|ships|supplies|delivers|exports|pays|transfers)\b|\b(?:volume|amount|quantity|goods) out\b|\b(?:ship|send|supply|deliver|export|sell|email|write|cite|refer|call|pay|transfer|forward|report)s?\s+(?:\w+\s+)?(?:to|into)\b|\b(?:shipped|sent|exported|dispatched|delivered|moved|supplied|flow(?:s|ed|ing)?|going|leaving)\s+(?:out\s+)?(?:of|from)\b|出度|推荐了|邀请了|引用了|关注的|推荐的|引用的|发出/i,
  strength: /\bstrength\b|\bweighted degree|\btotal weight|加权度|强度/i,
  neighbours:
    /neighbou?r|'s (?:co-?\w+|friends|contacts|connections|partners|collaborators|colleagues|followers|suppliers|customers)\b|\bco-?\w+s (?:of|with)\b|\bnon-?stop\b|\bdirect(?:ly)? (?:from|to)\b|\bdirect (?:flights?|roads?|routes?|links?)\b|\bwithin (?:\d+|one|two|three) hops?\b|\bwhom? (?:did|does|do)\b|\bwhat did\b|\badjacent to\b|directly connected|\bconnected to\b|\blinked to\b|\bfriends? (?:of|with)\b|\bwho (?:does|do|did)\b[^?？]*\b(?:know|connect|link|follow|cite|refer)|邻居|相邻|邻接|相连|直接连接|(?:直接)?连着(?=[^？?]*(?:哪|什么|谁))|朋友/i,
  count:
    /\bhow many\b|\bnumber of\b|\bcount\b|\btotal (?:number|count)\b|多少|(?<!哪)几[个条段位篇次本单笔家门所座部名人种样张项件趟班架]|数量|总数|个数|条数|次数/i,
  nodesWord: /\bnodes?\b|\bvertices\b|\bvertex\b|节点|顶点/i,
  edgesWord:
    /\bedges?\b|\blinks?\b|\bconnections\b|\brelationships\b|\bties\b|\bfriendships\b|\broads\b|\bstreets\b|\broutes\b|\bflights\b|\bcitations\b|\breferrals\b|\btransactions\b|\binteractions\b|\bco-?appearances\b|\bcollaborations\b|\bsections\b|\bsegments\b|边|连接|区间|路段|关系|道路|公路|航线|引用|线路|路线|链接|联系|交易|转账|往来|记录/i,
  rank: /\bmost\b|\bhighest\b|\blargest\b|\bbiggest\b|\btop\b|\bleast\b|\blowest\b|\bfewest\b|\bsmallest\b|\bbest\b|\bleading\b|\bmaximum\b|最多|最高|最大|最少|最低|最小|排名|前\s*\d|哪(?:个|些|位|一个|本|篇|家)/i,
  superlative:
    /\bmost\b|\bhighest\b|\blargest\b|\bbiggest\b|\btop\b|\bleast\b|\blowest\b|\bfewest\b|\bsmallest\b|\bbest\b|\bmaximum\b|最多|最高|最大|最少|最低|最小|排名|前\s*\d/i,
  ascending: /\bleast\b|\blowest\b|\bfewest\b|\bsmallest\b|\bminimum\b|最少|最低|最小/i,
  aggregate:
    /\baverage\b|\bmean\b|\bsum(?:med)?\b|\badd(?:s|ed)? up\b|\bhow much\b|\btotal\b|\bspend|\bspent\b|\brevenue\b|\bamount\b|\bper\b|\bmedian\b|\bbelong|\bhave the (?:label|value|property)|\bwith (?:the )?(?:label|value|property)|平均|总(?:额|金额|和|计|数)|合计|金额|花费|消费|每个|属于|标签|类别/i,
  outsideMain:
    /\bcut off\b|\boutside (?:the )?(?:main|largest|giant|biggest)|(?:\bnot|n't|\bnever)\s+(?:connected|linked|attached)\s+to\s+the\s+(?:\w+\s+)?(?:main|rest|largest|backbone|giant)|\bisolated from\b|\bnot in the (?:main|largest|giant)|不在最大|最大连通分量之外|孤立于|(?:与|和|跟)\s*主(?:网络|网|图|体|干|路网|线网)\S{0,4}?(?:不连通|不相连|没有连接|断开|隔离)|不在主(?:网络|网|图|体|干|路网)/i,
  wholeGraphConnected:
    /\bevery (?:\w+ )?(?:can )?(?:be )?reach|\breach(?:ed)? from every|\bis (?:the|this) (?:\w+ )?(?:graph|network) (?:strongly |weakly |fully )?connected|\b(?:graph|network) is (?:strongly |weakly |fully )?connected|\ball (?:\w+ )?(?:connected|reachable)|\bin one piece\b|\bsingle (?:connected )?component\b|图是否连通|网络是否连通|是连通的吗|是否是连通图|是不是连通|所有\S{0,6}(?:都)?(?:能|可以)?(?:互相)?(?:到达|连通)|任意两个\S{0,6}(?:都)?(?:能|可以)?(?:到达|连通)/i,
  // A relation between the named node and the ones asked for ("appear with", "wrote", "下过").
  relation:
    /^\s*(?:who|which \w+)\s+(?!(?:is|was|has|does)\b)\w+(?:s|es|ed)\b|\b(?:with|to|by|from|for)\b|\b\w+(?:ed|ote|ought|ew|ent)\b|[过了给]|和谁|与谁|跟谁/i,
  whichNodes:
    /^\s*(?:which|who|whom|what|where|list|show|name|give)\b|\b(?:which|what) \w+ (?:does|did|do|has|have|is|are|were|was)\b|哪些|哪几|有谁|谁|哪里|哪儿/i,
};
