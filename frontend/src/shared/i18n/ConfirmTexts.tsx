import ar from './confirm/ar.json';
import en from './confirm/en.json';
import { addedTexts } from './addedTexts';

/** The texts of the page an order's confirmation link opens, added around it: no other page
 * downloads them. */
export const ConfirmTexts = addedTexts({ ar, en });
