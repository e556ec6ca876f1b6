// New-class notifications in Chromium against the real server: opt in on /account, have this
// week's digest built (the sandbox's test hook, what the weekly job does), read it in the
// sandbox mailbox in the account's language, and follow its unsubscribe link signed out (a
// page in the account's language, one button, then done); axe and screenshots of the section
// and the unsubscribe pages in en and es at 375 and 1280 px.
import assert from 'node:assert/strict';
import { EVERYWHERE, test } from '../playwright-utils';
import { expectAccessible, newContext, screenshot, signedIn } from '../browser';

const words = {
  en: {
    enable: /^tell me when new classes arrive$/i,
    save: /^save notifications$/i,
    saved: 'Your new-class notifications have been saved.',
    subject: /new class(es)? on FitStream this week/i,
    stop: /^stop these emails$/i,
    done: /will not get the weekly email about new classes any more/,
  },
  es: {
    enable: /^avisarme cuando lleguen clases nuevas$/i,
    save: /^guardar avisos$/i,
    saved: 'Tus avisos de clases nuevas se han guardado.',
    subject: /clases? nuevas? en FitStream esta semana/i,
    stop: /^(no quiero estos correos|dejar de recibirlos)$/i,
    done: /ya no recibirá el correo semanal de clases nuevas/,
  },
} as const;

test.describe('new-class notifications', () => {
  test('opt in, get the digest, unsubscribe signed out', { tag: EVERYWHERE }, async ({ browser, language, width, size }) => {
    const w = words[language];
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.setViewportSize(size);
    const { email, token } = await signedIn(page, `notify-${language}-${width}`);
    await page.goto('/account');
    await page.locator('#account-notifications').waitFor();
    if (language === 'es') {
      await page.locator('#account-language-select').selectOption('es');
      await page.waitForFunction(() => document.documentElement.lang === 'es');
      await page.getByText('Tu idioma ha sido guardado.').waitFor();
    }

    // Opt in (every discipline), keyboard only: the box, then Save.
    const box = page.getByRole('checkbox', { name: w.enable });
    await box.waitFor();
    await box.focus();
    await page.keyboard.press('Space');
    assert.equal(await box.isChecked(), true);
    await page.locator('.account__disciplines').waitFor();
    await page.getByRole('button', { name: w.save }).click();
    await page.getByText(w.saved).waitFor();
    await page.locator('#account-notifications').scrollIntoViewIfNeeded();
    await screenshot(page, `account-notifications-${language}-${width}`);
    await expectAccessible(page, `/account notifications (${language}, ${width} px)`);
    await page.reload();
    await page.locator('#account-notifications').waitFor();
    await page.getByRole('checkbox', { name: w.enable }).waitFor();
    assert.equal(await page.getByRole('checkbox', { name: w.enable }).isChecked(), true);

    // This week's digest, built now (the weekly job's work for this account), once.
    const built = await page.request.post('/api/v1/sandbox/new-class-digest', { headers: { authorization: `FitStream ${token}` } });
    assert.equal(built.status(), 200);
    const answer = (await built.json()) as { built: boolean; classes: number };
    assert.equal(answer.built, true, 'the sample catalogue has classes published this week');
    assert.ok(answer.classes > 0);
    const again = (await (await page.request.post('/api/v1/sandbox/new-class-digest', { headers: { authorization: `FitStream ${token}` } })).json()) as { built: boolean };
    assert.equal(again.built, false);

    // The digest in the mailbox: the account's language, posters and links, the unsubscribe link.
    await page.goto(`/sandbox/mail?to=${encodeURIComponent(email)}`);
    const messages = page.getByRole('link', { name: w.subject });
    assert.equal(await messages.count(), 1);
    await messages.click();
    const letter = page.locator('article.letter');
    await letter.waitFor();
    assert.ok((await letter.locator('img').count()) > 0);
    assert.ok((await letter.locator('a[href*="/classes/"]').count()) > 0);
    const unsubscribe = await letter.getByRole('link', { name: w.stop }).getAttribute('href');
    assert.ok(unsubscribe);
    await context.close();

    // Signed out, in a browser with no session at all.
    const outside = await newContext(browser);
    const visitor = await outside.newPage();
    await visitor.setViewportSize(size);
    await visitor.goto(new URL(unsubscribe).pathname);
    assert.equal(await visitor.evaluate(() => document.documentElement.lang), language);
    await visitor.getByText(email).waitFor();
    await screenshot(visitor, `unsubscribe-${language}-${width}`);
    await expectAccessible(visitor, `unsubscribe page (${language}, ${width} px)`);
    await visitor.getByRole('button', { name: w.stop }).click();
    await visitor.getByText(w.done).waitFor();
    await screenshot(visitor, `unsubscribe-done-${language}-${width}`);
    await expectAccessible(visitor, `unsubscribe done (${language}, ${width} px)`);
    await outside.close();

    // The account page says it is off.
    const back = await newContext(browser);
    const again2 = await back.newPage();
    await again2.goto('/terms');
    await again2.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      ['fitstream.session', JSON.stringify({ user: { email, token }, remember: true })],
    );
    await again2.goto('/account');
    const off = again2.getByRole('checkbox', { name: w.enable });
    await off.waitFor();
    assert.equal(await off.isChecked(), false);
    await back.close();
  });
});
