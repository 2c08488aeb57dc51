// What a preference or fact is about. Two records with one subject cannot both hold, so the newer
// supersedes the older (MEM-3). Known preference topics get a stable name; a fact's subject is
// what it is said of ("customers:34 is …" → "customers:34").

const preferenceTopics: { subject: string; pattern: RegExp }[] = [
  {
    subject: "report.lead",
    pattern:
      /\b(?:lead|start|begin|open)s?(?:ing)? with\b|\b(?:put|place)\b.{0,30}\bfirst\b|\bfirst\b.{0,20}\bthen\b|先写|先说|开头|放在(?:最)?前面|以.{1,8}开始/i,
  },
  {
    subject: "answer.language",
    pattern:
      /\b(?:answer|reply|respond|write|talk)s?\b.{0,12}\bin (?:english|chinese|mandarin)\b|用(?:中文|英文|英语|汉语)/i,
  },
  {
    subject: "answer.length",
    pattern: /\b(?:concise|short|brief|detailed|long|terse)\b|简洁|简短|详细|简要/i,
  },
  {
    subject: "answer.format",
    pattern: /\btables?\b|\bbullet(?: points)?\b|\bmarkdown\b|\bplain text\b|表格|列表|要点/i,
  },
  { subject: "chart.style", pattern: /\bcharts?\b|\bplots?\b|\bcolou?rs?\b|图表|配色|颜色/i },
];

/** The known topic of a preference sentence, or null. */
export function preferenceTopic(input: { text: string }): string | null {
  return preferenceTopics.find((topic) => topic.pattern.test(input.text))?.subject ?? null;
}

/** The subject of a fact ("X is …" / "X是…"), lower-cased; null when it names none. */
export function factSubject(input: { text: string }): string | null {
  const match =
    /^(.{1,60}?)\s+(?:is|are|was|were|has|have|means|stands for)\s+/i.exec(input.text) ??
    /^(.{1,30}?)(?:是|为|指|代表)/.exec(input.text);
  if (!match?.[1]) return null;
  return match[1]
    .replace(/^(?:the|our|my|a|an)\s+/i, "")
    .trim()
    .toLowerCase();
}
