import { z } from 'zod';
import { UPLOAD_MAX_BYTES } from '@shop/shared/constants';
import { copy } from '@shop/shared/copy';
import { createToolBody, toolFields } from '@shop/shared/contracts/tools';
import { checkTradePricing, emptyTradePricingForm, tradePricingFormFields } from './trade-pricing-form';

const tool = createToolBody.shape;

/**
 * Number inputs give text; we read them as whole numbers as parseInt does ('12.7' is 12). An empty
 * or unreadable one counts as missing, so the shared rule answers with its 'required' message
 * (docs/behaviour.md §3.8).
 */
const wholeNumberInput = <T extends z.ZodType>(rule: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const number = Number.parseInt(value, 10);
    return Number.isNaN(number) ? undefined : number;
  }, rule);

const imageInput = z
  .custom<FileList>((value) => value instanceof FileList && value.length > 0, { error: copy.imageRequired })
  .transform((files) => files[0]!)
  .refine((file) => file.type.startsWith('image/'), 'Choose an image file')
  .refine(
    (file) => file.size <= UPLOAD_MAX_BYTES,
    `The picture must be ${UPLOAD_MAX_BYTES / 1024 / 1024} MB or smaller`,
  );

/**
 * The Add a Product form: the shared createToolBody rules under the web app's field names, with a
 * picture file instead of `img`. useAddProduct maps the values back to the request's names.
 */
const addProductFields = z.object({
  name: tool.name,
  // Optional when adding: left empty, the shop makes one up (docs/behaviour.md §3.14).
  sku: z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(toolFields.sku.optional()),
  availableQuantity: wholeNumberInput(tool.availableQuantity),
  minOrderQuantity: wholeNumberInput(tool.orderQuantity),
  unitPrice: wholeNumberInput(tool.perPartsPrice),
  description: tool.description,
  // The select gives text; '' is 'Uncategorised', a tool with no category (docs/behaviour.md §3.2).
  category: z
    .string()
    .transform((value) => value || null)
    .pipe(toolFields.category.nullable()),
  image: imageInput,
  ...tradePricingFormFields,
});

export const addProductFormSchema = addProductFields.superRefine(checkTradePricing);

export type AddProductFormInput = z.input<typeof addProductFormSchema>;
export type AddProductFormValues = z.output<typeof addProductFormSchema>;

/**
 * The picture has no default: a file input starts empty. The category starts at 'Uncategorised':
 * optional, as in the spec's form (docs/behaviour.md §3.2).
 */
export const emptyAddProductForm: Omit<AddProductFormInput, 'image'> = {
  name: '',
  sku: '',
  availableQuantity: '',
  minOrderQuantity: '',
  unitPrice: '',
  description: '',
  category: '',
  ...emptyTradePricingForm,
};

/** An empty box means the default line (docs/behaviour.md §3.13). */
const optionalWholeNumberInput = <T extends z.ZodType>(rule: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return null;
    const number = Number.parseInt(value, 10);
    return Number.isNaN(number) ? value : number;
  }, rule);

/**
 * The Edit product form (docs/behaviour.md §3.10): the same fields and rules as adding, without
 * the stock (it changes only through Restock), with an optional new picture and an optional
 * low-stock line. The trade pricing is edited too, under the same rules across fields.
 */
export const editProductFormSchema = addProductFields
  .omit({ availableQuantity: true, image: true })
  .extend({
    // A tool has a SKU once added: an edit may change it, not empty it.
    sku: toolFields.sku,
    image: z
      .custom<FileList | undefined>((value) => value === undefined || value instanceof FileList)
      .transform((files) => files?.[0])
      .refine((file) => !file || file.type.startsWith('image/'), 'Choose an image file')
      .refine(
        (file) => !file || file.size <= UPLOAD_MAX_BYTES,
        `The picture must be ${UPLOAD_MAX_BYTES / 1024 / 1024} MB or smaller`,
      ),
    lowStockThreshold: optionalWholeNumberInput(toolFields.lowStockThreshold),
  })
  .superRefine(checkTradePricing);

export type EditProductFormInput = z.input<typeof editProductFormSchema>;
export type EditProductFormValues = z.output<typeof editProductFormSchema>;
