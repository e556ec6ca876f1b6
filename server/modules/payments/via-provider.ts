// A call to the payment provider as the API answers it: the provider's failure is a 502 with a
// safe message, never its own error.
import { HttpError } from '@server/errors';
import { ProviderError } from './provider';

export async function viaProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderError) throw new HttpError(502, 'payments.providerUnavailable');
    throw error;
  }
}
