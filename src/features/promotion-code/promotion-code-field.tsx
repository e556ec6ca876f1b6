// The promotion code field of /pricing and Billing (decision 069), a view of the promotion-code
// child machine its page's machine invokes: the field, Apply or Remove, and the result line.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { PromotionCodeForm, useCodeText, type PromotionCodeStatus } from '@components';
import type { PromotionCodeMachine } from '@machines/promotion-code.machine';

export interface PromotionCodeFieldProps {
  actor: ActorRefFrom<PromotionCodeMachine> | undefined;
  /** The interval the plans show ("first paid month" or "year"). */
  interval?: string;
  initialCode?: string;
  label?: string;
  disabled?: boolean;
  onApply: (code: string) => void;
  onRemove?: () => void;
}

const statuses: readonly PromotionCodeStatus[] = ['checking', 'applied', 'refused'];

export function PromotionCodeField({ actor, interval, ...rest }: PromotionCodeFieldProps) {
  const codeText = useCodeText();
  const snapshot = useSelector(actor, (s) => s);
  const status = statuses.find((s) => snapshot?.matches(s)) ?? 'empty';
  const { discount, refusal } = snapshot?.context ?? { discount: null, refusal: null };
  const result = status === 'applied' && discount ? codeText(discount, interval) : status === 'refused' && refusal ? refusal.message : null;
  return <PromotionCodeForm status={status} result={result} {...rest} />;
}
