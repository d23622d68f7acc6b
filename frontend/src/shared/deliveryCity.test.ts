import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShippingCity } from './api/types';
import { deliveryCity, rememberDeliveryCity, useDeliveryCityField } from './deliveryCity';

const cities = [{ id: 1 }, { id: 2 }] as ShippingCity[];

describe('the delivery city', () => {
  afterEach(() => localStorage.clear());

  it('is the one last picked, else the account city, else unknown', () => {
    expect(deliveryCity(null)).toBe('');
    expect(deliveryCity({ city_id: 7 })).toBe('7');
    rememberDeliveryCity('2');
    expect(deliveryCity({ city_id: 7 })).toBe('2');
    rememberDeliveryCity('');
    expect(deliveryCity(null)).toBe('');
  });

  it('is remembered when a checkout picks it', () => {
    const setValue = vi.fn();
    renderHook(() => useDeliveryCityField('2', setValue, cities));
    expect(deliveryCity(null)).toBe('2');
    expect(setValue).not.toHaveBeenCalled();
  });

  it('is cleared from the form once the list shows the shop no longer ships there', () => {
    const setValue = vi.fn();
    rememberDeliveryCity('9');
    const { rerender } = renderHook(({ list }) => useDeliveryCityField('9', setValue, list), {
      initialProps: { list: undefined as ShippingCity[] | undefined },
    });
    expect(setValue).not.toHaveBeenCalled();
    rerender({ list: cities });
    expect(setValue).toHaveBeenCalledWith('');
    expect(deliveryCity(null)).toBe('');
  });
});
