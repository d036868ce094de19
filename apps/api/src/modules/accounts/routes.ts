import type { FastifyPluginAsync } from 'fastify';
import { accountRecoveryRoutes } from './account-recovery.routes';
import { accountRoutes } from './account.routes';
import { addressRoutes } from './addresses.routes';
import { securityRoutes } from './security.routes';
import { socialSignInRoutes } from './social-sign-in.routes';
import { userRoutes } from './users.routes';

/** Every route of the accounts module. */
export const accountsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(accountRoutes);
  await app.register(accountRecoveryRoutes);
  await app.register(securityRoutes);
  await app.register(socialSignInRoutes);
  await app.register(userRoutes);
  await app.register(addressRoutes);
};
