import { formatAggregateFigure, requestedDecimals } from "./aggregate-figures";
import type { AggregatePlan } from "./aggregate-plan";
import { singularOf } from "./english-forms";

type Row = Record<string, unknown>;

type LeadInput = {
  plan: AggregatePlan;
  rows: Row[];
  language: "en" | "zh";
  question: string;
};

// Groups a table lead names before it says how many more there are.
const listedGroups = 10;
// Tied groups the lead names before it says there are others.
const maxTiedNames = 3;

const englishRanking = {
  count: { desc: "the most", asc: "the fewest" },
  other: { desc: "the highest", asc: "the lowest" },
};
const englishMeasure = {
  sum: "total of ",
  average: "average of ",
  minimum: "",
  maximum: "",
  count: "",
};
const chineseMeasure = { sum: "总和", average: "平均值", minimum: "", maximum: "", count: "" };

function firstSentence(question: string): string {
  return question.split(/[?？]/)[0].trim();
}

function figureOf(input: LeadInput, row: Row | undefined): string {
  const value = Number(row?.[input.plan.valueColumn]);
  return formatAggregateFigure({
    value,
    integer: input.plan.wording.measure === "count",
    decimals: requestedDecimals(input.question),
  });
}

/** The group a row stands for: "Lyon", or a node as "Customer 26 (customers:26)". */
function nameOf(plan: AggregatePlan, row: Row, language: "en" | "zh"): string {
  const label = plan.labelColumn ? row[plan.labelColumn] : undefined;
  const id = plan.idColumn ? row[plan.idColumn] : undefined;
  if (id === undefined || id === null) return String(label ?? "");
  if (label === undefined || label === null || String(label) === String(id)) return String(id);
  return language === "zh"
    ? `${String(label)}（${String(id)}）`
    : `${String(label)} (${String(id)})`;
}

function sameValue(plan: AggregatePlan, a: Row | undefined, b: Row | undefined): boolean {
  return (
    a !== undefined &&
    b !== undefined &&
    Number(a[plan.valueColumn]) === Number(b[plan.valueColumn])
  );
}

/**
 * The first sentence of the answer, naming the result: "Lyon has the most customers (27).",
 * "The average order total is 251.75.", "17 members belong to the Officer club.",
 * "客户最多的城市是 Lyon（27）。" Only the top group is named before any other.
 */
export function writeAggregateLead(input: LeadInput): string {
  const { plan, rows, language } = input;
  if (rows.length === 0) {
    return language === "zh"
      ? `没有符合条件的结果（${plan.describe.zh}）。`
      : `No rows match: ${plan.describe.en}.`;
  }
  switch (plan.answer) {
    case "count":
      return language === "zh" ? chineseCount(input) : englishCount(input);
    case "number":
      return language === "zh"
        ? `${plan.describe.zh}是 ${figureOf(input, rows[0])}。`
        : englishNumber(input);
    case "entity":
      return language === "zh" ? chineseEntity(input) : englishEntity(input);
    case "table":
      return tableLead(input);
  }
}

function englishCount(input: LeadInput): string {
  const figure = figureOf(input, input.rows[0]);
  const asked = /^how many\s+(.+)$/i.exec(firstSentence(input.question))?.[1];
  // Echoing the question reads best ("17 members belong to the Officer club."), but only when
  // its words form a statement: not "how many orders does … have", not "1 members".
  if (
    asked &&
    figure !== "1" &&
    !/\b(?:do|does|did|can|could|will|would|should|must)\b/i.test(asked) &&
    // "how many orders has Customer 1 placed": an inverted perfect is no statement either.
    !/\b(?:has|have|had)\b.*\b\w+(?:ed|en)$/i.test(asked)
  ) {
    const statement = asked
      .replace(/\b(are|is|were|was)\s+there\b/i, "$1")
      .replace(/\s+(?:are|is|were|was)$/i, "")
      .trim();
    return `${figure} ${statement}.`;
  }
  const { rows, conditions } = input.plan.wording;
  const noun = figure === "1" ? singularOf(rows.en) : rows.en;
  const verb = figure === "1" ? "is" : "are";
  return `There ${verb} ${figure} ${noun}${conditions ? ` with ${conditions.en}` : ""}.`;
}

