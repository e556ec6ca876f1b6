// New-class notifications (server/modules/notifications, docs/decisions/037): the opt-in on
// /account (per discipline), the weekly digest (its content and language, once per account and
// week even with two instances on one database, nothing when nothing is new), the unsubscribe
// link signed out and the RFC 8058 one-click POST, and Web Push to a local push service that
// decrypts what it receives as the browser would (RFC 8291), with subscriptions deleted on 404/410,
// only to endpoints of public hosts (checked when subscribing and when sending), 10 per account.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classes, mailOutbox, newClassDigests, newClassNotifications, pushSubscriptions, users } from '@server/db/schema';
import { renderMail } from '@server/modules/mail/templates';
import { MAX_PUSH_SUBSCRIPTIONS, notificationsService } from '@server/modules/notifications/service';
import { PushEndpointRefused } from '@server/modules/notifications/push-endpoint';
import { loadVapidKeys } from '@server/modules/notifications/push';
import { digestDue, digestWeek } from '@server/modules/notifications/week';
import { createTestApp, expectContract, newDeviceId, signUp, testAppForFile, type SignedUpUser, type TestApp } from '../../harness';
import { roomyRateLimits } from '../../fixtures/payments-flow';
import { ownerProfileId } from '../../fixtures/profiles';
import { checkVapid, decryptPush, PUSH_SERVICE_HOST, startPushService, type FakeDns, type LocalPushService } from '../../fixtures/push-service';

// Room for one account to sign in on eleven devices.
const t = testAppForFile({ rateLimits: { ...roomyRateLimits, signInPerIp: { points: 10_000, duration: 60 } } });
const base = '/api/v1/account/notifications';

// Pushes go to a local push service; the server resolves host names with this fake DNS (the
// service's own name aside), so no test here depends on real DNS.
let pushService: LocalPushService;
const dns: FakeDns = {};
beforeAll(async () => {
  pushService = await startPushService();
  t.app.notifications.pushNetwork = pushService.network(dns);
});
afterAll(() => pushService.close());

async function call(user: Pick<SignedUpUser, 'token'>, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object, language = 'en') {
  const response = await t.app.inject({
    method,
    url,
    headers: { authorization: `FitStream ${user.token}`, 'accept-language': language },
    ...(payload ? { payload } : {}),
  });
  expectContract(response, method, url);
  return response;
}

/** A new account, in `language`, that asked for the digest (of `disciplines`, or all). */
async function subscriber(options: { language?: 'en' | 'es'; disciplines?: string[]; timeZone?: string } = {}) {
  const user = await signUp(t.app);
  if (options.language) await t.app.inject({ method: 'PUT', url: '/api/v1/account/language', headers: { authorization: `FitStream ${user.token}` }, payload: { language: options.language } });
  const saved = await call(user, 'PUT', base, { enabled: true, disciplines: options.disciplines ?? [] });
  expect(saved.statusCode).toBe(200);
  const id = await userId(user);
  if (options.timeZone) await t.app.db.update(users).set({ timeZone: options.timeZone }).where(eq(users.id, id));
  // The account (its emails, push subscriptions) and its owner's profile (its digest choice).
  return { ...user, id, profileId: await ownerProfileId(t.app, user) };
}

async function userId(user: Pick<SignedUpUser, 'email'>): Promise<string> {
  const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
  return row!.id;
}

/** 09:00 UTC on the Monday of the first full week of `year` (each test its own year, so classes do not mix). */
function monday(year: number, hour = 9): Date {
  const date = new Date(Date.UTC(year, 0, 7, hour));
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date;
}
const days = (date: Date, count: number) => new Date(date.getTime() + count * 86_400_000);

let mediaId = '';
let instructorId = '';
beforeAll(async () => {
  const [seeded] = await t.app.db.select({ mediaId: classes.mediaId, instructorId: classes.instructorId }).from(classes).limit(1);
  mediaId = seeded!.mediaId;
  instructorId = seeded!.instructorId;
});

async function publish(id: string, disciplineId: string, publishedAt: Date, title = id) {
  await t.app.db.insert(classes).values({
    id,
    disciplineId,
    instructorId,
    level: 'beginner',
    durationSeconds: 1200,
    title: { en: `${title} (en)`, es: `${title} (es)` },
    description: { en: '', es: '' },
    equipment: { en: [], es: [] },
    mediaId,
    publishedAt,
  });
}

