import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateResaleCertificateBody, DecideCertificateBody } from '@shop/shared/contracts/tax';
import { callApi, callApiFile } from '../api-client';
import { saveFile } from '../save-file';
import { queryKeys } from './query-keys';

/*
 * A company's resale certificates (docs/behaviour.md §5.22): its members read them on the company
 * page and its company admins send and withdraw them; the shop's admins verify or reject them on
 * the back office's company page. A verified one makes the company's orders there exempt, so
 * every change reads the cart's tax again too.
 */

export const useResaleCertificates = (companyId: string) =>
  useQuery({
    queryKey: queryKeys.answer('GET /company/:id/resale-certificate', { id: companyId }),
    queryFn: ({ signal }) =>
      callApi('GET /company/:id/resale-certificate', { params: { id: companyId }, signal }),
  });

function useCertificateChange<Input, Answer>(change: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () =>
      Promise.all(
        (['GET /company/:id/resale-certificate', 'GET /cart/tax'] as const).map((route) =>
          queryClient.invalidateQueries({ queryKey: queryKeys.route(route) }),
        ),
      ),
  });
}

/** Sends a certificate, then its PDF when one was chosen (the API takes the file on its own). */
export const useSendCertificate = (companyId: string) =>
  useCertificateChange(async ({ body, file }: { body: CreateResaleCertificateBody; file: File | null }) => {
    const certificate = await callApi('POST /company/:id/resale-certificate', {
      params: { id: companyId },
      body,
    });
    if (!file) return certificate;
    const form = new FormData();
    form.append('file', file);
    return callApi('PUT /company/:id/resale-certificate/:certificateId/file', {
      params: { id: companyId, certificateId: certificate.id },
      form,
    });
  });

/** Saves a certificate's PDF (the API reads bearer tokens only, so a plain link could not open it). */
export const useDownloadCertificatePdf = (companyId: string) =>
  useMutation({
    mutationFn: async (certificateId: string) => {
      const file = await callApiFile('GET /company/:id/resale-certificate/:certificateId/file', {
        params: { id: companyId, certificateId },
      });
      saveFile(file.blob, file.filename ?? 'resale-certificate.pdf');
    },
  });

export const useWithdrawCertificate = (companyId: string) =>
  useCertificateChange((certificateId: string) =>
    callApi('DELETE /company/:id/resale-certificate/:certificateId', {
      params: { id: companyId, certificateId },
    }),
  );

export const useDecideCertificate = (companyId: string) =>
  useCertificateChange(({ certificateId, body }: { certificateId: string; body: DecideCertificateBody }) =>
    callApi('PATCH /company/:id/resale-certificate/:certificateId', {
      params: { id: companyId, certificateId },
      body,
    }),
  );
