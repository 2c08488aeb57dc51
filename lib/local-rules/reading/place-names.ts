import { chinesePlaceNames } from "./place-name-translation";

// Values analysts' data often hold in English that a question says another way: a country's
// Chinese name ("日本" for Japan) or its adjective ("Japanese accounts"). A small lexicon of the
// common ones; a value not listed is matched by its own words only.

const places: [english: string, chinese: string[], adjectives: string[]][] = [
  ["Japan", ["日本"], ["japanese"]],
  ["China", ["中国"], ["chinese"]],
  ["Spain", ["西班牙"], ["spanish"]],
  ["Brazil", ["巴西"], ["brazilian"]],
  ["Canada", ["加拿大"], ["canadian"]],
  ["Germany", ["德国"], ["german"]],
  ["France", ["法国"], ["french"]],
  ["Italy", ["意大利"], ["italian"]],
  ["United Kingdom", ["英国"], ["british"]],
  ["UK", ["英国"], ["british"]],
  ["United States", ["美国"], ["american"]],
  ["USA", ["美国"], ["american"]],
  ["US", ["美国"], ["american"]],
  ["India", ["印度"], ["indian"]],
  ["Mexico", ["墨西哥"], ["mexican"]],
  ["Australia", ["澳大利亚", "澳洲"], ["australian"]],
  ["Russia", ["俄罗斯"], ["russian"]],
  ["Korea", ["韩国"], ["korean"]],
  ["South Korea", ["韩国"], ["korean", "south korean"]],
  ["Netherlands", ["荷兰"], ["dutch"]],
  ["Sweden", ["瑞典"], ["swedish"]],
  ["Norway", ["挪威"], ["norwegian"]],
  ["Poland", ["波兰"], ["polish"]],
  ["Portugal", ["葡萄牙"], ["portuguese"]],
  ["Argentina", ["阿根廷"], ["argentinian", "argentine"]],
  ["Chile", ["智利"], ["chilean"]],
  ["Egypt", ["埃及"], ["egyptian"]],
  ["Nigeria", ["尼日利亚"], ["nigerian"]],
  ["Kenya", ["肯尼亚"], ["kenyan"]],
  ["Ethiopia", ["埃塞俄比亚"], ["ethiopian"]],
  ["South Africa", ["南非"], ["south african"]],
  ["Turkey", ["土耳其"], ["turkish"]],
  ["Indonesia", ["印度尼西亚", "印尼"], ["indonesian"]],
  ["Vietnam", ["越南"], ["vietnamese"]],
  ["Thailand", ["泰国"], ["thai"]],
  ["Singapore", ["新加坡"], ["singaporean"]],
  ["Switzerland", ["瑞士"], ["swiss"]],
  ["Austria", ["奥地利"], ["austrian"]],
  ["Belgium", ["比利时"], ["belgian"]],
  ["Greece", ["希腊"], ["greek"]],
  ["Ireland", ["爱尔兰"], ["irish"]],
  ["Asia", ["亚洲"], ["asian"]],
  ["Europe", ["欧洲"], ["european"]],
  ["Africa", ["非洲"], ["african"]],
  ["North America", ["北美", "北美洲"], ["north american"]],
  ["South America", ["南美", "南美洲"], ["south american"]],
  ["Oceania", ["大洋洲"], ["oceanian"]],
];

const byValue = new Map(
  places.map(([english, chinese, adjectives]) => [english.toLowerCase(), { chinese, adjectives }]),
);

/** The other ways a question may name this value: its Chinese names and English adjectives. */
export function otherNamesOf(value: string): { chinese: string[]; adjectives: string[] } {
  const key = value.trim().toLowerCase();
  // Cities, ports and the countries listed only in the gazetteer go by their Chinese names too.
  return (
    byValue.get(key) ?? { chinese: chinesePlaceNames(value), adjectives: practitionersOf(key) }
  );
}

// A field names its practitioners ("cardiology" → "cardiologists", "psychiatry" →
// "psychiatrists"), as a question about "cardiologists" filters specialty = cardiology.
function practitionersOf(field: string): string[] {
  const match = /^([a-z]+)(olog|iatr)(?:y)$/.exec(field);
  if (!match) return [];
  const person = `${match[1]}${match[2]}ist`;
  return [person, `${person}s`];
}
