// An invoice as a PDF (pdfkit), in the account's language: texts from the server catalogues
// (locales/server.<lang>.json, `invoice.*`), money and dates formatted by that locale. The seller
// block comes from the configuration; net, tax and rate as stored when it was issued (032).
import PDFDocument from 'pdfkit';
import type { SellerConfig } from '@server/config';
import { translate } from '@server/i18n';
import { pickLocale, type AppLocale } from '@domain/locales';
import type { InvoiceLine, InvoiceRow } from './invoices';

/** Minor units to the currency's major amount, formatted for the locale (€12.99 / 12,99 €). */
export function formatMoney(locale: AppLocale, minor: number, currency: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

export function formatDate(locale: AppLocale, date: Date | string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(date));
}

/** A rate in basis points as the locale writes a percentage (21 %, 25,5 %). */
export function formatRate(locale: AppLocale, rateBps: number): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(rateBps / 10_000);
}

/** "Billed to": the name, then the email; the email once when there is no other name. */
export function billedToLines(invoice: Pick<InvoiceRow, 'customerName' | 'customerEmail'>): string[] {
  const name = invoice.customerName.trim();
  const email = invoice.customerEmail?.trim() ?? '';
  if (!email || email.toLowerCase() === name.toLowerCase()) return [name || email];
  return name ? [name, email] : [email];
}

/** A line's text in the locale: what it bills and for which period. */
export function lineText(locale: AppLocale, line: InvoiceLine): string {
  // The interval ("per year"/"al año", docs/decisions/066); lines before it name none.
  const values = { plan: line.planName, interval: line.interval ?? 'none', start: formatDate(locale, line.periodStart), end: formatDate(locale, line.periodEnd) };
  switch (line.kind) {
    case 'trial':
      return translate(locale, 'invoice.line.trial', values);
    case 'proration_credit':
      return translate(locale, 'invoice.line.prorationCredit', values);
    case 'proration_charge':
      return translate(locale, 'invoice.line.prorationCharge', values);
    case 'discount':
      // A promotion code's line names it (decision 069); the retention offer's has none.
      return line.code ? translate(locale, 'invoice.line.promotionCode', { ...values, code: line.code }) : translate(locale, 'invoice.line.discount', values);
    default:
      return translate(locale, 'invoice.line.plan', values);
  }
}

/** The PDF's bytes. */
export function renderInvoicePdf(invoice: InvoiceRow, language: string, seller: SellerConfig): Promise<Buffer> {
  const locale = pickLocale(language);
  const t = (code: Parameters<typeof translate>[1], values?: Record<string, string | number>) => translate(locale, code, values);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    lang: locale,
    info: { Title: `${t('invoice.title')} ${invoice.number}`, Author: seller.name, Subject: invoice.number },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(22).text('FitStream');
  doc.moveDown(0.3);
  doc.font('Helvetica-Bold').fontSize(11).text(seller.name);
  doc.font('Helvetica').fontSize(10);
  for (const line of seller.addressLines) doc.text(line);
  doc.text(t('invoice.taxId', { taxId: seller.taxId }));
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(16).text(`${t('invoice.title')} ${invoice.number}`);
  doc.moveDown();
  doc.font('Helvetica').fontSize(11);
  doc.text(`${t('invoice.date')}: ${formatDate(locale, invoice.issuedAt)}`);
  const [firstBilled = '', ...moreBilled] = billedToLines(invoice);
  doc.text(`${t('invoice.billedTo')}: ${firstBilled}`);
  for (const line of moreBilled) doc.text(line);
  doc.moveDown(1.5);

  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const amountWidth = 120;
  doc.font('Helvetica-Bold').text(t('invoice.description'), left, doc.y, { continued: false, width: right - left - amountWidth });
  doc.moveUp().text(t('invoice.amount'), right - amountWidth, doc.y, { width: amountWidth, align: 'right' });
  doc.moveTo(left, doc.y + 4).lineTo(right, doc.y + 4).stroke();
  doc.moveDown(0.8);
  doc.font('Helvetica');
  for (const line of invoice.lines) {
    const y = doc.y;
    doc.text(lineText(locale, line), left, y, { width: right - left - amountWidth - 12 });
    const after = doc.y;
    doc.text(formatMoney(locale, line.amount, invoice.currency), right - amountWidth, y, { width: amountWidth, align: 'right' });
    doc.y = Math.max(after, doc.y);
    doc.moveDown(0.5);
  }
  doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke();
  doc.moveDown(0.8);
  const sum = (label: string, minor: number) => {
    const y = doc.y;
    doc.text(label, left, y, { width: right - left - amountWidth });
    doc.text(formatMoney(locale, minor, invoice.currency), right - amountWidth, y, { width: amountWidth, align: 'right' });
    doc.moveDown(0.3);
  };
  sum(t('invoice.net'), invoice.net);
  sum(invoice.taxRateBps === null ? t('invoice.taxUnstated') : t('invoice.tax', { rate: formatRate(locale, invoice.taxRateBps) }), invoice.tax);
  doc.font('Helvetica-Bold');
  sum(t('invoice.total'), invoice.total);
  doc.moveDown(2);
  doc.font('Helvetica').fontSize(9).fillColor('#444444').text(`${t('invoice.pricesIncludeTax')} ${t('invoice.paidNote')}`, left, doc.y, { width: right - left });
  doc.end();
  return done;
}