async function digestMails(userId: string) {
  await t.app.mail.deliverNow();
  const rows = await t.app.db.select().from(mailOutbox).where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.template, 'newClasses'))).orderBy(mailOutbox.createdAt);
  return rows.map((row) => ({ row, mail: renderMail(row, t.config.publicUrl) }));
}

describe('the choice on /account', () => {
  it('is off at first, kept per discipline, and turned off again', async () => {
    const user = await signUp(t.app);
    const first = await call(user, 'GET', base);
    expect(first.json()).toMatchObject({ notifications: { enabled: false, disciplines: [], push: { subscribed: false } } });
    expect(first.json().notifications.push.publicKey).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
    expect(first.json().available.map((discipline: { id: string }) => discipline.id)).toContain('yoga');

    const saved = await call(user, 'PUT', base, { enabled: true, disciplines: ['yoga', 'hiit', 'yoga'] }, 'es');
    expect(saved.json()).toMatchObject({ message: 'Tus avisos de clases nuevas se han guardado.', notifications: { enabled: true, disciplines: ['hiit', 'yoga'] } });
    expect((await call(user, 'GET', base)).json().notifications).toMatchObject({ enabled: true, disciplines: ['hiit', 'yoga'] });

    await call(user, 'PUT', base, { enabled: false, disciplines: [] });
    expect((await call(user, 'GET', base)).json().notifications).toMatchObject({ enabled: false, disciplines: [] });
  });

  it('refuses an unknown discipline or a bad body and changes nothing', async () => {
    const user = await signUp(t.app);
    await call(user, 'PUT', base, { enabled: true, disciplines: ['yoga'] });
    const unknown = await call(user, 'PUT', base, { enabled: true, disciplines: ['yoga', 'underwater-chess'] }, 'es');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ isSuccess: false, code: 'notifications.unknownDiscipline', message: 'Una de las disciplinas elegidas no existe.' });
    for (const payload of [{ enabled: 'yes', disciplines: [] }, { enabled: true }, { enabled: true, disciplines: ['Yoga!'] }]) {
      expect((await call(user, 'PUT', base, payload)).statusCode).toBe(400);
    }
    expect((await call(user, 'GET', base)).json().notifications).toMatchObject({ enabled: true, disciplines: ['yoga'] });
    expect((await t.app.inject({ method: 'GET', url: base })).statusCode).toBe(401);
  });
});

