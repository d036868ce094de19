import { useState } from 'react';
import type { ContactMessageBody } from '@shop/shared/contracts/contact';
import { callApi } from '@/lib/api-client';

interface SendCallbacks {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

/**
 * Sends the 'Stay connected' form to the shop (docs/behaviour.md §8.5). A plain request with its
 * own pending flag rather than a mutation hook: the block is on the home page, whose JavaScript
 * is budgeted (README: Page weight), and nothing caches what it answers.
 */
export function useSendContactMessage() {
  const [isPending, setIsPending] = useState(false);
  const mutate = (body: ContactMessageBody, { onSuccess, onError }: SendCallbacks) => {
    setIsPending(true);
    callApi('POST /contact', { body })
      .then(onSuccess, onError)
      .finally(() => setIsPending(false));
  };
  return { isPending, mutate };
}
