import { z } from 'zod';
import { UPLOAD_MAX_BYTES } from '@shop/shared/constants';
import { copy } from '@shop/shared/copy';
import { createToolBody } from '@shop/shared/contracts/tools';

const tool = createToolBody.shape;

/**
 * Number inputs give text; we read them as whole numbers as parseInt does ('12.7' is 12). An empty
 * or unreadable one counts as missing, so the shared rule answers with its 'required' message
 * (docs/behaviour.md §6.5).
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
export const addProductFormSchema = z.object({
  name: tool.name,
  availableQuantity: wholeNumberInput(tool.availableQuantity),
  minOrderQuantity: wholeNumberInput(tool.orderQuantity),
  unitPrice: wholeNumberInput(tool.perPartsPrice),
  description: tool.description,
  image: imageInput,
});

export type AddProductFormInput = z.input<typeof addProductFormSchema>;
export type AddProductFormValues = z.output<typeof addProductFormSchema>;

/** The picture has no default: a file input starts empty. */
export const emptyAddProductForm: Omit<AddProductFormInput, 'image'> = {
  name: '',
  availableQuantity: '',
  minOrderQuantity: '',
  unitPrice: '',
  description: '',
};
