/**
 * The workspace's logo on its report files (issue 11 item 8): a PNG or JPEG of at most LOGO_MAX_BYTES,
 * recognised by its first bytes (never by what the upload claims) and decoded once by the PDF library
 * that will draw it, so a file that passes here always embeds. Stored through the file port
 * (logos/<workspace>: S3 in AWS, the local stand-in here); the workspace record names it.
 */
import { LOGO_MAX_BYTES, type Workspace, type WorkspaceLogo } from '@cg/shared';
import { audit } from './audit.js';
import { Invalid, Missing } from './errors.js';
import { boundFiles } from './jobs.js';
import { stores } from './store-port.js';
import { actorOf, workspaceView } from './workspaces.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const keyOf = (workspaceId: string) => `logos/${workspaceId}`;

/** What the bytes are: a PNG or a JPEG by their signature, else null. */
export function imageType(bytes: Buffer): WorkspaceLogo['contentType'] | null {
  if (bytes.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (bytes.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  return null;
}

/** The image's size in pixels, as the PDF library reads it; Invalid when it cannot be decoded. */
async function decode(bytes: Buffer, type: WorkspaceLogo['contentType']): Promise<{ width: number; height: number }> {
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  try {
    // A copy of its own: pdf-lib reads the whole underlying ArrayBuffer, and a small Buffer shares a pool.
    const own = new Uint8Array(bytes);
    const image = type === 'image/png' ? await doc.embedPng(own) : await doc.embedJpg(own);
    return { width: image.width, height: image.height };
  } catch {
    throw new Invalid(`The logo is not a readable ${type === 'image/png' ? 'PNG' : 'JPEG'} image.`, [{ field: 'data', message: 'not a readable image' }]);
  }
}

export async function setLogo(workspaceId: string, userId: string, base64: string): Promise<Workspace> {
  const bytes = Buffer.from(base64, 'base64');
  if (!bytes.length) throw new Invalid('The logo is empty.', [{ field: 'data', message: 'empty' }]);
  if (bytes.length > LOGO_MAX_BYTES) throw new Invalid(`The logo may be at most ${LOGO_MAX_BYTES / 1024} KB; this one is ${Math.ceil(bytes.length / 1024)} KB.`, [{ field: 'data', message: 'too large' }]);
  const contentType = imageType(bytes);
  if (!contentType) throw new Invalid('The logo must be a PNG or JPEG image.', [{ field: 'data', message: 'not a PNG or JPEG' }]);
  const { width, height } = await decode(bytes, contentType);
  const before = (await stores.workspaces.getWorkspace(workspaceId))?.logo ?? null;
  await boundFiles().put(keyOf(workspaceId), bytes, contentType);
  const logo: WorkspaceLogo = { contentType, bytes: bytes.length, width, height, updatedAt: new Date().toISOString() };
  await stores.workspaces.setWorkspaceFields(workspaceId, { logo });
  const describe = (l: WorkspaceLogo | null) => (l ? `${l.contentType}, ${l.width}×${l.height}, ${l.bytes} bytes` : null);
  await audit(workspaceId, await actorOf(userId), 'workspace.logo', `workspace ${workspaceId}`, { logo: { from: describe(before), to: describe(logo) } });
  return workspaceView(workspaceId, userId);
}

export async function removeLogo(workspaceId: string, userId: string): Promise<Workspace> {
  const ws = await stores.workspaces.getWorkspace(workspaceId);
  if (ws?.logo) {
    await stores.workspaces.setWorkspaceFields(workspaceId, { logo: null });
    await boundFiles().remove(keyOf(workspaceId));
    await audit(workspaceId, await actorOf(userId), 'workspace.logo', `workspace ${workspaceId}`, { logo: { from: `${ws.logo.contentType}, ${ws.logo.width}×${ws.logo.height}, ${ws.logo.bytes} bytes`, to: null } });
  }
  return workspaceView(workspaceId, userId);
}

/** The logo's bytes and type, null when the workspace has none. */
export async function readLogo(workspaceId: string): Promise<{ body: Buffer; contentType: WorkspaceLogo['contentType'] } | null> {
  const ws = await stores.workspaces.getWorkspace(workspaceId);
  if (!ws?.logo) return null;
  const body = await boundFiles().get(keyOf(workspaceId));
  return body ? { body, contentType: ws.logo.contentType } : null;
}

export async function logoFile(workspaceId: string): Promise<{ body: Buffer; contentType: string; fileName: string }> {
  const logo = await readLogo(workspaceId);
  if (!logo) throw new Missing('This workspace has no logo.');
  return { ...logo, fileName: `logo.${logo.contentType === 'image/png' ? 'png' : 'jpg'}` };
}
