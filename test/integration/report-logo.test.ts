/**
 * The workspace's logo on report files (issue 11 item 8), against the local stack: uploaded as PNG
 * or JPEG (recognised by its bytes, size-limited), kept in the file store, shown back, and embedded
 * in the exported PDF (read back with pdf-lib: the page's image XObjects) and XLSX. On Ultimate the
 * PDF is white-label: the workspace's logo and name, nothing of Pagewarden's; elsewhere ours stays.
 */
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import jpeg from 'jpeg-js';
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import { PDFParse } from 'pdf-parse';
import { PNG } from 'pngjs';
import { LOGO_MAX_BYTES } from '@cg/shared';
import { signedIn, type Client } from '../support/client.js';
import { makeComment, seed } from '../support/seed.js';

const workspaces = await import('../../functions/src/store/workspaces.js');
const recent = () => new Date(Date.now() - 60_000).toISOString();

/** A real PNG: a `w`×`h` two-colour picture. */
function png(w: number, h: number): Buffer {
  const image = new PNG({ width: w, height: h });
  for (let i = 0; i < w * h; i++) image.data.set(i % w < w / 2 ? [200, 30, 40, 255] : [20, 60, 200, 255], i * 4);
  return PNG.sync.write(image);
}

/** A real JPEG of `w`×`h`. */
function jpg(w: number, h: number): Buffer {
  const data = Buffer.alloc(w * h * 4);
  for (let i = 0; i < w * h; i++) data.set([i % 255, 120, 255 - (i % 255), 255], i * 4);
  return Buffer.from(jpeg.encode({ data, width: w, height: h }, 80).data);
}

async function bytes(client: Client, path: string): Promise<{ status: number; type: string | null; body: Buffer }> {
  const res = await fetch(client.baseUrl + path, { headers: { Cookie: client.cookieHeader() } });
  return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
}