describe('the weekly digest', () => {
  it('lists the new classes with posters and links, in the account language, with one-click unsubscribe headers', async () => {
    const now = monday(2030);
    await publish('digest-2030-a', 'yoga', days(now, -3), 'Sunrise flow');
    await publish('digest-2030-b', 'hiit', days(now, -1), 'Tabata burn');
    await publish('digest-2030-old', 'yoga', days(now, -9), 'Too old');
    const user = await subscriber({ language: 'es' });
    await t.app.notifications.runDigests(now, { profileId: user.profileId });
    const [digest, ...more] = await digestMails(user.id);
    expect(more).toHaveLength(0);
    const { mail, row } = digest!;
    expect(row.sentAt).not.toBeNull();
    expect(row.toAddress).toBe(user.email);
    expect(mail.subject).toBe('2 clases nuevas en FitStream esta semana');
    expect(mail.text).toContain('Tabata burn (es)');
    expect(mail.text).toContain('Sunrise flow (es)');
    expect(mail.text).not.toContain('Too old');
    expect(mail.text.indexOf('Tabata burn')).toBeLessThan(mail.text.indexOf('Sunrise flow'));
    // The class's own poster (it plays a sample clip), as on its card.
    expect(mail.html).toContain(`src="http://localhost:8080/media/${mediaId}/poster.jpg"`);
    expect(mail.html).toContain('href="http://localhost:8080/classes/digest-2030-a"');
    expect(mail.html).toContain('No quiero estos correos');
    const link = /<(https?:\/\/[^>]+)>/.exec(mail.headers['List-Unsubscribe'] ?? '')?.[1];
    expect(link).toMatch(/^http:\/\/localhost:8080\/unsubscribe\/[0-9a-f-]{36}\.[\w-]{43}$/);
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(link);
  });

  it('lists only the chosen disciplines, and only what came since the previous digest', async () => {
    const now = monday(2031);
    await publish('digest-2031-yoga', 'yoga', days(now, -2));
    await publish('digest-2031-hiit', 'hiit', days(now, -2));
    const user = await subscriber({ disciplines: ['yoga'] });
    await t.app.notifications.runDigests(now, { profileId: user.profileId });
    await publish('digest-2031-next', 'yoga', days(now, 3));
    await t.app.notifications.runDigests(days(now, 7), { profileId: user.profileId });
    const mails = await digestMails(user.id);
    expect(mails.map(({ mail }) => mail.subject)).toEqual(['1 new class on FitStream this week', '1 new class on FitStream this week']);
    expect(mails[0]!.mail.text).toContain('digest-2031-yoga (en)');
    expect(mails[0]!.mail.text).not.toContain('digest-2031-hiit');
    expect(mails[1]!.mail.text).toContain('digest-2031-next (en)');
    expect(mails[1]!.mail.text).not.toContain('digest-2031-yoga');
  });

  it('sends nothing when nothing is new, and nothing to an account that did not ask', async () => {
    const now = monday(2032);
    const quiet = await subscriber();
    const other = await signUp(t.app);
    await publish('digest-2032-a', 'yoga', days(now, -20));
    const { built } = await t.app.notifications.runDigests(now);
    expect(built.find((digest) => digest.profileId === quiet.profileId)).toBeUndefined();
    expect(await digestMails(quiet.id)).toHaveLength(0);
    const [week] = await t.app.db.select().from(newClassDigests).where(eq(newClassDigests.profileId, quiet.profileId));
    expect(week).toMatchObject({ week: '2032-W02', classCount: 0 });
    expect(await t.app.db.select().from(newClassDigests).where(eq(newClassDigests.profileId, await ownerProfileId(t.app, other)))).toHaveLength(0);
  });

  it('is due from Monday 08:00 in the account time zone, once per week', async () => {
    const now = monday(2033, 12); // 07:00 in New York (UTC-5 in January)
    await publish('digest-2033-a', 'strength', days(now, -1));
    const user = await subscriber({ timeZone: 'America/New_York' });
    expect(digestWeek(now, 'America/New_York')).toBe('2033-W01');
    expect(digestDue(now, 'America/New_York')).toBe(false);
    expect(digestDue(now, null)).toBe(true);
    await t.app.notifications.runDigests(now, { profileId: user.profileId });
    expect(await digestMails(user.id)).toHaveLength(0);
    await t.app.notifications.runDigests(new Date(now.getTime() + 3600_000), { profileId: user.profileId });
    await t.app.notifications.runDigests(days(now, 2), { profileId: user.profileId });
    expect(await digestMails(user.id)).toHaveLength(1);
  });

  it('is built once per account and week with two instances on one database', async () => {
    const now = monday(2034);
    await publish('digest-2034-a', 'yoga', days(now, -1));
    const user = await subscriber();
    // PostgreSQL: a second app on the same database; PGlite (one process per data folder): a
    // second service on the same database.
    let second: TestApp | undefined;
    if (t.config.databaseUrl) second = await createTestApp({ databaseUrl: t.config.databaseUrl });
    /** `fitstream_notification_digests_total{outcome="emailed"}` as a scrape of `registry` shows it. */
    const emailed = async (registry: Registry) =>
      Number((await registry.metrics()).split('\n').find((line) => line.startsWith('fitstream_notification_digests_total{outcome="emailed"} '))?.split(' ')[1]);
    const emailedBefore = await emailed(t.app.metrics);
    try {
      const otherRegistry = second?.app.metrics ?? new Registry();
      const other =
        second?.app.notifications ??
        notificationsService(t.app.db, { vapid: await loadVapidKeys(t.config.dataDir, t.config.publicUrl), publicUrl: t.config.publicUrl, secret: t.config.jwtSecret, registry: otherRegistry });
      const runs = await Promise.all([
        t.app.notifications.runDigests(now, { profileId: user.profileId }),
        other.runDigests(now, { profileId: user.profileId }),
        t.app.notifications.runDigests(new Date(now.getTime() + 60_000), { profileId: user.profileId }),
        other.runDigests(days(now, 1), { profileId: user.profileId }),
      ]);
      expect(runs.flatMap((run) => run.built)).toHaveLength(1);
      // Each instance counts what it decided: one digest emailed between them.
      expect((await emailed(t.app.metrics)) - emailedBefore + (await emailed(otherRegistry))).toBe(1);
    } finally {
      await second?.close();
    }
    expect(await digestMails(user.id)).toHaveLength(1);
  });
});

