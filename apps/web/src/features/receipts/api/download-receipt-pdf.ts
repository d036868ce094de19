import { useMutation } from '@tanstack/react-query';
import { callApiFile } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/**
 * Downloads the order's receipt as a PDF (docs/behaviour.md §5.16). The API reads bearer tokens
 * only, so a plain link could not open it: the file is fetched with the token, then saved.
 */
export function useDownloadReceiptPdf() {
  return useMutation({
    mutationFn: async (orderId: string) => {
      const file = await callApiFile('GET /order/:id/receipt/pdf', { params: { id: orderId } });
      saveFile(file.blob, file.filename ?? 'receipt.pdf');
    },
  });
}
