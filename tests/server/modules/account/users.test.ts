// Profile details: the name rules (Unicode letters), and only the user's own uploads as image.
import { beforeAll, describe, expect, it } from 'vitest';
import { ruleMessages } from '@domain/account-rules';
import { expectContract, multipart, PNG, signUp, testAppForFile, type SignedUpUser } from '../../harness';

const DETAILS = '/api/v1/users/details';

const t = testAppForFile();
let user: SignedUpUser;
beforeAll(async () => {
  user = await signUp(t.app);
});

async function save(payload: object, token = user.token) {
  const response = await t.app.inject({ method: 'POST', url: DETAILS, payload, headers: { authorization: `FitStream ${token}` } });
  expectContract(response, 'POST', DETAILS);
  return response;
}

async function uploadAs(token: string): Promise<string> {
  const body = multipart('fileToUpload', 'me.png', 'image/png', PNG);
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/uploads', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
  return response.json<{ image: string }>().image;
}

describe('profile details', () => {
  it('saves a Unicode name, trimmed, with no image', async () => {
    const response = await save({ name: '  José Núñez ', image: null });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ isSuccess: true, message: 'Your details have been saved.', statusCode: 200, name: 'José Núñez', image: null });
  });

  it('saves an image this user uploaded', async () => {
    const image = await uploadAs(user.token);
    const response = await save({ name: 'Ana', image });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Ana', image });
  });

  it.each([
    ['digits', 'R2D2', ruleMessages.nameInvalid.defaultMessage],
    ['only spaces', '   ', ruleMessages.nameRequired.defaultMessage],
    ['61 letters', 'a'.repeat(61), ruleMessages.nameTooLong.defaultMessage],
  ])('refuses a name with %s', async (_label, name, message) => {
    const response = await save({ name, image: null });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ isSuccess: false, message, statusCode: 400, code: expect.any(String) });
  });

  it("refuses someone else's upload and names that were never uploaded", async () => {
    const other = await signUp(t.app);
    const theirs = await uploadAs(other.token);
    for (const image of [theirs, `${'b'.repeat(32)}.png`, '../../etc/passwd']) {
      const response = await save({ name: 'Ana', image });
      expect(response.statusCode, image).toBe(400);
      expect(response.json().message).toMatch(/^image: /);
    }
  });

  it('names wrong types and needs a session', async () => {
    const wrongType = await save({ name: 42 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe('name: must be a string.');
    const anonymous = await t.app.inject({ method: 'POST', url: DETAILS, payload: { name: 'Ana' } });
    expectContract(anonymous, 'POST', DETAILS);
    expect(anonymous.statusCode).toBe(401);
  });
});
