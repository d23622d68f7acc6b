/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';
import { parse } from '@formatjs/icu-messageformat-parser';

/** The message catalogues (`src/shared/i18n/**\/ar.json`, `en.json`) turned into formatjs's
 * message trees at build time, so the shopper's phone neither downloads nor runs the message
 * parser (formatjs's "pre-compile messages to AST"; docs/decisions.md). The parser is the one
 * react-intl runs, pinned to its version in package.json: the tree's shape follows it. */
function precompiledMessages(): Plugin {
  return {
    name: 'mahsoul:precompiled-messages',
    enforce: 'pre',
    transform(source, id) {
      if (!/\/src\/shared\/i18n\/(?:dashboard\/|account\/|agronomy\/|confirm\/)?(?:ar|en)\.json$/.test(id)) return null;
      const messages = JSON.parse(source) as Record<string, string>;
      const trees = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]));
      return { code: JSON.stringify(trees), map: null };
    },
  };
}

/** A preload link in `index.html` for each language's texts, marked with its language: the
 * server keeps the one of the page's language, so its texts come beside the entry instead of
 * after it. */
function languagePreloads(): Plugin {
  return {
    name: 'mahsoul:language-preloads',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        return Object.values(context.bundle ?? {}).flatMap((chunk) => {
          const language =
            chunk.type === 'chunk' ? /\/src\/shared\/i18n\/(ar|en)\.json$/.exec(chunk.facadeModuleId ?? '')?.[1] : null;
          if (!language) return [];
          const attrs = {
            rel: 'modulepreload',
            crossorigin: true,
            href: `/${chunk.fileName}`,
            'data-language': language,
          };
          return [{ tag: 'link', attrs, injectTo: 'head' as const }];
        });
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    ...(command === 'build' ? [precompiledMessages(), languagePreloads()] : []),
    // The scripts and styles compressed once, as hard as the formats go: the server sends these
    // files by `Accept-Encoding` instead of compressing each answer fast (docs/decisions.md).
    compression({
      include: /assets\/.*\.(js|css|json|svg)$/,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
    // Installable, and kind to weak networks: the shell is kept at install; pages, scripts,
    // styles and pictures as they are first used (so the dashboard's code is never fetched for
    // a buyer); pages and the catalogue's answers when the network is slow or gone.
    // docs/decisions.md, "Offline".
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'محصول | Mahsoul',
        short_name: 'محصول',
        description: 'بذور وتربة وأسمدة ومبيدات للمزارعين وهواة الزراعة في كل محافظات مصر.',
        lang: 'ar',
        dir: 'rtl',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#237a36',
        background_color: '#ffffff',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The shell's styles too: the server writes them into the pages it sends, so no page
        // fetches the file, and the shell shown offline would have none.
        globPatterns: ['index.html', 'favicon.svg', 'assets/index-*.css'],
        // No shell answered from the cache while the network works: the server paints each
        // page with its products and head tags, so pages come from the network first; the
        // ones seen are kept for when it is gone, and any other screen then gets the shell.
        navigateFallback: null,
        clientsClaim: true,
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && !/^\/(api|media)\/|^\/(robots\.txt|sitemap\.xml)$/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'pages',
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: 60, maxAgeSeconds: 60 * 60 * 24 * 7 },
              precacheFallback: { fallbackURL: 'index.html' },
            },
          },
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'scripts-and-styles',
              expiration: { maxEntries: 120, maxAgeSeconds: 60 * 60 * 24 * 60 },
            },
          },
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/media/'),
            handler: 'CacheFirst',
            options: { cacheName: 'pictures', expiration: { maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 30 } },
          },
          {
            urlPattern: ({ url }) =>
              /^\/api\/(products|categories|home|offers|settings|pages|shipping-cities)(\/|$)/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'catalogue',
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: 150, maxAgeSeconds: 60 * 60 * 24 * 7 },
            },
          },
        ],
      },
    }),
  ],
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  resolve: {
    // Every message arrives as a tree (above); the unit tests keep the parser and the texts.
    alias:
      command === 'build'
        ? [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
            },
          ]
        : [],
  },
  build: {
    target: 'es2022',
    cssCodeSplit: true,
    // Read by scripts/js-budget.mjs: which files each screen needs.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The framework in one file (it changes least), and the rest of what the entry
          // imports in the entry's: otherwise split into some forty files by which later
          // screens share each part, each compressed alone and a round trip on a phone
          // (docs/decisions.md).
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|react-intl|@formatjs|intl-messageformat)[\\/]/,
              priority: 2,
            },
            { name: 'storefront', tags: ['$initial'], priority: 1 },
            // Small parts the order forms share, each a file of a few hundred bytes otherwise:
            // a file's own overhead is about a hundred bytes compressed, and the checkout is
            // the route nearest its budget.
            { name: 'forms', test: /src[\\/]shared[\\/](forms|formFields|api[\\/]attempt)\.ts$/ },
            {
              name: 'cart-parts',
              test: /src[\\/](shared[\\/]cart[\\/]EmptyCart\.tsx|features[\\/]checkout[\\/]guestOrder\.ts)$/,
            },
            {
              name: 'addresses',
              test: /src[\\/]shared[\\/](deliveryCity\.ts|ui[\\/]CityPicker\.tsx|api[\\/](cities|addresses)\.ts)$/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    // Worker threads start faster than forked processes: about 15 % off the run on two cores.
    pool: 'threads',
    setupFiles: ['./src/test/setup.ts', './src/test/server.ts'],
    globals: true,
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // A screen test types and waits for several answers: on a busy two-core machine one took
    // 5.4 s against the default 5 s. A hung test still fails, later.
    testTimeout: 15_000,
  },
}));
