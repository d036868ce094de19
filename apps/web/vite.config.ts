import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './build-plugins/precompress.ts';
import { scriptsAfterFirstPaint } from './build-plugins/scripts-after-first-paint.ts';

/** What the home page loads after its entry, shared with the other catalogue pages. */
const sharedUiModules = [
  'packages/shared/src/format.ts',
  'packages/shared/src/money.ts',
  'packages/shared/src/categories.ts',
  'packages/shared/src/contact-copy.ts',
  'src/config/phone-example.ts',
  'src/lib/domain/tool.ts',
  'src/lib/static-picture.ts',
  'src/lib/field-issues.ts',
  'src/components/ui/price-ladder.tsx',
  'src/components/ui/query-list.tsx',
  // The contact form's submit button on home; every other form's too.
  'src/components/ui/busy-button.tsx',
  'src/features/catalog/lib/description-preview.ts',
  'src/features/catalog/components/tool-card.tsx',
  // The card's price: a company member's contract price beside the list one (§3.15).
  'src/components/unit-price.tsx',
  // The carousel's stars, which My reviews and the moderation page draw too (docs/behaviour.md §8.8).
  'src/features/reviews/components/star-rating.tsx',
  'src/lib/domain/review.ts',
];

/**
 * Small parts that a few signed-in pages share, each group sent as one file: as a file of its own,
 * every part costs the first load its name in the lazy pages' preload map (`npm run size`).
 */
/** The pages a visit starts on (docs/behaviour.md §2.12): their lazy files keep their preload lists. */
const isLandingPage = (file: string) =>
  /\/(home-page|products-page|product-page|purchase-page|blogs-page|contact-page)-[\w-]+\.js$/.test(file);

const pageGroups: { name: string; modules: string[] }[] = [
  // The small parts most signed-in pages share (a field, a form's alert, a dialog, the toasts of a
  // failure, the routes a change makes stale, the SKU's rule of the product form and the pad, the
  // Tax row):
  // some twenty pages each named up to seven files of a few hundred bytes.
  {
    name: 'page-parts',
    modules: [
      'src/components/ui/form-field.tsx',
      'src/components/ui/form-alert.tsx',
      'src/components/ui/form-dialog.tsx',
      'src/components/ui/confirm-dialog.tsx',
      'src/components/ui/use-modal-dialog.ts',
      'src/lib/failure-toast.ts',
      'src/lib/toast.ts',
      'src/lib/queries/invalidate-routes.ts',
      'packages/shared/src/sku.ts',
      // The Tax row of checkout, the order, the payment and the receipt (docs/behaviour.md §5.22).
      'src/components/tax-summary.tsx',
      // A downloaded file's save (Total Orders' CSV, a receipt's PDF): both pages load this group.
      'src/lib/save-file.ts',
    ],
  },
  // The cart page and checkout: one visit usually wants both.
  { name: 'cart', modules: ['src/features/cart/'] },
  // Add to cart on the product and purchase pages, and what it sends (the cart page sends it too).
  { name: 'add-to-cart', modules: ['src/components/add-to-cart.tsx', 'src/lib/queries/set-cart-lines.ts'] },
  // The address book's page, form and calls (the form is checkout's too).
  {
    name: 'address-book',
    modules: [
      'src/features/profile/components/address-book-page.tsx',
      'src/components/address-form.tsx',
      'src/lib/queries/addresses.ts',
      'src/lib/domain/address.ts',
      'packages/shared/src/contracts/addresses.ts',
    ],
  },
  // The trade buyer's fast paths that several pages share (the cart, the order page, My Orders,
  // the quick-order pad, a saved list): what adding rows to the cart answered, Order again, Save
  // as list, and the attempt's Idempotency-Key (checkout's too).
  {
    name: 'fast-paths',
    modules: [
      'src/components/cart-additions-outcome.tsx',
      'src/components/save-as-list.tsx',
      'src/lib/queries/cart-additions.ts',
      'src/lib/queries/saved-lists.ts',
      'src/lib/idempotency-key.ts',
      'src/features/orders/components/order-again.tsx',
      'src/features/orders/api/reorder.ts',
      // The caller's company: checkout's shared addresses, the order page's approval.
      'src/lib/queries/companies.ts',
    ],
  },
  // The trade buyer's own pages: the quick-order pad with its parser, the saved lists and a list.
  {
    name: 'trade-buyer',
    modules: [
      'src/features/quick-order/',
      'src/features/saved-lists/',
      'packages/shared/src/quick-order-text.ts',
    ],
  },
  // Trade accounts (docs/behaviour.md §4.18, §4.19): the member's company and invitation pages,
  // the back office's Companies pages, their calls and words. Few visits want one without another.
  // With them the price-break rows the product forms share with the contract price form. Not the
  // trade-pricing contract: the cart's pages import it, and from this file it ran before the
  // modules it builds on (a blank cart page, 'reading extend of undefined').
  {
    name: 'trade',
    modules: [
      'src/app/trade-account-pages.tsx',
      'src/components/price-break-rows.tsx',
      'src/features/companies/',
      'src/features/admin-companies/',
      'src/lib/domain/company.ts',
      'packages/shared/src/contracts/companies.ts',
      // Tax (docs/behaviour.md §5.22): the back office's Tax page, and the companies' resale
      // certificates that both company pages list. Not the tax contract: the cart's, the orders'
      // and the receipts' contracts import it.
      'src/features/admin-tax/',
      'src/lib/queries/resale-certificates.ts',
      'src/components/resale-certificate-list.tsx',
      // Invoices on terms (docs/behaviour.md §5.23): the statement both company pages show.
      'src/components/invoice-statement.tsx',
    ],
  },
  // The invoices' contract (§5.23), which the companies' contract (the trade group) and the quotes'
  // contract (§5.24, through the cart's) read as they are defined: a file of its own that imports
  // neither, so it always runs first. Inside the trade group, the quote pages would load that
  // group; beside the trade pages' entry file, it was in a cycle with the group and ran after it.
  { name: 'invoices-contract', modules: ['packages/shared/src/contracts/invoices.ts'] },
  // What the order page shows of an order besides its own fields: its lines, its address and its
  // invoice (§5.23), with the invoices' calls and words that the payment page, checkout and the
  // company pages share.
  {
    name: 'order-parts',
    modules: [
      'src/components/order-lines-table.tsx',
      'src/components/address-lines.tsx',
      'packages/shared/src/countries.ts',
      'src/components/order-invoice.tsx',
      'src/lib/queries/invoices.ts',
      'src/lib/domain/invoice.ts',
    ],
  },
];

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/** Each chunk of the build and every chunk it imports statically, all the way down. */
let loadedWith = new Map<string, Set<string>>();

