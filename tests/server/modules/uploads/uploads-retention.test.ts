// How many images an account may upload, and that unused ones do not stay forever.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uploads } from '@server/db/schema';
import { deleteUnusedUploads, UPLOADS_PER_DAY } from '@server/modules/uploads/retention';
import { expectContract, multipart, PNG, signUp, testAppForFile, type SignedUpUser } from '../../harness';

const t = testAppForFile();

async function upload(user: SignedUpUser) {
  const body = multipart('fileToUpload', 'me.png', 'image/png', PNG);
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/uploads', payload: body.payload, headers: { ...body.headers, authorization: `FitStream ${user.token}` } });
  expectContract(response, 'POST', '/api/v1/uploads');
  return response;
}

const storedImages = async () => (await t.app.db.select({ name: uploads.name }).from(uploads)).map((row) => row.name);

/** Moves an upload a given number of hours into the past. */
async function age(name: string, hours: number) {
  await t.app.db.update(uploads).set({ createdAt: sql`now() - make_interval(hours => ${hours})` }).where(eq(uploads.name, name));
}

describe('upload quota', () => {
  it(`takes ${UPLOADS_PER_DAY} images a day per account, then answers 429 with when to retry; other accounts are not affected`, async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < UPLOADS_PER_DAY; i += 1) expect((await upload(user)).statusCode).toBe(201);
    const refused = await upload(user);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ isSuccess: false, message: expect.any(String), statusCode: 429, code: 'uploads.tooManyToday' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect((await upload(await signUp(t.app))).statusCode).toBe(201);
  });
});

describe('unused uploads', () => {
  it('deletes images a day old that are not a profile image; keeps the profile image and fresh uploads', async () => {
    const user = await signUp(t.app);
    const [profile, abandoned, fresh] = await Promise.all([upload(user), upload(user), upload(user)]).then((responses) =>
      responses.map((response) => response.json<{ image: string }>().image),
    );
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/details',
      headers: { authorization: `FitStream ${user.token}` },
      payload: { name: 'Ana', image: profile },
    });
    expect(saved.statusCode).toBe(200);
    await age(profile!, 48);
    await age(abandoned!, 25);

    expect(await deleteUnusedUploads(t.app.db)).toBe(1);

    const images = await storedImages();
    expect(images).toEqual(expect.arrayContaining([profile, fresh]));
    expect(images).not.toContain(abandoned);
    const gone = await t.app.inject({ method: 'GET', url: `/uploads/${abandoned}` });
    expect(gone.statusCode).toBe(404);
    const kept = await t.app.inject({ method: 'GET', url: `/uploads/${profile}` });
    expect(kept.statusCode).toBe(200);
  });
});
