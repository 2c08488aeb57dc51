// Explicit memory statements, English and Chinese (MEM-3): only what the user says outright is
// remembered. Each pattern's group 1 is the content; the opener is dropped.

/** A stable preference: "I prefer …", "from now on …", "我更喜欢…", "以后请…". */
export const preferencePatterns: RegExp[] = [
  /^(?:actually|no|instead)?[,，\s]*i(?:'d| would)? (?:much )?prefer(?: that| it if| it when)?\s+(.+)$/i,
  /^(?:actually|no)?[,，\s]*i (?:always )?(?:like|want) (?:my )?((?:reports?|answers?|summaries|replies|results)\b.+)$/i,
  /^(?:please\s+)?(?:always|from now on|in (?:the )?future|going forward)[,，\s]+(.+)$/i,
  /^((?:reports?|answers?|summaries|replies)\s+should\s+.+)$/i,
  /^(?:其实|不对|改为|还是)?[,，\s]*我(?:更|比较|一直)?(?:喜欢|偏好|倾向于|希望)\s*(.+)$/,
  /^(?:以后|今后|从现在起|请总是|请始终|总是)[,，\s]*(?:请)?\s*(.+)$/,
  /^((?:报告|回答|答案|总结).{0,6}(?:应该|要|请).+)$/,
];

/** "Actually, lead with the method": a correction counts only when its topic is a known one. */
export const correctionPattern = /^(?:actually|no|instead|其实|不对|改为|还是)[,，\s]+(.+)$/i;

/** A long-lived fact: "remember that …", "note that …", "请记住…". */
export const factPatterns: RegExp[] = [
  /^(?:please\s+)?(?:remember|note|keep in mind|don't forget)(?: that)?[:,\s]+(.+)$/i,
  /^(?:for the record|fyi)[:,\s]+(.+)$/i,
  /^(?:请)?(?:记住|记一下|注意|别忘了)[:：,，\s]*(.+)$/,
];

/** Guesses and hedges are never facts. */
export const hedgePattern =
  /\b(?:maybe|perhaps|probably|possibly|might|may be|i think|i guess|i suppose|i believe|likely|not sure|unsure|seems?)\b|可能|也许|大概|或许|估计|猜|不确定|好像|似乎/i;

/** Transient errors and failures are never memories. */
export const transientPattern =
  /\b(?:errors?|failed|failing|failure|fails|timeouts?|timed out|exceptions?|crash(?:ed)?|unavailable|econn\w*|http \d{3})\b|错误|失败|超时|异常|崩溃|报错/i;

/** Questions are asked, not stated. */
export const questionPattern =
  /[?？]\s*$|吗\s*$|^(?:what|how|why|which|who|when|where|can|could|is|are|do|does)\b/i;
