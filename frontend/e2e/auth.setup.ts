// Signs in each demo role once per shop through the login screen and keeps the browser
// state; tests that start signed in load it instead of logging in again.
import { logIn, test as setup } from './fixtures';
import { signedInState } from './servers';

setup('the demo admin signs in and lands on the dashboard', async ({ page, database }) => {
  await logIn(page, 'admin@mahsoul.test');
  await page.waitForURL('**/dashboard/overview');
  await page.context().storageState({ path: signedInState(database, 'admin') });
});

setup('the demo customer signs in and lands on the products', async ({ page, database }) => {
  await logIn(page, '01000000003');
  await page.waitForURL('**/products');
  await page.context().storageState({ path: signedInState(database, 'customer') });
});
