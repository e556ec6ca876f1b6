// The payment-history machine's actors (the Payment History tab of /billing): a page of
// payments, and an invoice's PDF fetched and saved on the device.
import { fromCall } from '@lib/call-actor';
import { implement } from '@lib/flow';
import type { Outcome } from '@domain/request-outcome';
import type { PaymentHistoryMachine } from '@machines/payment-history.machine';
import { saveInvoice } from './save-invoice';

export default implement<PaymentHistoryMachine>(({ api }) => ({
  actors: {
    loadHistory: fromCall(api.paymentHistory),
    downloadInvoice: fromCall(async (input: { pdfUrl: string; number: string }, signal): Promise<Outcome<{ saved: true }>> => {
      const outcome = await api.downloadInvoice(input, signal);
      if (outcome.kind !== 'ok') return outcome;
      saveInvoice(outcome.data, input.number);
      return { kind: 'ok', data: { saved: true } };
    }),
  },
}));
