// Draws the raster pictures the shop needs from its SVG logo, in Debian's chromium: the app
// icons of the web app manifest (192 and 512 px, and a maskable 512 px with the safe margin)
// and the 1200×630 picture link previews show (WhatsApp and Facebook do not preview SVG).
// Run again after changing public/favicon.svg: `node scripts/brand-images.mjs`.
import { readFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';

const logo = await readFile(new URL('../public/favicon.svg', import.meta.url), 'utf8');
const logoUri = `data:image/svg+xml;base64,${Buffer.from(logo).toString('base64')}`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });

async function draw(file, width, height, html) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.setContent(`<html><body style="margin:0">${html}</body></html>`);
  await page.evaluate(() => document.fonts.ready);
  const path = new URL(`../public/${file}`, import.meta.url).pathname;
  if (file.endsWith('.jpg')) await page.screenshot({ path, type: 'jpeg', quality: 85 });
  else await page.screenshot({ path, omitBackground: !file.includes('maskable') });
  await page.close();
}

for (const size of [192, 512]) {
  await draw(`icon-${size}.png`, size, size, `<img src="${logoUri}" width="${size}" height="${size}">`);
}
// Maskable icons are cropped to a circle or squircle by the phone: the logo keeps to the
// middle 80 %, on the brand's green.
await draw(
  'icon-maskable-512.png',
  512,
  512,
  `<div style="width:512px;height:512px;background:#237a36;display:grid;place-items:center"><img src="${logoUri}" width="360" height="360"></div>`,
);
await draw(
  'og-image.jpg',
  1200,
  630,
  `<div style="width:1200px;height:630px;background:linear-gradient(135deg,#1b5e2a,#237a36);color:#fff;display:flex;align-items:center;justify-content:center;gap:56px;font-family:'Noto Naskh Arabic','Noto Sans',sans-serif">
     <img src="${logoUri}" width="260" height="260">
     <div style="display:flex;flex-direction:column;gap:12px">
       <div style="font-size:112px;font-weight:700;line-height:1.1" dir="rtl">محصول</div>
       <div style="font-size:56px;font-weight:700;font-family:'Noto Sans',sans-serif">Mahsoul</div>
       <div style="font-size:34px" dir="rtl">بذور وتربة وأسمدة ومبيدات — توصيل لكل المحافظات</div>
     </div>
   </div>`,
);
await browser.close();
