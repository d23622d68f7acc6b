import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CartLine } from '../../shared/cart/localCart';
import { useLanguage } from '../../shared/i18n/LanguageProvider';
import { checkPromo } from './api';

/** The promo code of a checkout: typed, applied, checked again whenever the cart changes, so
 * the discount shown is the one the server will give. */
export function usePromo(items: CartLine[]) {
  const { language } = useLanguage();
  const [typed, setTyped] = useState('');
  const [applied, setApplied] = useState<string | null>(null);
  const check = useQuery({
    queryKey: ['checkout', 'promo', language, applied, items],
    queryFn: () => checkPromo(applied ?? '', items),
    enabled: applied !== null && items.length > 0,
    retry: false,
  });
  return {
    typed,
    setTyped,
    apply: () => setApplied(typed.trim() || null),
    remove: () => {
      setApplied(null);
      setTyped('');
    },
    applied,
    checking: check.isFetching,
    /** The code to send with the order: only one the server accepted. */
    code: check.isSuccess && applied ? applied : undefined,
    discount: check.isSuccess ? check.data.data.discount : 0,
    message: check.isSuccess ? check.data.message : undefined,
    error: check.isError ? check.error : undefined,
    recheck: () => check.refetch(),
  };
}
