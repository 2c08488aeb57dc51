import {
  chineseProductionActions,
  chineseProductionTypes,
  englishProductionActions,
} from "./production-words";
import { chineseTypeSynonyms } from "./schema-synonyms";

// Words that name the rows a question is about, beyond the table names themselves. Chinese
// questions name English tables by meaning, so each Chinese word maps to English stems, tried
// in order against the schema's singular type names (`loan` finds `loans`).
export const chineseTypeWords: Record<string, string[]> = {
  客户: ["customer", "client"],
  顾客: ["customer", "client"],
  用户: ["user", "customer"],
  订单: ["order"],
  订单项: ["order_item", "line_item"],
  订单明细: ["order_item", "line_item"],
  产品: ["product", "item"],
  商品: ["product", "item"],
  图书: ["book"],
  书籍: ["book"],
  书: ["book"],
  作者: ["author", "writer"],
  会员: ["member", "user"],
  成员: ["member", "user"],
  读者: ["member", "reader"],
  论文: ["paper", "article", "publication"],
  文章: ["article", "paper"],
  借阅: ["loan", "borrowing", "checkout"],
  借书: ["loan", "borrowing", "checkout"],
  借出: ["loan", "borrowing", "checkout"],
  员工: ["employee", "staff"],
  账户: ["account"],
  商家: ["merchant", "seller"],
  供应商: ["supplier", "vendor"],
  学生: ["student"],
  课程: ["course", "class"],
  课: ["course", "class"],
  选课: ["enrollment", "registration"],
  职员: ["employee", "staff"],
  雇员: ["employee", "staff"],
  电影: ["movie", "film"],
  演员: ["actor"],
  角色: ["character", "role"],
  人物: ["character", "person"],
  城镇: ["town", "city"],
  机场: ["airport"],
  航班: ["flight"],
  部门: ["department"],
  项目: ["project"],
  公司: ["company"],
  学校: ["school"],
  教师: ["teacher", "instructor"],
  老师: ["teacher", "instructor"],
  帖子: ["post"],
  研究人员: ["researcher", "author"],
  研究者: ["researcher", "author"],
  团队: ["team", "group"],
  小组: ["team", "group"],
  开发人员: ["developer", "engineer"],
  开发者: ["developer", "engineer"],
  工程师: ["engineer", "developer"],
  学者: ["researcher", "scholar", "author"],
  航线: ["route", "flight"],
  医生: ["doctor", "physician", "clinician"],
  大夫: ["doctor", "physician"],
  病人: ["patient"],
  患者: ["patient"],
  病房: ["ward"],
  变电站: ["substation", "station"],
  车站: ["station", "stop"],
  站点: ["station", "stop", "site"],
  国家: ["country", "nation"],
  ...chineseTypeSynonyms,
  ...chineseProductionTypes,
};

// Verbs that name a link table's rows without its name ("borrowed" → `loans`). They are weak:
// a question that also names a table outright is about that table.
export const englishActionWords: { pattern: RegExp; stems: string[] }[] = [
  {
    pattern: /\b(?:borrow(?:s|ed|ing)?|lent|lend(?:s|ing)?|checked out)\b/g,
    stems: ["loan", "borrowing", "checkout"],
  },
  {
    pattern: /\b(?:buy(?:s|ing)?|bought|purchas(?:e|es|ed|ing))\b/g,
    stems: ["purchase", "order_item", "order"],
  },
  { pattern: /\b(?:sold|sell(?:s|ing)?)\b/g, stems: ["sale", "order_item"] },
  { pattern: /\b(?:ordered)\b/g, stems: ["order_item", "order"] },
  {
    pattern: /\b(?:enrol(?:l)?(?:s|ed|ing)?|(?:signed|registered) up)\b/g,
    stems: ["enrollment", "enrolment", "registration"],
  },
  ...englishProductionActions,
];

// Chinese verbs of the same kind.
export const chineseActionWords: Record<string, string[]> = {
  借: ["loan", "borrowing", "checkout"],
  购买: ["purchase", "order_item", "order"],
  买: ["purchase", "order_item", "order"],
  选: ["enrollment", "registration"],
  选修: ["enrollment", "registration"],
  售出: ["sale", "order_item"],
  卖出: ["sale", "order_item"],
  ...chineseProductionActions,
};

// Words for "the things in this graph" when the graph has a single node type whose name says
// nothing (a CSV graph's `default`): "members" of the karate club, Cora's "papers".
export const genericEnglishNouns = [
  "node",
  "vertex",
  "vertices",
  "member",
  "paper",
  "people",
  "person",
  "user",
  "player",
  "article",
  "document",
  "publication",
  "student",
  "account",
  "item",
  "entity",
  "entities",
  "record",
  "individual",
  "character",
];

export const genericChineseNouns = [
  "节点",
  "成员",
  "会员",
  "论文",
  "文章",
  "人数",
  "人物",
  "角色",
  "人",
  "用户",
  "队员",
  "学员",
];
