import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateToolBody } from '@shop/shared/contracts/tools';
import { callApi } from '@/lib/api-client';
import { toTool, type Tool } from '@/lib/domain/tool';
import type { IssueFields } from '@/lib/field-issues';
import { invalidateRoutes, toolReads } from '@/lib/queries/invalidate-routes';
import {
  tradePricingIssueFields,
  type TradePricingField,
  type TradePricingValues,
} from '../components/trade-pricing-form';
import { uploadImage } from './upload-image';

/** What the Edit form gives: the fields in the web app's names, and a new picture if one was chosen. */
export type EditedProduct = Pick<
  Tool,
  'name' | 'sku' | 'minOrderQuantity' | 'unitPrice' | 'description' | 'category' | 'lowStockThreshold'
> &
  TradePricingValues & {
    image: File | undefined;
  };

export const editedProductIssueFields: IssueFields<keyof EditedProduct | TradePricingField> = {
  name: 'name',
  sku: 'sku',
  orderQuantity: 'minOrderQuantity',
  perPartsPrice: 'unitPrice',
  description: 'description',
  category: 'category',
  img: 'image',
  lowStockThreshold: 'lowStockThreshold',
  ...tradePricingIssueFields,
};

const toUpdateToolBody = (product: EditedProduct, imageUrl: string | undefined): UpdateToolBody => ({
  name: product.name,
  sku: product.sku,
  orderQuantity: product.minOrderQuantity,
  perPartsPrice: product.unitPrice,
  description: product.description,
  // Still uncategorised: left out, so the edit changes the other fields only (§3.2).
  ...(product.category !== null && { category: product.category }),
  lowStockThreshold: product.lowStockThreshold,
  packSize: product.packSize,
  maxOrderQuantity: product.maxOrderQuantity,
  shipPrice: product.shipPrice,
  priceBreaks: product.priceBreaks,
  ...(imageUrl && { img: imageUrl }),
});

/** Edit product (docs/behaviour.md §3.10): a new picture is uploaded first, then the tool is saved. */
export function useEditProduct(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (product: EditedProduct) => {
      const imageUrl = product.image ? await uploadImage(product.image) : undefined;
      return toTool(
        await callApi('PATCH /tool/:id', { params: { id }, body: toUpdateToolBody(product, imageUrl) }),
      );
    },
    onSuccess: () => invalidateRoutes(queryClient, toolReads),
  });
}
