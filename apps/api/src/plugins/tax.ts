import fp from 'fastify-plugin';
import { createBuiltInTaxProvider, type TaxProvider } from '../modules/tax';

/**
 * Decorates `app.tax` with the provider that decides orders' tax (docs/behaviour.md §5.22): the
 * shop's own, from its registrations, unless the app was built with another (tests give one that
 * fails, to show that a checkout is then refused).
 */
export default fp<{ provider?: TaxProvider }>(
  async (app, { provider }) => {
    app.decorate<TaxProvider>(
      'tax',
      provider ?? createBuiltInTaxProvider({ country: app.config.SHOP_COUNTRY }),
    );
  },
  { name: 'tax', dependencies: ['database'] },
);
