// The words by which a question leans on the conversation before it, in English and Chinese.
// Each pattern names one kind of reference; resolve-turn.ts decides what it points at.

/** "which of them", "among those", "其中", "这些人中": the previous answer's set as a filter. */
export const setReference =
  /\b(?:of|among|amongst|from)\s+(?:them|those|these)(?:\s+(?:nodes|ones|people|members|accounts|stations|items))?\b|\bamong\s+(?:that|this)\s+(?:group|set)\b|其中|(?:这些|那些|他们|它们|她们|(?:这|那)(?:几|[两二三四五六七八九十\d]+)(?:位|个|名|家|座|条|种|所|项)?)(?:[\u4e00-\u9fff]{0,3}?)?(?:中|里|当中|之中)/i;

/** "between them", "are they …", "the two", "它们之间": the previous answer's two nodes. */
export const pairReference =
  /\b(?:between|connecting|linking|joining)\s+(?:them|those two|these two|the two)\b|\b(?:are|were)\s+they\b|\bthey\s+(?:share|have|are|linked|connected|neighbou?rs)\b|\b(?:both of them|those two|these two|the two of them)\b|它们|他们|她们|(?:这|那)两(?:个|位|座|家|名|条|所)(?:[\u4e00-\u9fff]{1,3}?(?=之间|间|是|有|在|的|和|与|[，,？?]|$))?|两者/i;

/** "it", "its", "that member", "它", "这个部门": the previous answer's node. */
export const nodeReference =
  /\b(?:that|this|the same)\s+(?:member|node|one|person|account|station|customer|user|employee|country|paper|author|airport|site|student|entity|vertex|department|project|team|company|doctor|patient|substation|city|town|product|supplier|warehouse|factory|store|character|repository|developer|club|ward|mentor|manager|teacher|course|book|order|route|port|flight|team|artist|album|track|film|movie|song|school|hospital|nurse|seller|buyer|vendor|shop|brand|item|article|journal|package|service|router|server)\b|\bits\b|\bit\b|\b(?:him|her|his|he|she)\b|(?<![其们])[它他她](?![们人])|(?:该|这个|那个|这位|那位|此)(?!图|网络|数据|问题|结果)(?:[\u4e00-\u9fff]{1,4}?(?=[的和与跟在是有给从到一，,？?]|$)|(?<=[位])[\u4e00-\u9fff]{2})/i;

/** "it" that stands for nothing ("is it true that …", "does it matter"): not a reference. */
export const dummyIt =
  /\b(?:is|was)\s+it\s+(?:true|possible|likely|the case|so|fair)\b|\bit\s+(?:takes|took|is possible|seems|matters)\b|\bdoes\s+it\s+matter\b|\bmake\s+it\b|\b(?:does|did|will|would)\s+it\s+take\b/i;