function chineseCount(input: LeadInput): string {
  const { rows, conditions } = input.plan.wording;
  const figure = figureOf(input, input.rows[0]);
  return `${conditions ? `${conditions.zh} 的` : ""}${rows.zh}共有 ${figure} 个。`;
}

function englishNumber(input: LeadInput): string {
  const figure = figureOf(input, input.rows[0]);
  const asked = /^what(?:'s|\s+is|\s+was|\s+are)\s+(?:the\s+)?(.+)$/i.exec(
    firstSentence(input.question),
  )?.[1];
  if (
    asked &&
    /^(?:average|mean|total|sum|overall|combined|maximum|minimum|highest|lowest|largest|smallest|earliest|latest|oldest|newest)\b/i.test(
      asked,
    )
  ) {
    return `The ${asked} is ${figure}.`;
  }
  const capitalised =
    input.plan.describe.en.charAt(0).toUpperCase() + input.plan.describe.en.slice(1);
  return `${capitalised} is ${figure}.`;
}

function englishEntity(input: LeadInput): string {
  const { plan, rows } = input;
  const { wording } = plan;
  const direction = wording.direction ?? "desc";
  const top = nameOf(plan, rows[0], "en");
  const figure = figureOf(input, rows[0]);
  const claim =
    wording.measure === "count"
      ? `${englishRanking.count[direction]} ${wording.rows.en}`
      : `${englishRanking.other[direction]} ${englishMeasure[wording.measure]}${wording.property?.en ?? ""}`;
  return `${top} has ${claim} (${figure})${followers(input, "en")}.`;
}

function chineseEntity(input: LeadInput): string {
  const { plan, rows } = input;
  const { wording } = plan;
  const ascending = wording.direction === "asc";
  const top = nameOf(plan, rows[0], "zh");
  const figure = figureOf(input, rows[0]);
  const subject =
    wording.measure === "count"
      ? `${wording.rows.zh}${ascending ? "最少" : "最多"}`
      : `${wording.property?.zh ?? ""}${chineseMeasure[wording.measure]}${ascending ? "最低" : "最高"}`;
  const amount = wording.measure === "count" ? `${figure} 个` : figure;
  const named = plan.idColumn ? `${top}，${amount}` : `${top}（${amount}）`;
  return `${subject}的${wording.group?.zh ?? ""}是 ${named}${followers(input, "zh")}。`;
}

/** ", tied with Bergen" or ", followed by …" — always after the top group, never before it. */
function followers(input: LeadInput, language: "en" | "zh"): string {
  const { plan, rows } = input;
  const wanted = Math.max(plan.wording.top ?? 1, 1);
  const tied = rows.slice(1).filter((row) => sameValue(plan, row, rows[0]));
  const others = rows.slice(1, wanted).filter((row) => !tied.includes(row));
  const parts: string[] = [];
  if (tied.length > 0) {
    const names = tied.slice(0, maxTiedNames).map((row) => nameOf(plan, row, language));
    // The query returns the first rows only: a tie that fills them may go on beyond them.
    const more = tied.length > maxTiedNames || tied.length === rows.length - 1;
    const others = more && rows.length > maxTiedNames + 1;
    parts.push(
      language === "zh"
        ? `与 ${names.join("、")}${others ? " 等" : ""} 并列`
        : `tied with ${names.join(", ")}${others ? " and others" : ""}`,
    );
  }
  if (others.length > 0) {
    const listed = others.map((row) => `${nameOf(plan, row, language)} (${figureOf(input, row)})`);
    parts.push(
      language === "zh" ? `其次是 ${listed.join("、")}` : `followed by ${listed.join(", ")}`,
    );
  }
  if (parts.length === 0) return "";
  return language === "zh" ? `，${parts.join("，")}` : `, ${parts.join(", ")}`;
}

function tableLead(input: LeadInput): string {
  const { plan, rows, language } = input;
  const listed = rows
    .slice(0, listedGroups)
    .map((row) => `${nameOf(plan, row, language)} ${figureOf(input, row)}`);
  const more = rows.length > listedGroups ? rows.length - listedGroups : 0;
  if (language === "zh") {
    return `${plan.describe.zh}：${listed.join("、")}${more > 0 ? `，另有 ${more} 组` : ""}。`;
  }
  const describe = plan.describe.en.charAt(0).toUpperCase() + plan.describe.en.slice(1);
  return `${describe}: ${listed.join(", ")}${more > 0 ? `, and ${more} more` : ""}.`;
}
