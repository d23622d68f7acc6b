// The JavaScript each storefront route loads before the shopper can use it, brotli-compressed
// as the server sends it: the entry's static graph (Home, the lists, the product page and the
// content pages are in it) plus a lazily loaded screen's own graph. Fails when a route grows
// past the budget.
//
// The budget (issue 24) is 110 KB. Home, the lists, a product page and the content pages (the
// entry) and an offer's page are at 106 KB (from 216 KB: they draw with plain elements and no
// Mantine; the search suggestions, the account menu, the toasts and the account and dashboard
// layouts come after the page; the dashboard's texts come with the dashboard; the messages are
// compiled at build time, so no parser, and a page loads its language's only; the router is
// the components' one). The screens with forms (the cart, checkout, tracking, contact) bring
// Mantine with them and stand under a budget of their own, just above today's sizes, to stop
// growth until they are drawn without it too.
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';

const BUDGET_KB = Number(process.env.JS_BUDGET_KB ?? 110);
const MANTINE_SCREEN_BUDGET_KB = Number(process.env.JS_MANTINE_SCREEN_BUDGET_KB ?? 155);
// The screens the storefront loads when first visited, and whether Mantine's theme comes with
// them (routes/screen.tsx: `screen` brings it, `plainScreen` does not).
const STOREFRONT_SCREENS = [
  ['src/features/catalog/OfferPage.tsx', false],
  ['src/features/cart/CartScreen.tsx', true],
  ['src/features/checkout/CartActions.tsx', true],
  ['src/features/checkout/Checkout.tsx', true],
  ['src/features/checkout/OrderPlaced.tsx', true],
  ['src/features/orders/TrackOrder.tsx', true],
  ['src/features/content/Contact.tsx', true],
];

const dist = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));
const sizes = new Map();
const brotli = (file) => {
  if (!sizes.has(file)) {
    const bytes = readFileSync(new URL(file, dist));
    sizes.set(file, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length);
  }
  return sizes.get(file);
};
/** The files a chunk needs before it runs: itself and its static imports, all the way down. */
const graph = (key, files = new Set()) => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build: update scripts/js-budget.mjs`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) graph(imported, files);
  return files;
};
// Each page also loads its language's texts (the server preloads the one it needs): the larger.
const texts = Math.max(...['ar', 'en'].map((language) => brotli(manifest[`src/shared/i18n/${language}.json`].file)));
const kilobytes = (files) =>
  [...files].filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + brotli(file), texts) / 1024;

const entry = graph('index.html');
const routes = [['Home, products, a product (the entry)', entry, BUDGET_KB]];
const withMantine = graph('src/shared/ui/mantine/MantineScope.tsx', new Set(entry));
for (const [screen, mantine] of STOREFRONT_SCREENS) {
  const files = graph(screen, new Set(mantine ? withMantine : entry));
  routes.push([screen, files, mantine ? MANTINE_SCREEN_BUDGET_KB : BUDGET_KB]);
}
let over = false;
for (const [name, files, budget] of routes) {
  const size = kilobytes(files);
  over ||= size > budget;
  console.log(`${size > budget ? 'OVER' : 'ok  '} ${size.toFixed(1).padStart(6)} KB of ${budget}  ${name}`);
}
if (over) {
  console.error('A storefront route loads more JavaScript (brotli) before it can be used than its budget.');
  process.exit(1);
}
