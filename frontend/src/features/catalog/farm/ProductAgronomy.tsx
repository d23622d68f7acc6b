import { AgronomyTexts } from '../../../shared/i18n/AgronomyTexts';
import type { Agronomy } from './api';
import { DoseCalculator } from './DoseCalculator';
import { SafetyAndUse } from './SafetyAndUse';

/** A product page's farming part, loaded only for products that have one: the safety and use
 * block, then the dose calculator. */
export default function ProductAgronomy({ productId, agronomy }: { productId: number; agronomy: Agronomy }) {
  return (
    <AgronomyTexts>
      <SafetyAndUse agronomy={agronomy} />
      <DoseCalculator productId={productId} uses={agronomy.uses ?? []} />
    </AgronomyTexts>
  );
}
