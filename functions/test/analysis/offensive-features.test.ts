/** Offensive-head text handling: leetspeak/masked profanity, hashtag splitting, placeholders, determinism. */
import { describe, expect, it } from 'vitest';
import { featurizeOffensive, isProfane, offensiveTokens, splitHashtag, unleet } from '../../src/analysis/embedded/offensive-features.js';

describe('offensive features', () => {
  it('normalises leetspeak and masked profanity', () => {
    expect(unleet('f*ck')).toBe('fuck');
    expect(unleet('sh1t')).toBe('shit');
    expect(unleet('a$$')).toBe('ass');
    expect(unleet('2nd')).toBe('2nd');
    for (const t of ['f*cking', 'sh1t', 'a$$', 'b!tch', 'idiots', 'stfu']) expect(isProfane(unleet(t)), t).toBe(true);
    // Stems match inside words (motherfucker, bullshit), so place names like Scunthorpe also count: the lexicon is only a feature.
    for (const t of ['class', 'hello', 'assess', 'grass']) expect(isProfane(t), t).toBe(false);
  });

  it('splits #camelCase hashtags and collapses @user runs', () => {
    expect(splitHashtag('DickDurbin')).toBe('Dick Durbin');
    expect(splitHashtag('MAGA2018')).toBe('MAGA 2018');
    const { toks, tags, users } = offensiveTokens('@user @user @user You are fine!!! #WalkAway URL');
    expect(toks).toEqual(['xuserx', 'xusersx', 'you', 'are', 'fine', '!', 'walk', 'away', 'xurlx']);
    expect(tags).toEqual(['walkaway']);
    expect(users).toBe(3);
  });

  it('is deterministic', () => {
    const a = featurizeOffensive('You are a f*cking idiot #SoStupid');
    const b = featurizeOffensive('You are a f*cking idiot #SoStupid');
    expect(Array.from(a.idx)).toEqual(Array.from(b.idx));
    expect(Array.from(a.val)).toEqual(Array.from(b.val));
  });
});
