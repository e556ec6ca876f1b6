// The suite's `test`: Playwright Test with the project's language option (the projects in
// playwright.config.ts run the tests tagged @everywhere in en and es at 375 and 1280 px) and a
// subscriber made without the UI (signed up and subscribed through the API and the sandbox's
// checkout calls, the session stored where the app keeps it), as epic-stack's
// tests/playwright-utils.ts signs a user in.
import { test as base, type BrowserContext, type Page } from '@playwright/test';
import { newContext, signedIn, subscribeByApi, type Plan } from './browser';
import { DESKTOP } from './viewports';

export type Language = 'en' | 'es';

export interface Subscriber {
  context: BrowserContext;
  page: Page;
  email: string;
  token: string;
}

export interface SubscriberRequest {
  /** Where the account's email starts (a unique address is made from it). */
  label: string;
  /** The plan the trial is on; null for an account that never subscribed. */
  plan: Plan | null;
  /** How long each step in the subscriber's context waits (10 s otherwise). */
  patience?: number;
}

export interface TestOptions {
  /** The project's language: what a test tagged @everywhere shows its screens in. */
  language: Language;
}

interface Fixtures {
  /** The project's viewport (its width and height). */
  size: { width: number; height: number };
  /** The project's width as screenshots' names carry it ('375', '1280'). */
  width: string;
  /** Makes a signed-in subscriber in a new context of its own (closed after the test). */
  subscriber: (request: SubscriberRequest) => Promise<Subscriber>;
}

export const test = base.extend<TestOptions & Fixtures>({
  language: ['en', { option: true }],
  size: async ({ viewport }, use) => use(viewport ?? DESKTOP),
  width: async ({ size }, use) => use(String(size.width)),
  subscriber: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async ({ label, plan, patience }) => {
      const context = await newContext(browser);
      contexts.push(context);
      if (patience) context.setDefaultTimeout(patience);
      const page = await context.newPage();
      const { email, token } = await signedIn(page, label);
      if (plan) await subscribeByApi(page, token, plan);
      return { context, page, email, token };
    });
    await Promise.all(contexts.map((context) => context.close().catch(() => {})));
  },
});

/** The tag of the tests every project runs: once per language and width. */
export const EVERYWHERE = '@everywhere';
