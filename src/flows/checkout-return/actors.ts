// The checkout return machine's actor in the app: confirm the provider's checkout session.
import { fromCall } from '@lib/call-actor';
import { implement } from '@lib/flow';
import type { CheckoutReturnMachine } from '@machines/checkout-return.machine';

export default implement<CheckoutReturnMachine>(({ api }) => ({ actors: { confirmCheckout: fromCall(api.confirmCheckout) } }));
