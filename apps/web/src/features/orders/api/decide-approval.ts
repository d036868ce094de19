import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidateRoutes, orderReads, toolReads } from '@/lib/queries/invalidate-routes';

/** What a company admin decides of a buyer's order awaiting approval (docs/behaviour.md §5.21). */
export type ApprovalDecision =
  { orderId: string; approve: true } | { orderId: string; approve: false; reason: string };

const decide = (decision: ApprovalDecision) =>
  decision.approve
    ? callApi('POST /order/:id/approve', { params: { id: decision.orderId } })
    : callApi('POST /order/:id/decline-approval', {
        params: { id: decision.orderId },
        body: { reason: decision.reason },
      });

/** Approves or declines; a decline returns stock, so the catalogue refetches too. */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decide,
    onSettled: () => invalidateRoutes(queryClient, [...orderReads, ...toolReads]),
  });
}
