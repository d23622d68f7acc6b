import ar from './agronomy/ar.json';
import en from './agronomy/en.json';
import { addedTexts } from './addedTexts';

/** The texts of a farm product's safety block and dose calculator, added around them: a phone
 * showing a seed packet or the checkout never downloads them. */
export const AgronomyTexts = addedTexts({ ar, en });
