import { z } from 'zod';
import { defineRoutes } from '../api/define';

export const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['postgres', 'pglite']),
});

export const healthRoutes = defineRoutes({
  'GET /health': {
    access: 'public',
    tags: ['health'],
    summary: 'Liveness and database reachability',
    response: { status: 200, schema: healthResponse },
  },
});
