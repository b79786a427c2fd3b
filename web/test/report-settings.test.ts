/** Settings → Workspace → Reports (issue 11 item 8), against a mocked API: the logo on report files and the weekly mail. */
import { describe, expect, test } from 'vitest';
import { PNG } from 'pngjs';
import { LOGO_MAX_BYTES, type Workspace } from '@cg/shared';
import { axeViolations, browserSuite, MockApi, newSession } from './support/harness';
import { signedIn, workspace } from './support/fixtures';

const suite = browserSuite();

function png(w: number, h: number): Buffer {
  const image = new PNG({ width: w, height: h });
  image.data.fill(180);
  return PNG.sync.write(image);
}

describe('report settings', () => {
  test('uploads a PNG logo (sent as base64), shows it, removes it; turns the weekly mail off; says white-label is Ultimate\'s', async () => {
    let current: Workspace = { ...workspace, logo: null, weeklyReport: true };
    const api = signedIn(new MockApi())
      .on('GET /api/workspace', () => ({ json: current }))
      .on('GET /api/workspace/logo', { body: '' })
      .on('GET /api/audit-log', { json: { entries: [], nextCursor: null } })
      .on('PUT /api/workspace/logo', () => {
        current = { ...current, logo: { contentType: 'image/png', bytes: 100, width: 120, height: 40, updatedAt: '2026-11-23T00:00:00.000Z' } };
        return { json: current };
      })
      .on('DELETE /api/workspace/logo', () => {
        current = { ...current, logo: null };
        return { json: current };
      })
      .on('PUT /api/workspace', (req) => {
        current = { ...current, ...(req.body as Partial<Workspace>) };
        return { json: current };
      });
    const { page, context } = await newSession(suite.browser, api);
    await page.goto(`${suite.origin}/settings`);
    const section = page.getByTestId('report-settings');
    await section.getByText('No logo yet.').waitFor();
    await section.getByText('white-label reports (only your name and logo) are included in the Ultimate plan').waitFor();

    // Too big: refused here, nothing sent.
    await page.setInputFiles('#workspace-logo', { name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(LOGO_MAX_BYTES + 1, 1) });
    await section.getByRole('alert').getByText(`at most ${LOGO_MAX_BYTES / 1024} KB`).waitFor();
    expect(api.calls('PUT /api/workspace/logo')).toHaveLength(0);

    const logo = png(120, 40);
    await page.setInputFiles('#workspace-logo', { name: 'logo.png', mimeType: 'image/png', buffer: logo });
    const img = section.getByRole('img', { name: 'Lovelace Labs logo' });
    await img.waitFor();
    expect(api.calls('PUT /api/workspace/logo')[0]!.body).toEqual({ data: logo.toString('base64') });
    expect(await img.getAttribute('src')).toContain('/api/workspace/logo?v=');
    expect(await section.getByRole('alert').count()).toBe(0);

    await section.getByRole('button', { name: 'Remove logo' }).click();
    await section.getByText('No logo yet.').waitFor();
    expect(api.calls('DELETE /api/workspace/logo')).toHaveLength(1);

    const weekly = section.getByRole('switch', { name: 'Mail the weekly report to owners and admins' });
    expect(await weekly.isChecked()).toBe(true);
    await section.getByText('Mail the weekly report to owners and admins').click();
    await expect.poll(() => api.calls('PUT /api/workspace').map((c) => c.body)).toContainEqual({ weeklyReport: false });
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
