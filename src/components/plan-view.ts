// The part of a plan the plan components render (the contract's `Plan`, so screens pass API
// plans straight in, and a subscription's plan can be shown with what it has) and the
// localized texts derived from it: duration, per-interval price, devices, screens.
import { defineMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import type { Plan } from '@domain/plans';
import { useFormatMoney } from './money';

export type PlanInterval = Plan['interval'];

export type PlanView = Pick<Plan, 'id' | 'name' | 'amount' | 'currency' | 'interval' | 'interval_count' | 'quality' | 'resolution' | 'devices'> &
  Partial<Pick<Plan, 'resolutionFull' | 'simultaneousScreens' | 'downloads' | 'popular' | 'position'>>;

const durationMessage = defineMessage<{ count: number; interval: string }>({
  id: 'plan.duration',
  defaultMessage:
    '{count} {interval, select, day {{count, plural, one {day} other {days}}} week {{count, plural, one {week} other {weeks}}} year {{count, plural, one {year} other {years}}} other {{count, plural, one {month} other {months}}}}',
});

const pricePerMessage = defineMessage<{ price: string; interval: string }>({
  id: 'plan.pricePer',
  defaultMessage: '{price}/{interval, select, day {day} week {week} year {year} other {month}}',
});

export const planMessages = defineMessages({
  monthlyPrice: { id: 'plan.monthlyPrice', defaultMessage: 'Monthly price' },
  yearlyPrice: { id: 'plan.yearlyPrice', defaultMessage: 'Yearly price' },
  duration_label: { id: 'plan.durationLabel', defaultMessage: 'Duration' },
  quality: { id: 'plan.quality', defaultMessage: 'Video and sound quality' },
  resolution: { id: 'plan.resolution', defaultMessage: 'Resolution' },
  devices: { id: 'plan.devices', defaultMessage: 'Supported devices' },
  screens: { id: 'plan.screens', defaultMessage: 'Devices your household can watch at the same time' },
  downloads: { id: 'plan.downloads', defaultMessage: 'Download devices' },
  mostPopular: { id: 'plan.mostPopular', defaultMessage: 'Most popular' },
  popular: { id: 'plan.popular', defaultMessage: 'Popular' },
  current: { id: 'plan.currentPlan', defaultMessage: 'Current plan' },
  premiumIcon: { id: 'plan.premiumIcon', defaultMessage: 'Top tier' },
  chooseLabel: { id: 'plan.chooseLabel', defaultMessage: 'Choose a plan' },
});

const deviceMessages = defineMessages({
  tv: { id: 'plan.device.tv', defaultMessage: 'TV' },
  computer: { id: 'plan.device.computer', defaultMessage: 'computer' },
  mobile: { id: 'plan.device.mobile', defaultMessage: 'mobile phone' },
  tablet: { id: 'plan.device.tablet', defaultMessage: 'tablet' },
});

/** Device words the server may send (any case) mapped to their message. */
const DEVICE_KEYS: Record<string, MessageDescriptor> = {
  tv: deviceMessages.tv,
  computer: deviceMessages.computer,
  'mobile phone': deviceMessages.mobile,
  mobile: deviceMessages.mobile,
  phone: deviceMessages.mobile,
  tablet: deviceMessages.tablet,
};

export interface PlanTexts {
  duration: string;
  price: string;
  pricePerInterval: string;
  devices: string;
  screens: number;
}

/** Localized texts of a plan: "1 month", "€13.99", "€13.99/month", "TV, computer, …". */
export function usePlanTexts(): (plan: PlanView) => PlanTexts {
  const intl = useIntl();
  const formatMoney = useFormatMoney();
  return (plan) => {
    const price = formatMoney(plan.amount, plan.currency);
    const words = plan.devices.map((device) => {
      const message = DEVICE_KEYS[device.trim().toLowerCase()];
      return message ? intl.formatMessage(message) : device;
    });
    const joined = words.join(', ');
    return {
      duration: intl.formatMessage(durationMessage, { count: plan.interval_count, interval: plan.interval }),
      price,
      pricePerInterval: intl.formatMessage(pricePerMessage, { price, interval: plan.interval }),
      devices: joined.charAt(0).toLocaleUpperCase(intl.locale) + joined.slice(1),
      screens: plan.simultaneousScreens && plan.simultaneousScreens > 0 ? plan.simultaneousScreens : 1,
    };
  };
}

/** The top tier: the plan with the highest amount (it gets the premium icon). */
export function topTierId(plans: readonly PlanView[]): string | undefined {
  let top: PlanView | undefined;
  for (const plan of plans) if (!top || plan.amount > top.amount) top = plan;
  return top?.id;
}
