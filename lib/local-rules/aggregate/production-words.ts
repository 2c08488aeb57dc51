// Words of productions and the people in them — films, shows, records, books — that name a
// dataset's tables and columns without their names: 导演 for `directors`, 票房 for `box_office`,
// "roles" for the link table (`casting`, `credits`) whose rows are one person's part in one work.
// Each word maps to candidate English names tried against the graph's own schema, so a word
// whose names the schema lacks changes nothing.

/** Chinese words for the node types of a production dataset, to English type-name stems. */
export const chineseProductionTypes: Record<string, string[]> = {
  导演: ["director", "filmmaker"],
  制片公司: ["studio", "company", "producer", "production_company"],
  电影公司: ["studio", "company"],
  影视公司: ["studio", "company"],
  制片厂: ["studio"],
  片厂: ["studio"],
  工作室: ["studio"],
  影片: ["film", "movie"],
  歌手: ["artist", "singer"],
  音乐人: ["musician", "artist"],
  乐手: ["musician", "player"],
  专辑: ["album", "record"],
  唱片公司: ["label", "company"],
  出版社: ["publisher", "press"],
  编辑: ["editor"],
  剧目: ["play", "show"],
  话剧: ["play"],
  编剧: ["writer", "screenwriter"],
  制片人: ["producer"],
};

// One person's part in one work: the rows of the link table between people and works.
const partStems = ["casting", "cast", "role", "credit", "appearance", "performance", "session"];

/** Chinese words for such a part ("每个角色的平均片酬": per casting row). */
export const chineseProductionActions: Record<string, string[]> = {
  角色: partStems,
  出演: partStems,
  参与: ["session", ...partStems],
  参演: partStems,
  主演: partStems,
  饰演: partStems,
};

/** English words for a part: "filled the most roles", "how many appearances". */
export const englishProductionActions: { pattern: RegExp; stems: string[] }[] = [
  {
    pattern:
      /\b(?:roles?|parts?|appearances?|credits?|cast|castings?|sessions?|starred|starring|co-?stars?|acted|appear(?:s|ed)? in)\b/g,
    stems: partStems,
  },
];

/** Chinese words for the figures of productions and pay, to English property names. */
export const chineseProductionProperties: Record<string, string[]> = {
  票房: ["box_office", "gross", "revenue", "takings"],
  票房收入: ["box_office", "gross", "revenue"],
  片酬: ["fee", "pay", "salary", "wage"],
  酬劳: ["fee", "pay", "salary"],
  报酬: ["fee", "pay", "salary"],
  酬金: ["fee", "pay"],
  出场费: ["fee"],
  戏份: ["minutes", "screen_time", "duration"],
  出场时间: ["minutes", "screen_time", "duration"],
  上映年份: ["year", "release_year", "released"],
  上映时间: ["year", "release_year", "released", "release_date"],
  发行年份: ["year", "release_year", "released"],
  利润: ["profit"],
  片长: ["runtime", "minutes", "duration", "length"],
};

/** English words for the same figures. */
export const englishProductionProperties: { pattern: RegExp; names: string[] }[] = [
  { pattern: /\b(?:gross(?:es|ed)?|takings|ticket sales)\b/g, names: ["box_office", "gross"] },
  { pattern: /\bscreen[- ]time\b/g, names: ["minutes", "screen_time", "duration"] },
  { pattern: /\brun(?:ning)?[- ]?times?\b/g, names: ["runtime", "minutes", "duration"] },
];
