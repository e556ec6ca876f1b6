// The routes: for every path of the route table (src/domain/routes.ts), the screen it mounts
// (lazily loaded, so the landing page downloads little), guarded by the route's `access`, and
// the actors and actions the machine of that screen runs with. Any other path goes to /.
import { lazy, Suspense, useLayoutEffect, useMemo, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Spinner } from '@components/spinner';
import { checkoutResultGuard, guardNavigation } from '@domain/navigation';
import type { Outcome } from '@domain/request-outcome';
import { routes, type Access, type RouteName } from '@domain/routes';
import { currentSubscription } from '@domain/subscriptions';
import { staticPages } from '@screens/static';
import type { AccountMachine } from '@machines/account.machine';
import type { BillingMachine, LoadBillingOutput } from '@machines/billing.machine';
import type { CatalogMachine } from '@machines/catalog.machine';
import type { PaymentHistoryMachine } from '@machines/payment-history.machine';
import type { PlanChangeMachine } from '@machines/plan-change.machine';
import type { CheckoutReturnMachine } from '@machines/checkout-return.machine';
import type { ClassDetailMachine } from '@machines/class-detail.machine';
import type { HomeMachine } from '@machines/home.machine';
import type { LandingMachine } from '@machines/landing.machine';
import type { PasswordResetMachine } from '@machines/password-reset.machine';
import type { PlayerMachine } from '@machines/player.machine';
import type { LoadCurrentPlanOutput, PricingMachine } from '@machines/pricing.machine';
import type { ProfileMachine } from '@machines/profile.machine';
import type { SignInMachine } from '@machines/sign-in.machine';
import type { SignUpMachine } from '@machines/sign-up.machine';
import { useSession } from './actors';
import { fromCall } from './call-actor';
import { FlowContext, implement, type ImplementFlow } from './flow';
import { keeperActor, mediaActor } from './media-actor';
import { arrivedFromCheckout, usePerformNavigation } from './navigation';
import { saveTextFile } from './save-file';
import { videoSurface } from './video-surface';

