import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@shop/shared/api-paths';
import type { DemoConfirmBody, DemoConfirmResponse } from '@shop/shared/contracts/payments';
import { apiRequest } from '@/lib/api-client';

/** The demo processor charges the card (nothing real); a card problem is a 402 with its message. */
export const confirmDemoPayment = (body: DemoConfirmBody) =>
  apiRequest<DemoConfirmResponse>(apiPaths.demoConfirmPayment, { method: 'POST', body });

export const useConfirmDemoPayment = () => useMutation({ mutationFn: confirmDemoPayment });
