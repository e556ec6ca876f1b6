// Payment History entries for the machine tests: a paid payment and its invoice, numbered by `index`.
import type { HistoryPayment } from '@machines/payment-history.machine';

export const historyEntry = (index: number): HistoryPayment => ({
  payment: { id: `pay_${index}`, created: '2026-03-01T00:00:00.000Z', amount: 1399, currency: 'EUR', status: 'paid', card: null, cardlast4: null },
  invoice: {
    id: `inv_${index}`,
    number: `FS-2026-${String(index).padStart(6, '0')}`,
    issued_at: '2026-03-01T00:00:00.000Z',
    total: 1399,
    net: 1156,
    tax: 243,
    tax_rate: 21,
    currency: 'EUR',
    lines: [],
    pdf_url: `/api/v1/payments/invoices/inv_${index}/pdf`,
  },
});
