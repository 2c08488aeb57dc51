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
  const found = Object.entries(chineseTypeWords).find(([, stems]) => stems[0] === singular);
  return found ? found[0] : null;
}

function chinesePropertyName(property: string): string | null {
  const found = Object.entries(chinesePropertyWords).find(
    ([, names]) => names[0] === property.toLowerCase(),
  );
  return found ? found[0] : null;
}

/** A word in both languages: the question's own word where it fits, else the schema's name. */
function bilingual(surface: string | null, english: string, chinese: string | null): BilingualText {
  const asked = surface?.trim() ?? "";
  return {
    en: asked && !hasChinese.test(asked) ? asked : english,
    zh: asked && hasChinese.test(asked) ? asked : (chinese ?? english),
  };
}

function conditionText(filter: AggregateFilter): BilingualText {
  const property = filter.ref.column.property;
  const value = String(filter.value);
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
  const rowsName = intent.rows.type === "default" ? "nodes" : intent.rows.type.replaceAll("_", " ");
  const rows = bilingual(words.rows, rowsName, chineseTypeName(intent.rows.type));
  const groupName =
    group?.kind === "entity"
      ? singularOf(group.table.type)
      : group
        ? group.ref.column.property
        : null;
  const groupText =
    group && groupName
      ? bilingual(
          words.group,
          groupName,
          group.kind === "entity"
            ? chineseTypeName(group.table.type)
            : chinesePropertyName(groupName),
        )
      : null;
  // In English the exact column (`orders.total`) says what was summed better than "spends".
  const property =
    measure.kind === "count"
      ? null
      : {
          en: `${measure.ref.table.type}.${measure.ref.column.property}`,
          zh: bilingual(
            words.property,
            measure.ref.column.property,
            chinesePropertyName(measure.ref.column.property),
          ).zh,
        };
  const conditionParts = intent.filters.map(conditionText);
  const conditions =
    conditionParts.length > 0
      ? {
          en: conditionParts.map((part) => part.en).join(" and "),
          zh: conditionParts.map((part) => part.zh).join("且"),
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
  return { describe: describeText(wording), wording };
}

function describeText(wording: AggregateWording): BilingualText {
  const { rows, group, property, conditions, measure } = wording;
  const where = conditions
    ? { en: ` where ${conditions.en}`, zh: `（${conditions.zh}）` }
    : { en: "", zh: "" };
  if (measure === "count") {
    if (!group) {
      return {
        en: `${rows.en} with ${conditions?.en ?? "any value"}`,
        zh: `${conditions?.zh ?? ""} 的${rows.zh}数量`,
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
