import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateToolBody } from '@shop/shared/contracts/tools';
import { callApi } from '@/lib/api-client';
import { toolsQueryKey } from './get-tools';
import { uploadImage } from './upload-image';

export const createTool = (body: CreateToolBody) => callApi('POST /tool', { body });

export type NewProduct = Omit<CreateToolBody, 'img'> & { image: File };

/** Add a Product: the picture is uploaded first, then the tool is saved with its URL. */
export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ image, ...tool }: NewProduct) =>
      createTool({ ...tool, img: await uploadImage(image) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: toolsQueryKey }),
  });
}
