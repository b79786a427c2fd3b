/** Written by calibrate-rules.ts: the confidence each rule-based decision states (share right on held-out business comments). */
export const RULE_CONFIDENCE = { rows: 420, criticism: 0.964, hate: 0.8, lexiconAbuse: 0.889, mention: 0.944, praise: 0.857, promotion: 0.857, question: 0.974, scam: 0.96, threat: 0.958 };
