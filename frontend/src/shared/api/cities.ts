import { queryOptions } from '@tanstack/react-query';
import { answer, api } from './client';

/** The cities the shop delivers to, for every city picker (sign-up, profile, addresses,
 * checkout): the same list for a while, in the page's language. */
export const shippingCityQueries = {
  list: (language: string) =>
    queryOptions({
      queryKey: ['shipping-cities', language],
      queryFn: () => answer(api.GET('/api/shipping-cities')),
      staleTime: 300_000,
    }),
};
