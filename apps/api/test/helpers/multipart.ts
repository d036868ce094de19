export interface FilePart {
  field: string;
  bytes: Buffer | string;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export async function multipart(parts: (FilePart | { field: string; value: string })[]) {
  const form = new FormData();
  for (const part of parts) {
    if ('value' in part) {
      form.append(part.field, part.value);
    } else {
      const bytes = typeof part.bytes === 'string' ? Buffer.from(part.bytes) : part.bytes;
      form.append(
        part.field,
        new Blob([new Uint8Array(bytes)], { type: part.type ?? 'application/octet-stream' }),
        part.filename ?? 'picture',
      );
    }
  }
  const encoded = new Response(form);
  return {
    contentType: encoded.headers.get('content-type')!,
    payload: Buffer.from(await encoded.arrayBuffer()),
  };
}
