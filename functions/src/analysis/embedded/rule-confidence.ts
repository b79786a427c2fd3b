/** Written by calibrate-rules.ts: the confidence each rule-based decision states (share right on held-out business comments). */
export const RULE_CONFIDENCE = { rows: 290, criticism: 0.964, hate: 0.8, lexiconAbuse: 0.846, mention: 0.889, praise: 0.857, promotion: 0.833, question: 0.974, scam: 0.944, threat: 0.955 };
