// Request words around the subject of a report ("write a report on …, with a picture").
const englishRequest =
  /^\s*(?:please\s+)?(?:(?:can|could|would)\s+you\s+)?(?:write|create|generate|make|produce|prepare|give\s+me|build|draft|i\s+(?:need|want)|show\s+me)?\s*(?:me\s+)?(?:an?\s+|the\s+)?(?:short\s+|brief\s+|full\s+|detailed\s+)?(?:analysis\s+)?(?:report|write-?up|summary)\s*(?:on|about|of|for|covering|describing|with)?\s*/i;
const englishTail =
  /[\s,;]*(?:(?:and|then|,)\s+)?(?:(?:please\s+)?(?:visuali[sz]e|draw|plot|show)\s+(?:it|them|this|these|the\s+result[s]?)|(?:write|create|generate|make|produce)\s+(?:an?\s+|the\s+)?(?:analysis\s+)?report|(?:as|in)\s+an?\s+report|with\s+an?\s+(?:picture|visuali[sz]ation|graph view))[\s.!?]*$/i;
const chineseRequest =
  /^\s*(?:请|帮我|麻烦)?(?:写|生成|做|出|给我|整理)?(?:一份|一个)?(?:分析)?(?:报告|报表)(?:[,，:：]|关于)?\s*/;
const chineseTail =
  /[，,；;]*(?:并|然后|再)?(?:生成|写|做|出)(?:一份|一个)?(?:分析)?(?:报告|报表)[。！!？?]*$|[，,；;]*(?:并|然后|再)?(?:可视化|画出来|画图)[。！!？?]*$/;

/**
 * A report's title from the question it answers ("a report on the most central customers and
 * their communities" → "The most central customers and their communities"), so the title says
 * what was asked, not which tool ran first. Null when nothing but the request is left.
 */
export function reportTitle(question: string): string | null {
  const about = /(?:关于|有关)(.+?)的(?:分析)?(?:报告|报表)/.exec(question);
  let subject = (about?.[1] ?? question).trim();
  for (let pass = 0; pass < 2; pass++) {
    subject = subject
      .replace(englishTail, "")
      .replace(englishRequest, "")
      .replace(chineseTail, "")
      .replace(chineseRequest, "")
      .trim();
  }
  // "…, and give me a visualisation and a report": the deliverables are not the subject.
  subject = subject
    .split(
      /[\s,;]+(?:and|then|plus)\s+(?:also\s+)?(?:give|write|create|make|produce|show|draw|plot|visuali|render|send|add)\b/i,
    )[0]
    .split(/[，,；;]?(?:并且?|然后|再)(?:生成|写|做|给|画|可视化)/)[0]
    .replace(/^(?:on|about|of)\s+/i, "")
    .replace(
      /^(?:please\s+)?(?:find|show|list|identify|compute|calculate|get|give\s+me|tell\s+me|what\s+are|who\s+are)\s+(?:me\s+)?(?:the\s+)?/i,
      "",
    )
    .replace(/^(?:请)?(?:找出|找到|列出|计算|分析)/, "")
    .replace(/[\s.!?。！？]+$/, "");
  if (subject.length < 3) return null;
  const clipped = subject.length > 90 ? `${subject.slice(0, 90).replace(/\s+\S*$/, "")}…` : subject;
  return clipped.charAt(0).toUpperCase() + clipped.slice(1);
}
