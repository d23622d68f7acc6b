import { lazy } from 'react';

/** The order form without an account, downloaded when the buyer chooses it ("Continue as
 * Guest", "Order through WhatsApp"): the cart and the checkout's choice come without it. */
export const GuestOrderForm = lazy(async () => ({ default: (await import('./GuestOrderForm')).GuestOrderForm }));
