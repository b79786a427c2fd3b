/** Written by calibrate-rules.ts: the confidence each rule-based decision states (share right on held-out business comments). */
export const RULE_CONFIDENCE = { rows: 160, criticism: 0.964, lexiconAbuse: 0.889, mention: 0.8, praise: 0.857, promotion: 0.667, question: 0.974, scam: 0.9, threat: 0.95 };
