import ar from './account/ar.json';
import en from './account/en.json';
import { addedTexts } from './addedTexts';

/** The texts of the screens drawn with Mantine — signing in, the account, points,
 * notifications, orders and roles — added to the shop's around each of them (`screen()`) and
 * around the account menu. */
export const AccountTexts = addedTexts({ ar, en });
