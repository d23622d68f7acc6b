import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, report } from '../../shared/api/client';
import { withLoading } from '../../shared/ui/loading';
import { useAttemptKey } from '../../shared/api/attempt';
import type { Placed } from './api';

/** Why the last attempt was refused, for the screen to say above the button. */
export interface Refusal {
  /** The server's words. */
  message: string;
  /** The total changed: the new figures are on screen and the next click confirms them. */
  totalChanged: boolean;
}

/** Sends an order once per attempt (one `Idempotency-Key` however often it is clicked or
 * retried) and sorts out a refusal: a changed total or short stock reloads the figures, a
 * refused code is checked again so its line says why, field errors go to `onFields`. */
export function usePlacement<Body>(send: (body: Body, key: string) => Promise<Placed>) {
  const client = useQueryClient();
  const attempt = useAttemptKey();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const mutation = useMutation({ mutationFn: ({ body, key }: { body: Body; key: string }) => send(body, key) });

  async function place(body: Body, onFields: (errors: Record<string, string>) => void): Promise<Placed | null> {
    setRefusal(null);
    try {
      const placed = await withLoading(mutation.mutateAsync({ body, key: attempt.keyFor(body) }));
      attempt.settle();
      return placed;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // A lost connection or a server failure may have placed the order: the next click
      // repeats this attempt with the same key and gets that answer back.
      if (error.status !== 0 && error.status < 500) attempt.settle();
      if (error.status !== 422) {
        report(error);
        return null;
      }
      const fields = error.firstMessages();
      const totalChanged = 'expected_total' in fields;
      if (totalChanged || 'items' in fields || 'cart' in fields) {
        await client.invalidateQueries({ queryKey: ['cart'] });
        await client.invalidateQueries({ queryKey: ['shipping-cities'] });
      }
      await client.invalidateQueries({ queryKey: ['checkout', 'promo'] });
      onFields(fields);
      setRefusal({ message: error.message, totalChanged });
      return null;
    }
  }

  return { place, refusal, placing: mutation.isPending };
}

/** Where an order just placed is shown, guest's or client's: the success page, offering the
 * link its SMS carries to confirm it at once, and the order as placed (the navigation's state). */
export function successPage(placed: Placed): [string, { state: { order: Placed['data'] } }] {
  const confirm = placed.confirmation_url?.split('/confirm/')[1];
  const query = new URLSearchParams({ number: placed.data.number, ...(confirm ? { confirm } : {}) });
  return [`/order-success?${query.toString()}`, { state: { order: placed.data } }];
}