/** Saves an invoice's PDF as `<number>.pdf`, or opens the provider's own PDF. */
function saveInvoice(file: { blob: Blob } | { url: string }, number: string): void {
  const link = document.createElement('a');
  if ('url' in file) {
    link.href = file.url;
    link.target = '_blank';
    link.rel = 'noopener';
  } else {
    link.href = URL.createObjectURL(file.blob);
    link.download = `${number}.pdf`;
  }
  document.body.append(link);
  link.click();
  link.remove();
  if ('blob' in file) setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

interface Mount {
  screen: LazyExoticComponent<ComponentType>;
  /** The actors and actions of the machine the screen runs (machine types only: no bundle cost). */
  flow?: ImplementFlow;
}

const mounts: Record<RouteName, Mount> = {
  landing: {
    screen: lazy(() => import('@screens/landing/landing-screen')),
    flow: implement<LandingMachine>(({ api }) => ({ actors: { loadPriceRange: fromCall((_, signal) => api.priceRange(signal)) } })),
  },
  login: {
    screen: lazy(() => import('@screens/login/login-screen')),
    flow: implement<SignInMachine>(({ api, deviceId, tellSession }) => ({
      actors: { signIn: fromCall((input, signal) => api.signIn({ ...input, deviceId }, signal)) },
      actions: { tellSession },
    })),
  },
  register: {
    screen: lazy(() => import('@screens/register/register-screen')),
    flow: implement<SignUpMachine>(({ api, deviceId, tellSession }) => ({
      actors: { signUp: fromCall((input, signal) => api.signUp({ ...input, deviceId }, signal)) },
      actions: { tellSession },
    })),
  },
  forgotPassword: {
    screen: lazy(() => import('@screens/password-reset/forgot-password-screen')),
    flow: implement<PasswordResetMachine>(({ api, deviceId, tellSession }) => ({
      actors: {
        requestLink: fromCall((input, signal) => api.forgotPassword(input, signal)),
        resetPassword: fromCall((input, signal) => api.resetPassword({ ...input, deviceId }, signal)),
      },
      actions: { tellSession },
    })),
  },
  resetPassword: {
    screen: lazy(() => import('@screens/password-reset/reset-password-screen')),
    flow: implement<PasswordResetMachine>(({ api, deviceId, tellSession }) => ({
      actors: {
        requestLink: fromCall((input, signal) => api.forgotPassword(input, signal)),
        resetPassword: fromCall((input, signal) => api.resetPassword({ ...input, deviceId }, signal)),
      },
      actions: { tellSession },
    })),
  },
  details: {
    screen: lazy(() => import('@screens/details/details-screen')),
    flow: implement<ProfileMachine>(({ api }) => ({ actors: { uploadImage: fromCall(api.uploadImage), saveDetails: fromCall(api.saveDetails) } })),
  },
  home: {
    screen: lazy(() => import('@screens/home/home-screen')),
    flow: implement<HomeMachine>(({ api }) => ({
      actors: { loadHome: fromCall((_, signal) => api.home(signal)), loadClassesHome: fromCall((_, signal) => api.classesHome(signal)) },
    })),
  },
  classes: {
    screen: lazy(() => import('@screens/classes/catalog-screen')),
    flow: implement<CatalogMachine>(({ api }) => ({ actors: { loadClasses: fromCall(api.listClasses) } })),
  },
  classDetail: {
    screen: lazy(() => import('@screens/classes/class-detail-screen')),
    flow: implement<ClassDetailMachine>(({ api }) => ({ actors: { loadClass: fromCall(api.getClass) } })),
  },
  watch: {
    screen: lazy(() => import('@screens/watch/watch-screen')),
    flow: implement<PlayerMachine>(({ api, deviceId }) => ({
      actors: {
        startPlayback: fromCall(({ classId }, signal) => api.startPlayback({ classId, deviceId }, signal)),
        playbackHeartbeat: fromCall(api.playbackHeartbeat),
        stopPlayback: fromCall(api.stopPlayback),
        saveProgress: fromCall(api.saveProgress),
        media: mediaActor(videoSurface),
        keeper: keeperActor(api),
      },
    })),
  },
  pricing: {
    screen: lazy(() => import('@screens/pricing/pricing-screen')),
    flow: implement<PricingMachine>(({ api }) => ({
      actors: {
        loadPlans: fromCall((_, signal) => api.listPlans(signal)),
        loadCurrentPlan: fromCall(async (_, signal): Promise<LoadCurrentPlanOutput> => {
          const outcome = await api.listBilling(signal);
          return outcome.kind === 'ok' ? { kind: 'ok', data: { planId: currentSubscription(outcome.data.subscriptions)?.plan_id ?? null } } : outcome;
        }),
        subscribe: fromCall(api.subscribe),
      },
    })),
  },
  users: {
    screen: lazy(() => import('@screens/users/users-screen')),
    flow: implement<CheckoutReturnMachine>(({ api }) => ({ actors: { confirmCheckout: fromCall(api.confirmCheckout) } })),
  },
  success: { screen: lazy(() => import('@screens/checkout-result/success-screen')) },
  cancel: { screen: lazy(() => import('@screens/checkout-result/cancel-screen')) },
  billing: {
    screen: lazy(() => import('@screens/billing/billing-screen')),
    flow: implement<BillingMachine>(({ api, persistence }) => ({
      actors: {
        loadBilling: fromCall(async (_, signal): Promise<LoadBillingOutput> => {
          // Forgotten only once compared: StrictMode's restarted load must still see it.
          const before = persistence.readCardBeforePortal();
          const outcome = await api.listBilling(signal);
          if (outcome.kind === 'ok' && !signal.aborted) persistence.writeCardBeforePortal(null);
          return outcome.kind === 'ok' ? { ...outcome, data: { ...outcome.data, cardBeforePortal: before } } : outcome;
        }),
        cancelSubscription: fromCall(api.cancelSubscription),
        reactivateSubscription: fromCall(api.reactivateSubscription),
        openPaymentPortal: fromCall((_, signal) => api.openPaymentPortal(signal)),
      },
      actions: { rememberCard: (_, { card }) => persistence.writeCardBeforePortal(card) },
    })),
  },
  account: {
    screen: lazy(() => import('@screens/account/account-screen')),
    flow: implement<AccountMachine>(({ api, language, session }) => ({
      actors: {
        loadAccount: fromCall((_, signal) => api.account(signal)),
        changeEmail: fromCall(api.changeEmail),
        changePassword: fromCall(api.changePassword),
        saveLanguage: fromCall(api.setAccountLanguage),
        signOutDevice: fromCall(api.signOutDevice),
        signOutOthers: fromCall((_, signal) => api.signOutOtherDevices(signal)),
        exportData: fromCall((_, signal) => api.exportAccount(signal)),
        deleteAccount: fromCall(api.deleteAccount),
      },
      actions: {
        adoptLanguage: (_, value) => {
          if (language.getSnapshot().context.language !== value) language.send({ type: 'language.set', language: value });
        },
        saveFile: (_, file) => saveTextFile(file),
        signOut: () => session.send({ type: 'session.signOut' }),
      },
    })),
  },
  planChange: {
    screen: lazy(() => import('@screens/billing/plan-change-screen')),
    flow: implement<PlanChangeMachine>(({ api }) => ({
      actors: {
        loadPlanChange: fromCall((_, signal) => api.loadPlanChange(signal)),
        previewPlanChange: fromCall(api.previewPlanChange),
        changePlan: fromCall(api.changePlan),
        undoPlanChange: fromCall((_, signal) => api.undoPlanChange(signal)),
      },
    })),
  },
  paymentHistory: {
    screen: lazy(() => import('@screens/billing/payment-history-screen')),
    flow: implement<PaymentHistoryMachine>(({ api }) => ({
      actors: {
        loadHistory: fromCall(api.paymentHistory),
        downloadInvoice: fromCall(async (input: { pdfUrl: string; number: string }, signal): Promise<Outcome<{ saved: true }>> => {
          const outcome = await api.downloadInvoice(input, signal);
          if (outcome.kind !== 'ok') return outcome;
          saveInvoice(outcome.data, input.number);
          return { kind: 'ok', data: { saved: true } };
        }),
      },
    })),
  },
  terms: { screen: lazy(staticPages.terms) },
  privacy: { screen: lazy(staticPages.privacy) },
  dmca: { screen: lazy(staticPages.dmca) },
  eula: { screen: lazy(staticPages.eula) },
  support: { screen: lazy(staticPages.support) },
  changelog: { screen: lazy(staticPages.changelog) },
};

/**
 * The route's screen once the session allows it, else the guard's navigation; a spinner while
 * the session restores (at most 5 s), except on public pages, which need no session.
 */
function Guarded({ access, children }: { access: Access; children: ReactNode }) {
  const signedIn = useSession((snapshot) => (snapshot.matches('restoring') ? null : snapshot.context.user !== null));
  const perform = usePerformNavigation();
  const redirect = useMemo(() => (signedIn === null ? null : guardNavigation(access, signedIn)), [access, signedIn]);
  useLayoutEffect(() => {
    if (redirect) perform(redirect);
  }, [redirect, perform]);
  if (access !== 'public' && (signedIn === null || redirect)) return <Spinner size="lg" />;
  return <>{children}</>;
}

/** /success and /cancel show only on arrival from the checkout return; opened any other way, they send the user on. */
function CheckoutResultOnly({ route, children }: { route: 'success' | 'cancel'; children: ReactNode }) {
  const perform = usePerformNavigation();
  const redirect = useMemo(() => checkoutResultGuard(route, arrivedFromCheckout()), [route]);
  useLayoutEffect(() => {
    if (redirect) perform(redirect);
  }, [redirect, perform]);
  return redirect ? <Spinner size="lg" /> : <>{children}</>;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<Spinner size="lg" />}>
      <Switch>
        {(Object.keys(routes) as RouteName[]).map((name) => {
          const { screen: Screen, flow = null } = mounts[name];
          const { path, access } = routes[name];
          return (
            <Route key={name} path={path}>
              <Guarded access={access}>
                <FlowContext.Provider value={flow}>
                  {name === 'success' || name === 'cancel' ? (
                    <CheckoutResultOnly route={name}>
                      <Screen />
                    </CheckoutResultOnly>
                  ) : (
                    <Screen />
                  )}
                </FlowContext.Provider>
              </Guarded>
            </Route>
          );
        })}
        <Route>
          <Redirect to={routes.landing.href()} replace />
        </Route>
      </Switch>
    </Suspense>
  );
}
