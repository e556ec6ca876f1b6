// Uploads: images recognised by their bytes, size limits, and how stored images are served
// (from the database, including images stored as files before they moved there).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploads, users } from '@server/db/schema';
import { moveUploadFilesIntoDatabase } from '@server/modules/uploads/store';
import { expectContract, multipart, PNG, signUp, testAppForFile, type SignedUpUser } from '../../harness';

const UPLOADS = '/api/v1/uploads';
const t = testAppForFile();
let user: SignedUpUser;
beforeAll(async () => {
  user = await signUp(t.app);
});

async function upload(body: ReturnType<typeof multipart>, token = user.token) {
  const response = await t.app.inject({ method: 'POST', url: UPLOADS, payload: body.payload, headers: { ...body.headers, authorization: `FitStream ${token}` } });
  expectContract(response, 'POST', UPLOADS);
  return response;
}

async function storedFiles(): Promise<number> {
  const [row] = await t.app.db.select({ stored: count() }).from(uploads);
  return row?.stored ?? 0;
}

describe('uploads', () => {
  it('stores a PNG and serves it back with its type', async () => {
    const response = await upload(multipart('fileToUpload', 'me.png', 'image/png', PNG));
    expect(response.statusCode).toBe(201);
    const { image } = response.json<{ image: string }>();
    expect(image).toMatch(/^[a-f0-9]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: `/uploads/${image}` });
    expectContract(served, 'GET', '/uploads/{name}');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('judges by the bytes: a text file named .png is refused and not stored', async () => {
    const before = await storedFiles();
    const response = await upload(multipart('fileToUpload', 'evil.png', 'image/png', Buffer.from('<script>alert(1)</script>')));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please upload a JPEG, PNG, GIF or WebP image.');
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a file over 5 MiB with 413 and stores nothing', async () => {
    const before = await storedFiles();
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const response = await upload(multipart('fileToUpload', 'big.png', 'image/png', big));
    expect(response.statusCode).toBe(413);
    expect(await storedFiles()).toEqual(before);
  });

  it('asks for the right field and for multipart', async () => {
    const wrongField = await upload(multipart('avatar', 'me.png', 'image/png', PNG));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toMatch(/fileToUpload/);
    const json = await t.app.inject({ method: 'POST', url: UPLOADS, payload: { fileToUpload: 'x' }, headers: { authorization: `FitStream ${user.token}` } });
    expectContract(json, 'POST', UPLOADS);
    expect(json.statusCode).toBe(415);
  });

  it('needs a session', async () => {
    const body = multipart('fileToUpload', 'me.png', 'image/png', PNG);
    const response = await t.app.inject({ method: 'POST', url: UPLOADS, payload: body.payload, headers: body.headers });
    expectContract(response, 'POST', UPLOADS);
    expect(response.statusCode).toBe(401);
  });

  it('serves an image stored as a file before images moved into the database, once moved at start', async () => {
    const name = `${'b'.repeat(32)}.png`;
    const [owner] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    await t.app.db.insert(uploads).values({ name, userId: owner!.id, contentType: 'image/png', size: PNG.length });
    await mkdir(path.join(t.config.dataDir, 'uploads'), { recursive: true });
    await writeFile(path.join(t.config.dataDir, 'uploads', name), PNG);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${name}` })).statusCode).toBe(404);
    expect(await moveUploadFilesIntoDatabase(t.app.db, t.config.dataDir)).toBe(1);
    const served = await t.app.inject({ method: 'GET', url: `/uploads/${name}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('answers a JSON 404 for unknown names and path traversal', async () => {
    for (const url of ['/uploads/..%2f..%2fetc%2fpasswd', '/uploads/..%2F..%2Fjwt-secret', '/uploads/%2e%2e%2fjwt-secret', '/uploads/nothing-here.png', `/uploads/${'a'.repeat(32)}.png`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ isSuccess: false, statusCode: 404 });
      expect(response.body).not.toContain('root:');
    }
    // Unencoded dots are resolved before routing: the path leaves /uploads and never reaches a file.
    const plain = await t.app.inject({ method: 'GET', url: '/uploads/../../etc/passwd' });
    expect(plain.body).not.toContain('root:');
  });
});
