// The role a same-kind foreign key names comes from its column (`mentor_id` → "mentor",
// `parent_id` → "parent"); an English question says that word, a Chinese one says it in
// Chinese. These are the Chinese words for the roles such columns hold, each with the English
// column words it may stand for, tried against the column's own word.
const chineseRoleWords: Record<string, string[]> = {
  导师: ["mentor", "advisor", "adviser", "supervisor", "tutor", "coach"],
  师父: ["mentor", "master", "teacher"],
  师傅: ["mentor", "master", "teacher"],
  指导老师: ["advisor", "adviser", "supervisor", "mentor", "tutor"],
  教练: ["coach", "trainer"],
  上级: ["manager", "supervisor", "boss", "parent", "superior", "reports_to"],
  主管: ["supervisor", "manager", "lead"],
  经理: ["manager"],
  负责人: ["lead", "owner", "manager", "head"],
  父节点: ["parent"],
  父级: ["parent"],
  上级节点: ["parent"],
  母公司: ["parent", "parent_company"],
  父母: ["parent"],
  父亲: ["father", "parent"],
  母亲: ["mother", "parent"],
  推荐人: ["referrer", "referred_by", "sponsor", "recommender", "introducer"],
  介绍人: ["referrer", "introducer", "referred_by", "sponsor"],
  担保人: ["sponsor", "guarantor"],
  邀请人: ["inviter", "invited_by", "referrer"],
  配偶: ["spouse", "partner"],
  伴侣: ["partner", "spouse"],
  前任: ["predecessor", "previous"],
  继任者: ["successor"],
  继任: ["successor"],
  后继: ["successor", "next"],
  前驱: ["predecessor", "previous", "prev"],
  替补: ["backup", "substitute", "deputy"],
  副手: ["deputy", "assistant"],
  助理: ["assistant", "deputy"],
  审稿人: ["reviewer"],
  审核人: ["reviewer", "approver"],
  审批人: ["approver"],
  创建者: ["creator", "created_by", "author"],
  作者: ["author", "created_by"],
};

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The words that name a column's role in a question: the column word itself (and its plural,
 * "mentors"), and the Chinese words for it ("导师" for `mentor`).
 */
export function roleNoun(word: string): RegExp {
  const lower = word.toLowerCase();
  const compact = lower.replace(/\s+/g, "_");
  const chinese = Object.entries(chineseRoleWords)
    .filter(([, english]) => english.includes(lower) || english.includes(compact))
    .map(([chineseWord]) => chineseWord)
    .sort((a, b) => b.length - a.length);
  const english = `\\b${escapeRegExp(word).replace(/\\?\s+/g, "[\\s_-]+")}s?\\b`;
  return new RegExp([english, ...chinese.map(escapeRegExp)].join("|"), "i");
}
