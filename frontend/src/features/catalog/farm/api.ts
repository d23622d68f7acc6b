import { useMutation } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';

/** A product's agronomy as its page answers it: ingredients, crops and pests named. */
export type Agronomy = components['schemas']['AgronomyData'];
/** One use of a product on a crop. */
export type CropUse = components['schemas']['UseData'];
/** What the dose calculator answers. */
export type Dose = components['schemas']['DoseData'];
/** The units an area is typed in. */
export const AREA_UNITS = ['feddan', 'qirat', 'm2', 'sprayer_20l'] as const;
/** One of them. */
export type AreaUnit = (typeof AREA_UNITS)[number];

/** What the calculator asks. */
export interface DoseAsk {
  product_id: number;
  crop: string;
  pest?: string;
  area: string;
  area_unit: AreaUnit;
}

/** Asks the shop for a field's dose; a refused field is shown by the form, not as a toast. */
export function useDose() {
  return useMutation({
    mutationFn: (ask: DoseAsk) => answer(api.POST('/api/dose', { body: ask }), { silent: true }),
  });
}
