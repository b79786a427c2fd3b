/** Written by calibrate-rules.ts: the confidence each rule-based decision states (share right on held-out business comments). */
export const RULE_CONFIDENCE = { rows: 2801, criticism: 0.964, hate: 0.98, lexiconAbuse: 0.937, mention: 0.924, praise: 0.857, promotion: 0.907, question: 0.974, scam: 0.985, threat: 0.997 };
