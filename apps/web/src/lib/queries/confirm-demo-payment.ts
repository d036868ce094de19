import { useMutation } from '@tanstack/react-query';
import type { DemoConfirmBody } from '@shop/shared/contracts/payments';
import { callApi } from '../api-client';

/** The demo processor charges the card (nothing real); a card problem is a 402 with its message. */
const confirmDemoPayment = (body: DemoConfirmBody) => callApi('POST /payments/demo/confirm', { body });

export const useConfirmDemoPayment = () => useMutation({ mutationFn: confirmDemoPayment });
