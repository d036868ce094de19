import { callApi } from '@/lib/api-client';

/** Sends the picture as multipart/form-data in the field `image`; answers with its URL. */
export async function uploadImage(image: File): Promise<string> {
  const formData = new FormData();
  formData.append('image', image);
  const response = await callApi('POST /upload', { form: formData });
  if (!response.success) throw new Error('The picture could not be uploaded');
  return response.data.url;
}
