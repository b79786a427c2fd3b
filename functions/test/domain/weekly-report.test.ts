/** The weekly report's week (domain/weekly-report.ts) and the logo's type by its bytes (domain/logo.ts). */
import { describe, expect, it } from 'vitest';
import { lastWeek } from '../../src/domain/weekly-report.js';
import { imageType } from '../../src/domain/logo.js';

describe('the weekly report week', () => {
  it('is the 7 full UTC days before the run day, whatever the hour', () => {
    expect(lastWeek(new Date('2026-11-23T00:00:00Z'))).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(lastWeek(new Date('2026-11-23T23:59:59Z'))).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    // Across a month and a year.
    expect(lastWeek(new Date('2027-01-03T09:00:00Z'))).toEqual({ from: '2026-12-27', to: '2027-01-02' });
  });
});

describe('the logo type', () => {
  it('is read from the signature, not the name or a claimed type', () => {
    expect(imageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('image/png');
    expect(imageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(imageType(Buffer.from('GIF89a', 'latin1'))).toBeNull();
    expect(imageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(imageType(Buffer.alloc(0))).toBeNull();
  });
});
