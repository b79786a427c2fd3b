/** Eval metrics, CSV reading and task inference on tiny hand-made inputs. */
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/analysis/embedded/csv.js';
import { inferTask } from '../../src/analysis/embedded/eval.js';
import { confusion, scores } from '../../src/analysis/embedded/metrics.js';

describe('metrics', () => {
  it('computes accuracy, macro-F1 and macro-recall from a hand-made confusion', () => {
    // actual spam: 3 (2 right), actual ham: 2 (1 right)
    const c = confusion(['ham', 'spam'], ['spam', 'spam', 'spam', 'ham', 'ham'], ['spam', 'spam', 'ham', 'ham', 'spam']);
    expect(c.matrix).toEqual([[1, 1], [1, 2]]);
    const s = scores(c);
    expect(s.rows).toBe(5);
    expect(s.accuracy).toBeCloseTo(0.6);
    // ham: p=1/2 r=1/2 f1=0.5; spam: p=2/3 r=2/3 f1=2/3
    expect(s.macroF1).toBeCloseTo((0.5 + 2 / 3) / 2);
    expect(s.macroRecall).toBeCloseTo((0.5 + 2 / 3) / 2);
  });

  it('scores a class that is never predicted as F1 0', () => {
    const s = scores(confusion(['a', 'b'], ['a', 'b'], ['a', 'a']));
    expect(s.macroF1).toBeCloseTo((2 / 3 + 0) / 2);
  });
});

describe('csv and task inference', () => {
  it('parses quoted fields with commas, quotes and newlines', () => {
    expect(parseCsv('id,text,label\n1,"a, ""b""\nc",spam\n')).toEqual([['id', 'text', 'label'], ['1', 'a, "b"\nc', 'spam']]);
  });
  it('infers the task from labels', () => {
    expect(inferTask(['spam', 'ham'])).toBe('spam');
    expect(inferTask(['clean', 'offensive'])).toBe('offensive');
    expect(inferTask(['positive', 'neutral', 'negative'])).toBe('sentiment');
    expect(inferTask(['cat'])).toBeNull();
  });
});
