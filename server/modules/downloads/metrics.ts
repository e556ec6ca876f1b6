// The downloads' metrics (docs/decisions/054): licences issued (new, or renewed for the same
// class and rendition) and refused, by reason, as `create` decides them. The reasons are the
// contract's closed lists, each series at 0 from the start.
import { Counter, type Registry } from 'prom-client';
import type { LimitReason } from './licences';
import type { AccessRefusal, CreateOutcome, Refusal } from './rules';

const REFUSALS: readonly (AccessRefusal | LimitReason | Exclude<Refusal, 'other_account' | 'other_device'>)[] = [
  'no_subscription',
  'subscription_ended',
  'subscription_paused',
  'payment_required',
  'device_not_allowed',
  'quality_not_in_plan',
  'device_limit',
  'class_limit',
];

/** `counted` counts a decided outcome and passes it on; `refused` counts a refusal thrown. */
export function licenceCounters(registry: Registry) {
  const issued = new Counter({
    name: 'fitstream_download_licences_issued_total',
    help: 'Download licences issued, by kind (new, renewed: the same class and rendition on the same device again)',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const refused = new Counter({
    name: 'fitstream_download_licences_refused_total',
    help: 'Download licences refused, by reason (the contract\'s DownloadRefusedError and download limit reasons)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  for (const kind of ['new', 'renewed']) issued.inc({ kind }, 0);
  for (const reason of REFUSALS) refused.inc({ reason }, 0);
  return {
    counted(outcome: CreateOutcome): CreateOutcome {
      if (outcome.kind === 'issued' || outcome.kind === 'renewed') issued.inc({ kind: outcome.kind === 'issued' ? 'new' : 'renewed' });
      if (outcome.kind === 'limit') refused.inc({ reason: outcome.reason });
      return outcome;
    },
    refused(reason: Refusal): void {
      refused.inc({ reason });
    },
  };
}
