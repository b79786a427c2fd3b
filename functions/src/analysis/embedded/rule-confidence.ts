/** Written by calibrate-rules.ts: the confidence each rule-based decision states (share right on held-out business comments). */
export const RULE_CONFIDENCE = { rows: 2920, criticism: 0.964, hate: 0.98, lexiconAbuse: 0.941, mention: 0.921, praise: 0.857, promotion: 0.907, question: 0.974, scam: 0.985, threat: 0.992 };
