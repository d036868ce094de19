import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateToolRequest } from '@shop/shared/contracts/tools';
import { callApi } from '@/lib/api-client';
import type { Tool } from '@/lib/domain/tool';
import type { IssueFields } from '@/lib/field-issues';
import { invalidateRoutes, toolReads } from '@/lib/queries/invalidate-routes';
import {
  tradePricingIssueFields,
  type TradePricingField,
  type TradePricingValues,
} from '../components/trade-pricing-form';
import { uploadImage } from './upload-image';

const createTool = (body: CreateToolRequest) => callApi('POST /tool', { body });

/** What the Add a Product form gives: the tool in the web app's names, with its picture file. */
export type NewProduct = Pick<
  Tool,
  'name' | 'availableQuantity' | 'minOrderQuantity' | 'unitPrice' | 'description' | 'category'
> &
  TradePricingValues & {
    /** Left out: the shop makes one up (docs/behaviour.md §3.14). */
    sku?: string;
    image: File;
  };

/** The request in the API's names, once the picture is uploaded. */
const toCreateToolRequest = (product: NewProduct, imageUrl: string): CreateToolRequest => ({
  name: product.name,
  availableQuantity: product.availableQuantity,
  orderQuantity: product.minOrderQuantity,
  perPartsPrice: product.unitPrice,
  description: product.description,
  img: imageUrl,
  ...(product.sku !== undefined && { sku: product.sku }),
  // None chosen: left out, as the spec's clients send a tool (docs/behaviour.md §3.2).
  ...(product.category !== null && { category: product.category }),
  packSize: product.packSize,
  maxOrderQuantity: product.maxOrderQuantity,
  shipPrice: product.shipPrice,
  priceBreaks: product.priceBreaks,
});

/** Which form field shows the API's problem with which request field. */
export const newProductIssueFields: IssueFields<keyof NewProduct | TradePricingField> = {
  name: 'name',
  sku: 'sku',
  availableQuantity: 'availableQuantity',
  orderQuantity: 'minOrderQuantity',
  perPartsPrice: 'unitPrice',
  description: 'description',
  img: 'image',
  category: 'category',
  ...tradePricingIssueFields,
};

/** Add a Product: the picture is uploaded first, then the tool is saved with its URL. */
export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (product: NewProduct) =>
      createTool(toCreateToolRequest(product, await uploadImage(product.image))),
    onSuccess: () => invalidateRoutes(queryClient, toolReads),
  });
}