/** The image XObjects drawn on the PDF's pages: size, filter and raw contents. */
async function pdfImages(pdf: Buffer): Promise<{ width: number; height: number; filter: string; contents: Buffer }[]> {
  const doc = await PDFDocument.load(pdf);
  const out: { width: number; height: number; filter: string; contents: Buffer }[] = [];
  for (const page of doc.getPages()) {
    const xobjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    for (const [, ref] of xobjects?.entries() ?? []) {
      const stream = doc.context.lookup(ref);
      if (!(stream instanceof PDFRawStream) || stream.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
      const num = (k: string) => (stream.dict.lookup(PDFName.of(k), PDFNumber)).asNumber();
      out.push({ width: num('Width'), height: num('Height'), filter: String(stream.dict.get(PDFName.of('Filter'))), contents: Buffer.from(stream.contents) });
    }
  }
  return out;
}

async function pdfOf(client: Client): Promise<{ text: string; producer?: string; creator?: string; title?: string; images: Awaited<ReturnType<typeof pdfImages>> }> {
  const res = await bytes(client, '/api/reports/export?format=pdf&range=7d');
  expect(res.status).toBe(200);
  const doc = await PDFDocument.load(res.body, { updateMetadata: false });
  return {
    text: (await new PDFParse({ data: new Uint8Array(res.body) }).getText()).text,
    producer: doc.getProducer(), creator: doc.getCreator(), title: doc.getTitle(), images: await pdfImages(res.body),
  };
}

describe('the workspace logo on reports', () => {
  it('a PNG logo is stored, shown back and embedded in the PDF and XLSX beside our branding (Starter)', async () => {
    const { client, user } = await signedIn('logo');
    await seed(user.workspaceId, [makeComment({ content: 'Love it', timestamp: recent() }), makeComment({ content: 'When do you open?', timestamp: recent() })]);
    const logo = png(120, 40);
    const put = await client.put('/api/workspace/logo', { data: logo.toString('base64') });
    expect(put.status, put.text).toBe(200);
    expect(put.json.logo).toMatchObject({ contentType: 'image/png', bytes: logo.length, width: 120, height: 40 });
    expect((await client.get('/api/workspace')).json.logo).toMatchObject({ contentType: 'image/png', width: 120 });
    const shown = await bytes(client, '/api/workspace/logo');
    expect(shown.status).toBe(200);
    expect(shown.type).toBe('image/png');
    expect(shown.body.equals(logo)).toBe(true);
    // Audited once, by what it is (the image itself is not copied into the log).
    const audit = (await client.get('/api/audit-log')).json.entries as { action: string; changes: unknown }[];
    expect(audit.filter((e) => e.action === 'workspace.logo')).toEqual([expect.objectContaining({ changes: { logo: { from: null, to: `image/png, 120×40, ${logo.length} bytes` } } })]);
    expect(JSON.stringify(audit)).not.toContain(logo.toString('base64').slice(0, 40));

    const pdf = await pdfOf(client);
    expect(pdf.images.map((i) => [i.width, i.height])).toContainEqual([120, 40]);
    expect(pdf.text).toContain('Pagewarden');
    expect(pdf.text).toContain('Comments: 2');
    expect(pdf.producer).toBe('Pagewarden');

    const xlsx = await bytes(client, '/api/reports/export?format=xlsx&range=7d');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Summary')!;
    const images = sheet.getImages();
    expect(images).toHaveLength(1);
    const media = (book.model as unknown as { media: { buffer: Buffer; extension: string }[] }).media;
    expect(media[0]!.extension).toBe('png');
    expect(Buffer.from(media[0]!.buffer).equals(logo)).toBe(true);
    expect(String(sheet.getCell('A1').value)).toContain('Pagewarden');

    // Removed: the files have no image and the logo is gone.
    const removed = await client.delete('/api/workspace/logo');
    expect(removed.status).toBe(200);
    expect(removed.json.logo).toBeNull();
    expect((await client.get('/api/workspace/logo')).status).toBe(404);
    expect((await pdfOf(client)).images).toEqual([]);
  });

  it('on Ultimate the PDF is white-label: the workspace JPEG logo and name only, nothing of Pagewarden', async () => {
    const { client, user } = await signedIn('logo-ultimate');
    await workspaces.setWorkspaceFields(user.workspaceId, { subscriptionPlan: 'ultimate' });
    expect((await client.put('/api/workspace', { name: 'Northwind Agency' })).status).toBe(200);
    await seed(user.workspaceId, [makeComment({ content: 'Great service', timestamp: recent() })]);
    const logo = jpg(64, 48);
    const put = await client.put('/api/workspace/logo', { data: logo.toString('base64') });
    expect(put.status, put.text).toBe(200);
    expect(put.json.logo).toMatchObject({ contentType: 'image/jpeg', width: 64, height: 48 });

    const pdf = await pdfOf(client);
    // A JPEG is embedded as it is (DCTDecode): the very bytes uploaded.
    const image = pdf.images.find((i) => i.filter === '/DCTDecode');
    expect(image).toMatchObject({ width: 64, height: 48 });
    expect(image!.contents.equals(logo)).toBe(true);
    expect(pdf.text).toContain('Northwind Agency');
    expect(pdf.text).toContain('Comments: 1');
    for (const ours of [/pagewarden/i, /commentguard/i, /pdf-lib/i]) {
      expect(pdf.text).not.toMatch(ours);
      for (const meta of [pdf.producer, pdf.creator, pdf.title]) expect(meta ?? '').not.toMatch(ours);
    }
    expect(pdf.producer).toBe('Northwind Agency');

    const xlsx = await bytes(client, '/api/reports/export?format=xlsx&range=7d');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    expect(book.getWorksheet('Summary')!.getImages()).toHaveLength(1);
    expect(String(book.getWorksheet('Summary')!.getCell('A1').value)).not.toMatch(/pagewarden/i);
    expect(book.creator).toBe('Northwind Agency');
  });

  it('refuses what is not a PNG or JPEG, an unreadable image and one over the size limit, each saying why', async () => {
    const { client } = await signedIn('logo-bad');
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const notImage = await client.put('/api/workspace/logo', { data: gif.toString('base64') });
    expect(notImage.status).toBe(400);
    expect(notImage.json.message).toContain('PNG or JPEG');
    // A PNG signature followed by nothing readable.
    const broken = Buffer.concat([png(4, 4).subarray(0, 8), Buffer.alloc(64, 7)]);
    const unreadable = await client.put('/api/workspace/logo', { data: broken.toString('base64') });
    expect(unreadable.status).toBe(400);
    expect(unreadable.json.message).toContain('not a readable PNG');
    const big = Buffer.concat([png(4, 4), Buffer.alloc(LOGO_MAX_BYTES, 1)]);
    const tooBig = await client.put('/api/workspace/logo', { data: big.toString('base64') });
    expect(tooBig.status).toBe(400);
    expect(tooBig.text).toContain(`${LOGO_MAX_BYTES / 1024} KB`);
    expect((await client.put('/api/workspace/logo', { data: 'not base64 at all!' })).status).toBe(400);
    expect((await client.get('/api/workspace')).json.logo).toBeNull();
  });
});
