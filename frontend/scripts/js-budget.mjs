// The JavaScript each storefront route loads before the shopper can use it, brotli-compressed
// as the server sends it (the build's `.br` files): the entry's static graph (Home, the lists, the product page and the
// content pages are in it) plus a lazily loaded screen's own graph. Fails when a route grows
// past the budget.
//
// The budget (issue 24) is 110 KB, for every storefront route (from 216 KB). Home, the lists, a
// product page and the content pages (the entry) are at 104 KB, an offer's page, the cart, the
// order placed, order tracking and contact at 104-106, the checkout at 109: they draw with plain
// elements and no Mantine; the search suggestions, the account menu, the toasts, the guest's
// order form and the account and dashboard layouts come when needed; the dashboard's route
// table and texts come with the dashboard, the texts of the screens drawn with Mantine with
// them; the messages are compiled at build time, so no parser, and a page loads its language's
// only; the router is the components' one; the storefront's forms keep their state in a few
// lines of their own instead of @mantine/form (docs/decisions.md).
import { existsSync, readFileSync, statSync } from 'node:fs';

const BUDGET_KB = Number(process.env.JS_BUDGET_KB ?? 110);
// The storefront's routes whose screens are loaded when first visited, with their modules
// (src/app/screens.json, which the server also reads to preload them).
const STOREFRONT_ROUTES = Object.entries(
  JSON.parse(readFileSync(new URL('../src/app/screens.json', import.meta.url), 'utf8')).lazy,
);

const dist = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));
const sizes = new Map();
// What the server sends: the file the build compressed (brotli 11), or the file as it is where
// compressing would not have made it smaller.
const brotli = (file) => {
  if (!sizes.has(file)) {
    const compressed = new URL(`${file}.br`, dist);
    sizes.set(file, (existsSync(compressed) ? statSync(compressed) : statSync(new URL(file, dist))).size);
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
const routes = [['Home, products, a product (the entry)', entry]];
for (const [path, screens] of STOREFRONT_ROUTES) {
  const files = new Set(entry);
  for (const screen of screens) graph(screen, files);
  routes.push([path, files]);
}
let over = false;
for (const [name, files] of routes) {
  const size = kilobytes(files);
  over ||= size > BUDGET_KB;
  console.log(`${size > BUDGET_KB ? 'OVER' : 'ok  '} ${size.toFixed(1).padStart(6)} KB of ${BUDGET_KB}  ${name}`);
}
if (over) {
  console.error('A storefront route loads more JavaScript (brotli) before it can be used than the budget.');
  process.exit(1);
}
