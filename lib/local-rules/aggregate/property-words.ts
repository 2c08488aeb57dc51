import { chineseProductionProperties, englishProductionProperties } from "./production-words";
import { chinesePropertySynonyms, englishPropertySynonyms } from "./schema-synonyms";

// Words that name a property without its column name. Each maps to candidate property names,
// tried in order against the schema: the first name some table has is the one meant.

/** The names a "kind of thing" word may stand for: category, genre, class… or a CSV label. */
const kindNames = ["category", "genre", "type", "kind", "class", "label", "tag"];

export const englishPropertyWords: { pattern: RegExp; names: string[]; sum?: boolean }[] = [
  {
    pattern: /\b(?:publication|publishing|release) years?\b|\byears? of publication\b/g,
    names: ["year", "published", "publication_year"],
  },
  { pattern: /\b(?:types?|kinds?|class(?:es)?|categor(?:y|ies))\b/g, names: kindNames },
  { pattern: /\bnationalit(?:y|ies)\b/g, names: ["country", "nationality"] },
  { pattern: /\b(?:levels?|grades?)\b/g, names: ["tier", "level", "grade"] },
  { pattern: /\bfactions?\b/g, names: ["club", "faction", "group"] },
  {
    pattern: /\bearn(?:s|ed|ing)?\b|\bearnings\b|\bwages?\b|\bsalar(?:y|ies)\b/g,
    names: ["salary", "wage", "pay", "income"],
  },
  // "sells the most units": units are summed quantities.
  { pattern: /\bunits?\b|\bpieces\b/g, names: ["quantity", "qty", "units"], sum: true },
  // "the average size of a grant", "deal size": how large a money row is.
  { pattern: /\bsizes?\b/g, names: ["size", "amount", "value"] },
  ...englishPropertySynonyms,
  ...englishProductionProperties,
];

export const chinesePropertyWords: Record<string, string[]> = {
  城市: ["city", "town"],
  国家: ["country", "nation", "nationality"],
  国籍: ["nationality", "country"],
  地区: ["region", "area", "district"],
  类别: kindNames,
  类型: kindNames,
  分类: kindNames,
  体裁: ["genre", "category"],
  流派: ["genre", "category"],
  题材: ["genre", "category"],
  出版年份: ["year", "published", "publication_year"],
  出版年: ["year", "published", "publication_year"],
  年份: ["year"],
  年代: ["year", "decade"],
  价格: ["price"],
  单价: ["price", "unit_price"],
  售价: ["price"],
  客户群: ["segment"],
  客群: ["segment"],
  细分: ["segment"],
  群体: ["segment", "group"],
  分群: ["segment"],
  等级: ["tier", "level", "grade"],
  级别: ["tier", "level", "grade"],
  俱乐部: ["club"],
  派系: ["club", "faction"],
  标签: ["label", "tag"],
  名称: ["name", "title"],
  名字: ["name"],
  书名: ["title", "name"],
  标题: ["title", "name"],
  划分: ["split"],
  评分: ["rating", "score"],
  日期: ["date"],
  组: ["group", "team", "cluster"],
  分组: ["group", "team", "cluster"],
  成绩: ["grade", "score", "mark"],
  年级: ["grade", "year", "level"],
  容量: ["capacity"],
  产能: ["capacity"],
  星标: ["stars", "star"],
  行数: ["lines", "line_count"],
  分数: ["score", "grade", "mark"],
  学分: ["credits", "credit"],
  部门: ["department", "dept", "division"],
  院系: ["department", "faculty"],
  机构: ["institution", "organization", "organisation", "affiliation"],
  单位: ["institution", "organization", "affiliation", "department"],
  领域: ["field", "area", "domain"],
  职位: ["role", "title", "position"],
  职务: ["role", "title", "position"],
  工龄: ["tenure_years", "tenure", "years"],
  任期: ["tenure_years", "tenure"],
  预算: ["budget"],
  启动年份: ["start_year", "launch_year", "started", "start"],
  启动: ["start_year", "launch_year", "started", "launched", "start"],
  开始年份: ["start_year", "started", "start"],
  研究领域: ["field", "area", "domain"],
  研究方向: ["field", "area", "domain"],
  大楼: ["building"],
  学期: ["term", "semester"],
  入学年份: ["enrollment_year", "year"],
  // Pay, time and size words analysts use for English column names.
  工资: ["salary", "wage", "wages", "pay"],
  薪水: ["salary", "wage", "pay"],
  薪资: ["salary", "wage", "pay"],
  薪酬: ["salary", "wage", "pay"],
  工时: ["hours", "hours_worked", "duration"],
  时长: ["hours", "duration", "minutes"],
  小时数: ["hours"],
  人口: ["population"],
  年龄: ["age"],
  岁数: ["age"],
  成本: ["cost"],
  费用: ["cost", "fee", "price"],
  行车时间: ["minutes", "time", "travel_time", "duration"],
  分钟数: ["minutes"],
  公里数: ["km", "distance", "length"],
  里程: ["km", "distance", "length", "miles"],
  距离: ["distance", "km", "length"],
  长度: ["length", "km", "distance"],
  线路: ["line", "route"],
  区域: ["zone", "region", "area", "district"],
  票区: ["zone"],
  专科: ["specialty", "speciality"],
  科室: ["ward", "department", "specialty"],
  楼层: ["floor"],
  电压: ["voltage"],
  吨数: ["tonnes", "tons", "weight"],
  出口额: ["value", "amount"],
  贸易额: ["value", "amount"],
  就诊次数: ["visits"],
  星数: ["stars"],
  ...chinesePropertySynonyms,
  ...chineseProductionProperties,
};

/** Chinese words for summed quantities ("销量": units sold). */
export const chineseQuantityWords: Record<string, string[]> = {
  销量: ["quantity", "qty", "units"],
  件数: ["quantity", "qty", "units"],
};

// Money: questions say "spend", "revenue" or "金额" where the schema has `total` or `amount`.
// A unit price is not spending, so `price` is not one of them.
export const moneyPropertyNames =
  /^(?:total|amount|revenue|sales|spend|spent|spending|payment|paid|order_total|total_amount|fees?)$/i;

export const englishMoneyWords =
  /\b(?:spend(?:s|ing)?|spent|revenue|sales|amounts?|money|paid|pays?|turnover)\b/g;

/** Chinese money words; 总额 also asks for the sum ("total amount"). */
export const chineseMoneyWords: Record<string, { sum: boolean }> = {
  金额: { sum: false },
  总额: { sum: true },
  经费: { sum: false },
  资金: { sum: false },
  消费: { sum: true },
  花费: { sum: true },
  销售额: { sum: true },
  收入: { sum: true },
  营收: { sum: true },
  支出: { sum: true },
};
