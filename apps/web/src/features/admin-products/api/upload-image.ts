import { apiPaths } from '@shop/shared/api-paths';
import type { UploadResponse } from '@shop/shared/contracts/upload';
import { apiRequest } from '@/lib/api-client';

/** Sends the picture as multipart/form-data in the field `image`; answers with its URL. */
export async function uploadImage(image: File): Promise<string> {
  const formData = new FormData();
  formData.append('image', image);
  const response = await apiRequest<UploadResponse>(apiPaths.upload, { method: 'POST', body: formData });
  if (!response.success) throw new Error('The picture could not be uploaded');
  return response.data.url;
}