/**
 * Remembers, once the bundle is made, what each chunk imports statically (vite:build-import-
 * analysis, which writes the lazy pages' preload lists, runs after it).
 */
const staticImportsOfChunks: Plugin = {
  name: 'static-imports-of-chunks',
  generateBundle(_options, bundle) {
    const importsOf = (file: string, seen = new Set<string>()): Set<string> => {
      const chunk = bundle[file];
      for (const imported of chunk?.type === 'chunk' ? chunk.imports : []) {
        if (!seen.has(imported)) importsOf(imported, seen.add(imported));
      }
      return seen;
    };
    loadedWith = new Map(Object.keys(bundle).map((file) => [file, importsOf(file)]));
  },
};

/** What the browser's entry (main.tsx) imports statically, all the way down. */
let entryImports = new Set<string>();

/**
 * Remembers, once every module is known and before the chunks are made, what the browser's entry
 * imports statically: the 'app-shell' group below puts it in one file. The server's build has no
 * main.tsx, and its chunks stay as they were.
 */
const importsOfTheEntry: Plugin = {
  name: 'imports-of-the-entry',
  buildEnd() {
    const entry = [...this.getModuleIds()].find((id) => id.endsWith('/src/main.tsx'));
    const seen = new Set<string>();
    const visit = (id: string) => {
      for (const imported of this.getModuleInfo(id)?.importedIds ?? []) {
        if (seen.has(imported)) continue;
        seen.add(imported);
        visit(imported);
      }
    };
    if (entry) visit(entry);
    entryImports = seen;
  },
};

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    scriptsAfterFirstPaint(),
    precompress(),
    staticImportsOfChunks,
    importsOfTheEntry,
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/uploads': apiTarget },
  },
  build: {
    sourcemap: false,
    manifest: true,
    // Minified and uncompressed. `app-shell` is one file by design (about 330 kB: React DOM, the
    // router, the query library, the shell), as is the server's bundle (about 380 kB); the budget
    // that counts is what a phone is sent, `npm run size`'s.
    chunkSizeWarningLimit: 400,
    modulePreload: {
      // Every browser the shop supports preloads modules itself; the polyfill would cost every visit.
      polyfill: false,
      // A lazy page's preload list leaves out what the chunk importing it imports statically: those
      // files ran before its code could, so preloading them again does nothing, and each name in
      // the first load's lists costs its bytes (`npm run size`). Only the pages a first visit lands
      // on keep a list at all: a signed-in page fetches its shared files when its own file asks for
      // them, one round trip later, rather than every visitor carrying their names.
      resolveDependencies: (file, deps, { hostId, hostType }) =>
        hostType !== 'js'
          ? deps
          : deps.filter(
              (dep) => dep.endsWith('.css') || (isLandingPage(file) && !loadedWith.get(hostId)?.has(dep)),
            ),
    },
    rolldownOptions: {
      output: {
        // The small modules the public pages share go out as one file: as a dozen files of a few
        // hundred bytes each, every file's own wrapping and compression start cost more than their
        // code (`npm run size`). Only these modules: their dependencies stay where they were.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            // What the entry imports, which every page runs before its own code, as one file: by
            // itself the bundler made eight of it (React, parts of the query library, the API
            // client, the copy…) because lazy pages import them too, and their names, imports and
            // exports cost the first load 2.5 kB (`npm run size`). It takes only modules the entry
            // loads anyway, so no page loads more than before.
            { name: 'app-shell', test: (id: string) => entryImports.has(id) },
            { name: 'shop-ui', test: (id: string) => sharedUiModules.some((end) => id.endsWith(end)) },
            ...pageGroups.map(({ name, modules }) => ({
              name,
              test: (id: string) => modules.some((part) => id.includes(part)),
            })),
          ],
        },
      },
    },
  },
});
