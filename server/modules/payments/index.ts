// The payments module's door: the provider port, and what an erased account leaves behind.
// Other modules import this module only from here (eslint.config.js); re-exports only, no
// side effects, and never a plugin (server/app.ts).
export { expireOpenCheckouts } from './checkouts';
export { anonymiseInvoices } from './invoices/invoices';
export { ProviderError, type PaymentProvider } from './provider';
