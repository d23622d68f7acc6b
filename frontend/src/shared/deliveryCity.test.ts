import { createElement, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../test/server';
import { deliveryCity, rememberDeliveryCity, useDeliveryCityField } from './deliveryCity';
import { LanguageProvider } from './i18n/LanguageProvider';

const cities = [
  { id: 1, name: 'Cairo', shipping_cost: 50 },
  { id: 2, name: 'Giza', shipping_cost: 50 },
];

/** The hook with the app's query client and language, the shop's cities answered by the API. */
function renderField(value: string, setValue: (cityId: string) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(LanguageProvider, null, createElement(QueryClientProvider, { client }, children));
  return renderHook(() => useDeliveryCityField(value, setValue), { wrapper });
}

describe('the delivery city', () => {
  beforeEach(() => server.use(http.get('*/api/shipping-cities', () => HttpResponse.json({ data: cities }))));
  afterEach(() => localStorage.clear());

  it('is the one last picked, else the account city, else unknown', () => {
    expect(deliveryCity(null)).toBe('');
    expect(deliveryCity({ city_id: 7 })).toBe('7');
    rememberDeliveryCity('2');
    expect(deliveryCity({ city_id: 7 })).toBe('2');
    rememberDeliveryCity('');
    expect(deliveryCity(null)).toBe('');
  });

  it('is remembered when a checkout picks it', async () => {
    const setValue = vi.fn();
    const { result } = renderField('2', setValue);
    expect(deliveryCity(null)).toBe('2');
    await waitFor(() => expect(result.current).toHaveLength(2));
    expect(setValue).not.toHaveBeenCalled();
  });

  it('is cleared from the form once the list shows the shop no longer ships there', async () => {
    const setValue = vi.fn();
    rememberDeliveryCity('9');
    renderField('9', setValue);
    expect(setValue).not.toHaveBeenCalled();
    await waitFor(() => expect(setValue).toHaveBeenCalledWith(''));
    expect(deliveryCity(null)).toBe('');
  });
});
