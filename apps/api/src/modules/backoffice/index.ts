/** The back office: contact messages and the admins' inbox, and the owner's dashboard figures (docs/behaviour.md §8). */
export { backofficeJobs } from './metrics/order-rollups';
export { backofficeRoutes } from './routes';
