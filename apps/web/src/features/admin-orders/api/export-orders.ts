import { useMutation } from '@tanstack/react-query';
import { ordersQueryOf, type OrdersView } from '@shop/shared/order-states';
import { callApiFile } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/**
 * Downloads every order of the view's filter (not just its page) as CSV (docs/behaviour.md §5.17).
 * The API streams it; the browser gathers it before saving, as a fetch with a bearer token must.
 */
export function useExportOrders() {
  return useMutation({
    mutationFn: async (view: OrdersView) => {
      // The filter, not the page: the export has every matching order.
      const { state, q } = ordersQueryOf(view);
      const file = await callApiFile('GET /order-export', {
        query: { ...(state && { state }), ...(q && { q }) },
      });
      saveFile(file.blob, file.filename ?? 'orders.csv');
    },
  });
}