/** "how many exactly?", "what's the exact value?", "具体是多少": the previous answer's figure. */
export const exactValue =
  /^\s*(?:and\s+|so\s+)?(?:how\s+(?:many|much)|what(?:'s| is| was)\s+(?:the|its|that)\s+(?:exact\s+)?(?:value|number|figure|score|count))(?:\s+(?:exactly|precisely|is that|was it))?\s*[?？.!]*\s*$|^\s*(?:exactly|precisely)\s+how\s+(?:many|much)\s*[?？.]*\s*$|具体(?:是)?多少|确切(?:是)?多少|准确(?:是)?多少|^\s*(?:是)?多少(?:呢)?\s*[?？]?\s*$/i;

/** "the second one", "第二个呢": a place in the previous ranking. */
export const positionWords =
  /\b(?:the\s+)?(second|third|fourth|fifth|2nd|3rd|4th|5th|runner[\s-]up|next)(?:\s+(?:one|place|best|highest|node|member))?\b|第\s*([二三四五2-5])\s*(?:个|名|位)?/i;

/** "show more", "更多": the previous ranking, longer. */
export const moreWords =
  /^\s*(?:and\s+)?(?:show|give|list)\s+(?:me\s+)?(?:some\s+)?more\b|^\s*(?:and\s+)?more\s*(?:results|rows|please)?\s*[?？.!]*\s*$|(?:显示|列出|给我)?更多|再多(?:一些|几个)?/i;

/** "and …?", "what about …?", "now …", "…呢？": a question that reuses the previous one. */
export const ellipsis =
  /^\s*(?:and|what about|how about|now|then|so|also|ok(?:ay)?|same|again|and now|and what about)\b|^\s*(?:by|using|with|for)\s|呢\s*[?？]?\s*$|^\s*(?:那|那么|换成|改用|改为|再看|同样)/i;

/** A measure word in the previous question, replaced when the follow-up asks by another one. */
export const explicitMeasure =
  /\bpage\s*rank\b|\b(?:betweenness|closeness|eigenvector|harmonic|katz)(?:\s+centrality)?\b|\bdegree(?:\s+centrality)?\b|\b(?:hits\s+)?(?:hub|authority)\s+scores?\b|(?:介数|中介|接近|紧密|调和|特征向量|度)中心性|度数/i;

/** A ranking said without a measure word: "the most connections", "most central". */
export const implicitMeasure =
  /\b(?:the\s+)?most\s+(?:connections|links|friends|neighbou?rs|edges|ties|contacts|central|important|influential)\b|\b(?:the\s+)?(?:most|best)[\s-]connected\b|连接最多|(?:朋友|好友|邻居|关系|联系)最多|最(?:重要|核心|有影响力)/i;

/** "degree" said as a measure in a follow-up ("what about by degree?", "按度数呢"). */
export const degreeWord = /\bdegrees?\b|\bconnections\b|度数|(?<![中心])度(?!中心)/i;

/** A distance or a number of steps: "how many hops", "the quickest", "最少要坐几站", "多少分钟". */
export const distanceWords =
  /\bhow many (?:hops|stops|steps|stations|transfers|links|edges|levels|changes|legs)\b|\b(?:shortest|quickest|fastest|cheapest)\b|\bhow (?:far|long)\b|\b(?:travel )?time\b|\bminutes\b|\bdistance\b|几站|几跳|几步|几次|几级|最少|最快|最短|多少分钟|多远|距离/i;

/** "ranked by", "on top", "按…排": a follow-up that asks for a ranking, not one node's value. */
export const rankVerb =
  /\brank(?:ed|ing|s)?\b|\bon top\b|\bsort(?:ed)?\b|\border(?:ed)?\s+by\b|排(?!除)/i;

/** A number of steps rather than a distance: "in how many transfers", "最少几站", "几跳". */
export const stepCount =
  /\bhow many (?:hops|stops|steps|stations|transfers|links|edges|levels|changes|legs|flights)\b|几站|几跳|几步|几次|几级|几段|多少跳|多少步/i;

/** A question after the top of a ranking: "which … the most", "the highest", "哪个 … 最高". */
export const rankingWords =
  /\b(?:(?<!\bat\s)(?:most|least)|fewest|highest|lowest|(?:largest|smallest|biggest)(?!\s+(?:\w+\s+){0,2}(?:components?|communit(?:y|ies)|clusters?|groups?)\b)|greatest|top|best|worst|oldest|youngest|newest|richest|poorest|busiest)\b|最(?:多|少|高|低|(?:大|小)(?![\u4e00-\u9fff]{0,3}(?:分量|社区|连通))|长|短|老|年轻|重要|核心)|前\s*\d+|排名|第[一二三四五六七八九十\d]+(?:多|高|大|名)/i;

/**
 * "Apart from it?", "and excluding that one?", "除了它以外呢？": the previous ranking asked again
 * without the node its answer named. Only the clause: what is left must be a bare follow-up.
 */
export const excludingReference =
  /\b(?:apart from|except(?: for)?|other than|besides|excluding|not counting|leaving out|without)\s+(?:it|him|her|that one|this one|that|this|the (?:first|top) one|(?:that|this|the same)\s+\w+)\b|除(?:了|去|开)?\s*(?:它|他|她|这个|那个|这位|那位|该|此)[\u4e00-\u9fff]{0,3}?\s*(?:以外|之外|外)/i;

/** "Who else?", "还有呢？", "其他的呢？": the same ranking without what it already named. */
export const elseWords =
  /^\s*(?:and\s+)?(?:who|which|what)\s+(?:one\s+)?else\b|^\s*(?:anyone|anything|any)\s+else\b|^\s*(?:还有|其他的?|其余的?)(?:呢|吗)?\s*[?？]?\s*$/i;

/** "The other way round?", "in reverse?", "反过来呢？": the previous edge or path, ends swapped. */
export const reversedWords =
  /\b(?:the\s+)?other\s+way\s+(?:round|around)\b|\bin\s+(?:the\s+)?(?:reverse|opposite)(?:\s+direction)?\b|\breversed?\b|\bvice\s+versa\b|反过来|反方向|反向|倒过来/i;

/**
 * "By hops?", "unweighted?", "the fewest segments instead?", "按跳数呢？", "最少几段呢？": a path
 * counted in hops instead of a weight (any link noun after "fewest" counts links).
 */
export const hopsWords =
  /\b(?:the\s+)?(?:fewest|least number of|smallest number of|minimum number of)\s+(?:[a-z-]+\s+)?(?:[a-z]+s)\b(?!\s+(?:of|than)\b)|最少(?:要|需要)?(?:经过|走|坐|换)?(?:几|多少)(?:段|条|站|跳|步|次)(?:呢)?\s*[?？]?\s*$|\b(?:by|in|counting|count)\s+(?:the\s+)?(?:number of\s+)?(?:hops|stops|steps|edges|links)\b|\bunweighted\b|\bignoring\s+(?:the\s+)?(?:weights?|lengths?|distances?)\b|\bwithout\s+(?:the\s+)?weights?\b|按?跳数|不(?:考虑|计|加)权|不带权|无权/i;

/** "Weighted?", "by length?", "按距离呢？": the same path measured by the edge weight. */
export const weightedWords =
  /^\s*(?:and\s+|what about\s+|how about\s+)?(?:weighted|with weights|by (?:weight|length|distance|time|cost))\b|(?:按|以)(?:权重|长度|距离|时间|成本)|加权/i;

/** "The smaller one", "the largest one", "较小的那个": a part of the previous answer by its size. */
export const sizeReference =
  /\bthe\s+(smaller|smallest|larger|largest|bigger|biggest)(?:\s+(?:one|component|community|group|part|cluster))?\b|(较小|更小|最小|小的|较大|更大|最大|大的)(?:的)?(?:那个|那一个|那部分|分量|社区|连通分量)/i;

/** Superlatives in pairs of opposites: "what about the youngest?" after "which is the oldest?". */
export const superlativeOpposites: [string, string][] = [
  ["highest", "lowest"],
  ["most", "least"],
  ["most", "fewest"],
  ["largest", "smallest"],
  ["biggest", "smallest"],
  ["longest", "shortest"],
  ["best", "worst"],
  ["最多", "最少"],
  ["最高", "最低"],
  ["最大", "最小"],
  ["最长", "最短"],
];
