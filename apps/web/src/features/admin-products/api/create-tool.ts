import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateToolBody } from '@shop/shared/contracts/tools';
import { callApi } from '@/lib/api-client';
import type { Tool } from '@/lib/domain/tool';
import type { IssueFields } from '@/lib/field-issues';
import { toolsQueryKey } from './get-tools';
import { uploadImage } from './upload-image';

const createTool = (body: CreateToolBody) => callApi('POST /tool', { body });

/** What the Add a Product form gives: the tool in the web app's names, with its picture file. */
export type NewProduct = Pick<
  Tool,
  'name' | 'availableQuantity' | 'minOrderQuantity' | 'unitPrice' | 'description'
> & {
  image: File;
};

/** The request in the API's names, once the picture is uploaded. */
const toCreateToolBody = (product: NewProduct, imageUrl: string): CreateToolBody => ({
  name: product.name,
  availableQuantity: product.availableQuantity,
  orderQuantity: product.minOrderQuantity,
  perPartsPrice: product.unitPrice,
  description: product.description,
  img: imageUrl,
});

/** Which form field shows the API's problem with which request field. */
export const newProductIssueFields: IssueFields<keyof NewProduct> = {
  name: 'name',
  availableQuantity: 'availableQuantity',
  orderQuantity: 'minOrderQuantity',
  perPartsPrice: 'unitPrice',
  description: 'description',
  img: 'image',
};

/** Add a Product: the picture is uploaded first, then the tool is saved with its URL. */
export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (product: NewProduct) =>
      createTool(toCreateToolBody(product, await uploadImage(product.image))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: toolsQueryKey }),
  });
}
