import type { AggregateFilter, AggregateIntent } from "./aggregate-intent";
import type { AggregateWording, BilingualText } from "./aggregate-plan";
import { singularOf } from "./english-forms";
import { chinesePropertyWords } from "./property-words";
import { chineseTypeWords } from "./type-words";

const hasChinese = /[\u4e00-\u9fff]/;

const measureWords = {
  sum: { en: "total", zh: "总和" },
  average: { en: "average", zh: "平均值" },
  minimum: { en: "minimum", zh: "最小值" },
  maximum: { en: "maximum", zh: "最大值" },
} as const;

const operatorWords = {
  "=": { en: "=", zh: "为" },
  ">": { en: ">", zh: "大于" },
  ">=": { en: "≥", zh: "不小于" },
  "<": { en: "<", zh: "小于" },
  "<=": { en: "≤", zh: "不大于" },
} as const;

function chineseTypeName(type: string): string | null {
  const singular = singularOf(type);
  return Object.entries(chineseTypeWords).find(([, stems]) => stems[0] === singular)?.[0] ?? null;
}

function chinesePropertyName(property: string): string | null {
  const lower = property.toLowerCase();
  return Object.entries(chinesePropertyWords).find(([, names]) => names[0] === lower)?.[0] ?? null;
}

/**
 * A name in both languages. English keeps the schema's exact name (`city`, `orders.total`)
 * unless `askedEnglish` allows the question's own noun ("members" for a CSV's `default`);
 * Chinese uses the question's word, else a dictionary word, else the schema's name.
 */
function bilingual(input: {
  asked: string | null;
  schema: string;
  chinese: string | null;
  askedEnglish?: boolean;
}): BilingualText {
  const asked = input.asked?.trim() ?? "";
  const chineseAsked = asked !== "" && hasChinese.test(asked);
  return {
    en: input.askedEnglish && asked !== "" && !chineseAsked ? asked : input.schema,
    zh: chineseAsked ? asked : (input.chinese ?? input.schema),
  };
}

function conditionText(filter: AggregateFilter): BilingualText {
  const property = filter.ref.column.property;
  const value = filter.shown ?? String(filter.value);
  return {
    en: `${property} ${operatorWords[filter.operator].en} ${value}`,
    zh: `${property} ${operatorWords[filter.operator].zh} ${value}`,
  };
}

/** The words of a plan's answer and its one-line description, in English and Chinese. */
export function describeAggregate(intent: AggregateIntent): {
  describe: BilingualText;
  wording: AggregateWording;
} {
  const { measure, group, words } = intent;
  const type = intent.rows.type;
  const rows = bilingual({
    asked: words.rows,
    schema: type === "default" ? "nodes" : type.replaceAll("_", " "),
    chinese: chineseTypeName(type),
    askedEnglish: true,
  });
  const groupText = !group
    ? null
    : group.kind === "entity"
      ? bilingual({
          asked: words.group,
          schema: singularOf(group.table.type),
          chinese: chineseTypeName(group.table.type),
        })
      : bilingual({
          asked: words.group,
          schema: group.ref.column.property,
          chinese: chinesePropertyName(group.ref.column.property),
        });
  const property =
    measure.kind === "count"
      ? null
      : bilingual({
          asked: words.property,
          schema: `${measure.ref.table.type}.${measure.ref.column.property}`,
          chinese: chinesePropertyName(measure.ref.column.property),
        });
  const parts = intent.filters.map(conditionText);
  const conditions =
    parts.length > 0
      ? {
          en: parts.map((part) => part.en).join(" and "),
          zh: parts.map((part) => part.zh).join("且"),
        }
      : null;
  const wording: AggregateWording = {
    measure: measure.kind,
    direction: intent.direction,
    rows,
    group: groupText,
    property,
    conditions,
    top: intent.top,
  };
  return { describe: describeText(wording, intent.averageOverGroups), wording };
}

function describeText(wording: AggregateWording, averageOverGroups: boolean): BilingualText {
  const { rows, group, property, conditions, measure } = wording;
  const where = conditions
    ? { en: ` where ${conditions.en}`, zh: `（${conditions.zh}）` }
    : { en: "", zh: "" };
  if (measure === "count") {
    if (!group)
      return { en: `${rows.en} with ${conditions?.en}`, zh: `${conditions?.zh} 的${rows.zh}数量` };
    if (averageOverGroups) {
      return {
        en: `average number of ${rows.en} per ${group.en}${where.en}`,
        zh: `平均每个${group.zh}的${rows.zh}数量${where.zh}`,
      };
    }
    return {
      en: `${rows.en} per ${group.en}${where.en}`,
      zh: `各${group.zh}的${rows.zh}数量${where.zh}`,
    };
  }
  const word = measureWords[measure];
  const measured = { en: `${word.en} of ${property?.en}`, zh: `${property?.zh}的${word.zh}` };
  if (!group) return { en: `${measured.en}${where.en}`, zh: `${measured.zh}${where.zh}` };
  return {
    en: `${measured.en} per ${group.en}${where.en}`,
    zh: `各${group.zh}的${measured.zh}${where.zh}`,
  };
}