describe('the unsubscribe link', () => {
  async function linkFor(user: { id: string; profileId: string }, year: number) {
    await publish(`unsub-${year}`, 'yoga', days(monday(year), -1));
    await t.app.notifications.runDigests(monday(year), { profileId: user.profileId });
    const [digest] = await digestMails(user.id);
    return new URL(/<([^>]+)>/.exec(digest!.mail.headers['List-Unsubscribe']!)![1]!).pathname;
  }
  const optedIn = async (profileId: string) => (await t.app.db.select().from(newClassNotifications).where(eq(newClassNotifications.profileId, profileId))).length === 1;

  it('opens signed out on a page in the account language that changes nothing; its button turns the digest off', async () => {
    const user = await subscriber({ language: 'es' });
    const link = await linkFor(user, 2035);
    const page = await t.app.inject({ method: 'GET', url: link, headers: { 'accept-language': 'en' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain(`¿Dejar de enviar a ${user.email} el correo semanal de clases nuevas?`);
    expect(page.body).toContain('<form method="post">');
    expect(await optedIn(user.profileId)).toBe(true);

    const done = await t.app.inject({ method: 'POST', url: link, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:8080' }, payload: 'List-Unsubscribe=One-Click' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(`Hecho: ${user.email} ya no recibirá el correo semanal de clases nuevas.`);
    expect(await optedIn(user.profileId)).toBe(false);
    expect((await call(user, 'GET', base)).json().notifications.enabled).toBe(false);
  });

  it('takes a mail client one-click POST (RFC 8058), repeated', async () => {
    const user = await subscriber();
    const link = await linkFor(user, 2036);
    for (let i = 0; i < 2; i += 1) {
      const response = await t.app.inject({ method: 'POST', url: link, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('will not get the weekly email about new classes any more');
    }
    expect(await optedIn(user.profileId)).toBe(false);
    await t.app.notifications.runDigests(monday(2037), { profileId: user.profileId });
    expect(await digestMails(user.id)).toHaveLength(1);
  });

  it('refuses a token it did not sign, in the visitor language, and changes nothing', async () => {
    const user = await subscriber();
    const link = await linkFor(user, 2038);
    const forged = `${link.slice(0, -3)}AAA`;
    const other = link.replace(/\/unsubscribe\/[0-9a-f-]{36}/, `/unsubscribe/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}`);
    for (const url of [forged, other, '/unsubscribe/nonsense']) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.app.inject({ method, url, headers: { 'accept-language': 'es' } });
        expect(response.statusCode).toBe(404);
        expect(response.body).toContain('Este enlace no es válido.');
      }
    }
    expect(await optedIn(user.profileId)).toBe(true);
  });
});

describe('Web Push', () => {
  /** Signs the account in on one more device. */
  async function device(user: SignedUpUser) {
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email: user.email, password: user.password, device_id: newDeviceId() } });
    expect(signedIn.statusCode).toBe(200);
    return { token: signedIn.json<{ token: string }>().token };
  }
  const endpoints = async (userId: string) =>
    (await t.app.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).map((row) => row.endpoint).sort();

  it('keeps one subscription per device and refuses a bad one', async () => {
    const user = await subscriber();
    const first = pushService.subscription();
    const { endpoint, keys } = first;
    expect((await call(user, 'PUT', `${base}/push`, { endpoint, keys, expirationTime: null })).statusCode).toBe(200);
    expect((await call(user, 'GET', base)).json().notifications.push.subscribed).toBe(true);
    const replaced = pushService.subscription();
    await call(user, 'PUT', `${base}/push`, { endpoint: replaced.endpoint, keys: replaced.keys });
    expect(await endpoints(user.id)).toEqual([replaced.endpoint]);

    for (const bad of [
      { endpoint: 'http://127.0.0.1/push/1', keys },
      { endpoint, keys: { ...keys, p256dh: keys.auth } },
      { endpoint, keys: { ...keys, auth: 'short' } },
      { endpoint },
    ]) {
      expect((await call(user, 'PUT', `${base}/push`, bad)).statusCode).toBe(400);
    }
    expect(await endpoints(user.id)).toEqual([replaced.endpoint]);

    const off = await call(user, 'DELETE', `${base}/push`, undefined, 'es');
    expect(off.json().message).toBe('Este dispositivo ya no recibirá avisos de clases nuevas.');
    expect((await call(user, 'GET', base)).json().notifications.push.subscribed).toBe(false);
  });

  it('refuses an endpoint that is not a public host, in the user language, and changes nothing', async () => {
    Object.assign(dns, {
      'metadata.fitstream-push.com': ['169.254.169.254'],
      'intranet.fitstream-push.com': ['10.1.2.3'],
      'home.fitstream-push.com': ['192.168.1.20'],
      'split.fitstream-push.com': ['142.250.180.10', '172.16.0.9'],
      'six.fitstream-push.com': ['2a00:1450:4009:81f::200a', 'fd00::9'],
      'loop.fitstream-push.com': ['::1'],
    });
    const user = await signUp(t.app);
    const kept = pushService.subscription();
    await call(user, 'PUT', `${base}/push`, { endpoint: kept.endpoint, keys: kept.keys });
    const { keys } = pushService.subscription();
    for (const endpoint of [
      'http://push.fitstream.test/push/1',
      'https://127.0.0.1/push/1',
      'https://0x7f000001/push/1',
      'https://localhost/push/1',
      'https://push.localhost/push/1',
      'https://[::1]/push/1',
      'https://10.0.0.1/push/1',
      'https://192.168.0.1/push/1',
      'https://169.254.169.254/latest/meta-data/',
      'https://intranet/push/1',
      'https://user:secret@push.fitstream.test/push/1',
      'https://push.fitstream.test:8443/push/1',
      'https://metadata.fitstream-push.com/push/1',
      'https://intranet.fitstream-push.com/push/1',
      'https://home.fitstream-push.com/push/1',
      'https://split.fitstream-push.com/push/1',
      'https://six.fitstream-push.com/push/1',
      'https://loop.fitstream-push.com/push/1',
      'https://unknown.fitstream-push.com/push/1',
    ]) {
      const refused = await call(user, 'PUT', `${base}/push`, { endpoint, keys }, 'es');
      expect({ endpoint, status: refused.statusCode, body: refused.json() }).toMatchObject({
        endpoint,
        status: 400,
        body: { code: 'notifications.pushEndpointNotAllowed', message: 'FitStream no puede enviar avisos al servicio push de este navegador: su dirección debe ser una dirección https:// pública.' },
      });
    }
    expect(await endpoints(await userId(user))).toEqual([kept.endpoint]);
  });

  it('takes a public host, kept as the URL standard writes it', async () => {
    dns['fcm.fitstream-push.com'] = ['142.250.180.10', '2a00:1450:4009:81f::200a'];
    const user = await signUp(t.app);
    const { keys } = pushService.subscription();
    expect((await call(user, 'PUT', `${base}/push`, { endpoint: 'https://FCM.fitstream-push.com:443/fcm/send/abc', keys })).statusCode).toBe(200);
    expect(await endpoints(await userId(user))).toEqual(['https://fcm.fitstream-push.com/fcm/send/abc']);
  });

  it(`keeps an account's ${MAX_PUSH_SUBSCRIPTIONS} newest subscriptions: one more replaces the oldest`, async () => {
    const user = await signUp(t.app);
    const id = await userId(user);
    const devices: Array<Pick<SignedUpUser, 'token'>> = [user];
    for (let i = 0; i < MAX_PUSH_SUBSCRIPTIONS; i += 1) devices.push(await device(user));
    const subscribed: string[] = [];
    for (const signedIn of devices) {
      const { endpoint, keys } = pushService.subscription();
      expect((await call(signedIn, 'PUT', `${base}/push`, { endpoint, keys })).statusCode).toBe(200);
      subscribed.push(endpoint);
      expect(await endpoints(id)).toHaveLength(Math.min(subscribed.length, MAX_PUSH_SUBSCRIPTIONS));
    }
    expect(await endpoints(id)).toEqual(subscribed.slice(1).sort());
    expect((await call(devices[0]!, 'GET', base)).json().notifications.push.subscribed).toBe(false);
    expect((await call(devices[1]!, 'GET', base)).json().notifications.push.subscribed).toBe(true);
  });

  it('pushes the digest, encrypted for the device, and deletes subscriptions the push service says are gone', async () => {
    const now = monday(2039);
    await publish('push-2039-a', 'yoga', days(now, -1), 'Evening stretch');
    const user = await subscriber({ language: 'es' });
    const phone = pushService.subscription();
    await call(user, 'PUT', `${base}/push`, { endpoint: phone.endpoint, keys: phone.keys });
    // Two more devices of the account, whose subscriptions expired (410) or never existed (404).
    for (const gone of [pushService.subscription('gone'), pushService.subscription('missing')]) {
      expect((await call(await device(user), 'PUT', `${base}/push`, { endpoint: gone.endpoint, keys: gone.keys })).statusCode).toBe(200);
    }
    expect(await endpoints(user.id)).toHaveLength(3);

    const { pushed } = await t.app.notifications.runDigests(now, { profileId: user.profileId });
    expect(pushed).toEqual({ sent: 1, removed: 2, refused: 0, failed: 0 });

    const delivered = pushService.received.find((push) => push.path === new URL(phone.endpoint).pathname)!;
    expect(delivered.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(delivered.headers.ttl)).toBeGreaterThan(0);
    const vapid = checkVapid(delivered.headers.authorization as string, pushService.origin);
    expect(vapid).toMatchObject({ valid: true, publicKey: t.app.notifications.vapidPublicKey });
    expect(JSON.parse(decryptPush(delivered.body, phone))).toEqual({
      title: '1 clase nueva en FitStream',
      body: 'Nuevo esta semana: Evening stretch (es)',
      url: 'http://localhost:8080/classes',
      tag: 'new-classes-2039-W01',
    });
    expect(await endpoints(user.id)).toEqual([phone.endpoint]);
  });

  it('checks again when sending: a host now at a reserved address is not contacted; an endpoint stored before the rules is deleted', async () => {
    const now = monday(2040);
    await publish('push-2040-a', 'yoga', days(now, -1));
    const user = await subscriber();
    const { keys } = pushService.subscription();
    // A name on the local push service's port and certificate, at a public address when its device subscribed.
    const moved = `${pushService.origin.replace('push.', 'moved.')}/push/moved`;
    dns['moved.fitstream.test'] = ['93.184.215.14'];
    expect((await call(user, 'PUT', `${base}/push`, { endpoint: moved, keys })).statusCode).toBe(200);
    // Another device's endpoint, an IP literal as could be stored before the rules.
    const other = pushService.subscription().endpoint;
    expect((await call(await device(user), 'PUT', `${base}/push`, { endpoint: other, keys })).statusCode).toBe(200);
    await t.app.db.update(pushSubscriptions).set({ endpoint: other.replace(PUSH_SERVICE_HOST, '127.0.0.1') }).where(eq(pushSubscriptions.endpoint, other));
    // Then the name moves to the push service's loopback address, which this network refuses.
    dns['moved.fitstream.test'] = ['127.0.0.1'];
    t.app.notifications.pushNetwork = pushService.network(dns, { reachable: false });
    const before = pushService.received.length;
    const errors: unknown[] = [];
    try {
      const { pushed } = await t.app.notifications.runDigests(now, { profileId: user.profileId, onError: (error) => errors.push(error) });
      expect(pushed).toEqual({ sent: 0, removed: 1, refused: 1, failed: 0 });
    } finally {
      t.app.notifications.pushNetwork = pushService.network(dns);
    }
    expect(pushService.received).toHaveLength(before);
    expect(errors.every((error) => error instanceof PushEndpointRefused)).toBe(true);
    expect(errors.map((error) => (error as Error).message).sort()).toEqual(['127.0.0.1 is not a host name', 'moved.fitstream.test resolves to 127.0.0.1, which is not public']);
    expect(await endpoints(user.id)).toEqual([moved]);
  });
});

describe('deleting the account', () => {
  it('erases the choice and the push subscriptions', async () => {
    const user = await subscriber();
    const { endpoint, keys } = pushService.subscription();
    expect((await call(user, 'PUT', `${base}/push`, { endpoint, keys })).statusCode).toBe(200);
    expect(await t.app.db.select().from(newClassNotifications).where(eq(newClassNotifications.profileId, user.profileId))).toHaveLength(1);
    const deleted = await t.app.inject({ method: 'POST', url: '/api/v1/account/delete', headers: { authorization: `FitStream ${user.token}` }, payload: { password: user.password } });
    expect(deleted.statusCode).toBe(200);
    expect(await t.app.db.select().from(newClassNotifications).where(eq(newClassNotifications.profileId, user.profileId))).toHaveLength(0);
    expect(await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toHaveLength(0);
  });
});

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR, or taken from the environment', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'fs-vapid-'));
    try {
      const first = await loadVapidKeys(dir, 'https://fit.example');
      const again = await loadVapidKeys(dir, 'https://fit.example');
      expect(again).toEqual(first);
      expect(first.subject).toBe('https://fit.example');
      expect(JSON.parse(await readFile(path.join(dir, 'vapid-keys.json'), 'utf8'))).toMatchObject({ publicKey: first.publicKey });
      const given = await loadVapidKeys(dir, 'http://localhost:8080', { publicKey: 'pub', privateKey: 'priv', subject: 'mailto:ops@fit.example' });
      expect(given).toEqual({ publicKey: 'pub', privateKey: 'priv', subject: 'mailto:ops@fit.example' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

