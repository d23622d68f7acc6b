import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { shippingCityQueries } from './api/cities';
import type { ShippingCity, UserData } from './api/types';
import { useLanguage } from './i18n/LanguageProvider';

/** Where the governorate a shopper last picked is kept on this device. */
const KEY = 'delivery_city';

/** The governorate this shopper ships to, as a city id in text ('' when not known): the one they
 * last picked on a product page or at checkout, else their account's city. */
export function deliveryCity(user: Pick<UserData, 'city_id'> | null): string {
  return localStorage.getItem(KEY) || (user?.city_id ? String(user.city_id) : '');
}

/** Keeps the governorate a shopper picked for the next product page and the checkout. */
export function rememberDeliveryCity(cityId: string) {
  if (cityId) localStorage.setItem(KEY, cityId);
  else localStorage.removeItem(KEY);
}

/** A checkout's city field: what the shopper picks is remembered, and a remembered city the shop
 * no longer ships to is cleared once the list has come, so the form never holds an unlisted id.
 * Returns the cities the shop ships to (none until they come). */
export function useDeliveryCityField(value: string, setValue: (cityId: string) => void): ShippingCity[] {
  const { language } = useLanguage();
  const cities = useQuery(shippingCityQueries.list(language)).data?.data;
  const unlisted = Boolean(value && cities && !cities.some((city) => String(city.id) === value));
  useEffect(() => {
    if (value && !unlisted) rememberDeliveryCity(value);
  }, [value, unlisted]);
  useEffect(() => {
    if (!unlisted) return;
    rememberDeliveryCity('');
    setValue('');
  }, [unlisted, setValue]);
  return cities ?? [];
}
