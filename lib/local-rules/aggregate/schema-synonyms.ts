// A small bilingual lexicon of the words datasets commonly use for their node types and
// properties, beyond the business tables the other word lists cover: places on a map, transport
// networks, terrain. Each word maps to candidate English names, tried against the graph's own
// schema, so a word whose names the schema lacks changes nothing ("海拔" finds `altitude` or
// `elevation`, whichever the uploaded table has).

/** Chinese words for node types (kinds of place or thing), to English type-name stems. */
export const chineseTypeSynonyms: Record<string, string[]> = {
  山峰: ["peak", "summit", "mountain"],
  峰: ["peak", "summit"],
  山头: ["peak", "summit"],
  港口: ["port", "harbour", "harbor"],
  码头: ["port", "terminal", "dock", "pier"],
  路点: ["waypoint", "point"],
  村庄: ["village"],
  村子: ["village"],
  村落: ["village"],
  小屋: ["hut", "cabin", "shelter"],
  木屋: ["hut", "cabin"],
  避难所: ["shelter", "hut"],
  湖泊: ["lake"],
  湖: ["lake", "pond"],
  垭口: ["pass", "col", "saddle"],
  山口: ["pass", "col"],
  隘口: ["pass", "col"],
  路口: ["junction", "intersection", "crossing"],
  岔路口: ["junction", "intersection"],
  交叉口: ["junction", "intersection", "crossing"],
  交汇点: ["junction", "intersection"],
  城市: ["city", "town"],
  村: ["village"],
  仓库: ["warehouse", "depot", "repository"],
  工厂: ["factory", "plant"],
  发电厂: ["plant", "generator", "power_plant"],
  电厂: ["plant", "generator"],
  医院: ["hospital"],
  学校: ["school"],
  大学: ["university", "school"],
  景点: ["attraction", "sight", "poi"],
  路由器: ["router"],
  服务器: ["server", "host"],
  基站: ["tower", "station"],
};

/** Chinese words for node properties, to English property names. */
export const chinesePropertySynonyms: Record<string, string[]> = {
  海拔: ["altitude", "elevation", "height"],
  海拔高度: ["altitude", "elevation", "height"],
  高度: ["height", "altitude", "elevation"],
  高程: ["elevation", "altitude", "height"],
  泊位: ["berths", "berth", "docks"],
  泊位数: ["berths", "berth", "docks"],
  山谷: ["valley"],
  谷地: ["valley"],
  面积: ["area", "size"],
  深度: ["depth"],
  吞吐量: ["throughput", "volume", "capacity"],
  床位: ["beds"],
  床位数: ["beds"],
  员工数: ["employees", "staff", "headcount"],
  座位: ["seats", "capacity"],
  座位数: ["seats", "capacity"],
  成立年份: ["founded", "year"],
  出生年份: ["born", "birth_year"],
  // A sum insured, a number of days: a schema qualifies them (`insured_sum`, `transit_days`),
  // which the compound reading of a quantity name finds.
  保险: ["insured", "insurance"],
  保额: ["insured", "insurance"],
  天数: ["days", "duration"],
  多少天: ["days", "duration"],
  几天: ["days", "duration"],
  参观人数: ["visitors", "attendance", "visits"],
  观众: ["visitors", "attendance", "audience"],
  访客: ["visitors", "visits"],
};

/** English words for node properties that a table may call by a synonym. */
export const englishPropertySynonyms: { pattern: RegExp; names: string[] }[] = [
  {
    pattern: /\b(?:elevations?|altitudes?|heights? above sea level)\b/g,
    names: ["altitude", "elevation", "height"],
  },
  { pattern: /\b(?:berths?|docks?|moorings?)\b/g, names: ["berths", "berth", "docks"] },
];
