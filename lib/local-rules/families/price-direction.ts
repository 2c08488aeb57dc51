// A fee or a price on a link is what was paid for what the link moves: the players, goods or
// shares go from seller to buyer along the link, and the money the other way. So the buyer
// (the link's target) is who spent or paid it and the seller (the source) who earned or
// received it, the reverse of a payment link, whose amount travels with the link. Words of
// buying and selling name the ends outright and come first: "earned the most from selling",
// "spent the most buying", "卖人一共收了多少", "引援支出".

type End = "source" | "target" | "either";

// A property's words: "fee_m" is a fee in millions, "unitPrice" a price.
const priceName = /(?:^|[_\s-])(?:fees?|prices?)(?:$|[_\s-])|^(?:fees?|prices?)|(?:fee|price)s?$/i;

const sellWords = /\b(?:sell(?:s|ing)?|sold|sales?|outgoing)\b|卖|出售|售出|转出|送走/i;
const buyWords =
  /\b(?:buy(?:s|ing)?|bought|purchas(?:e|es|ed|ing)|sign(?:s|ed|ing)?|acquir(?:e|es|ed|ing)|incoming)\b|买|购|引援|引进|签下|签入/i;
const spendWords = /\b(?:spen(?:d|ds|t|ding)|pa(?:y|ys|id|ying)|outlay)\b|支出|花|付/i;
const earnWords =
  /\b(?:earn(?:s|ed|ing|ings)?|revenues?|income|receiv(?:e|es|ed|ing)|brought in|brings? in|took in|takes? in|made)\b|收入|收了|收到|赚|进账/i;

/** Whether a link property is a fee or price paid for what the link moves. */
export function isPriceProperty(name: string): boolean {
  return priceName.test(name.replace(/([a-z])([A-Z])/g, "$1_$2"));
}

/**
 * The end a fee or price is credited to, read from the question's words of trading, then of
 * spending and earning; the end read otherwise when it says neither.
 */
export function endOfPrice(question: string, otherwise: End): End {
  const sells = sellWords.test(question);
  const buys = buyWords.test(question);
  if (sells !== buys) return sells ? "source" : "target";
  const spends = spendWords.test(question);
  const earns = earnWords.test(question);
  if (spends !== earns) return spends ? "target" : "source";
  return otherwise;
}
