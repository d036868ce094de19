import { useEffect, useRef } from 'react';
import { contactCopy } from '@shop/shared/contact-copy';
import { BreakableEmail } from '@/components/ui/breakable-email';
import { QueryErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { toastFailure } from '@/lib/failure-toast';
import { useContactMessage, useSetContactState } from '../api/contact-messages';
import { formatSentAt, replyHref, senderName } from './message-format';

/**
 * One opened message: opening it marks it read (docs/behaviour.md §8.7); Reply opens the
 * sender's address in the admin's mail program with the subject filled in.
 */
export function MessageDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const message = useContactMessage(id);
  const setState = useSetContactState();
  const heading = useRef<HTMLHeadingElement>(null);
  const markedRead = useRef<string | null>(null);

  const data = message.data;
  useEffect(() => {
    if (data?.state !== 'unread' || markedRead.current === data._id) return;
    markedRead.current = data._id;
    setState.mutate({ id: data._id, state: 'read' }, { onError: (error) => toastFailure(error) });
  }, [data, setState]);

  // The opened message takes the focus (and so comes into view on a small screen).
  useEffect(() => {
    if (data) heading.current?.focus();
  }, [data?._id]); // eslint-disable-line react-hooks/exhaustive-deps -- once per message, not per state change

  if (message.isPending) return <Spinner label="Loading message" />;
  if (message.isError) return <QueryErrorState query={message} />;
  const m = message.data;

  const change = (state: 'unread' | 'archived' | 'read', done: string) =>
    setState.mutate(
      { id: m._id, state },
      { onSuccess: () => toast.success(done), onError: (error) => toastFailure(error) },
    );

  return (
    <article aria-labelledby="message-heading" className="card bg-base-200">
      <div className="card-body gap-3">
        <h3 id="message-heading" ref={heading} tabIndex={-1} className="card-title outline-none">
          {senderName(m)}
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-medium">Email</dt>
          <dd>
            <BreakableEmail email={m.email} />
          </dd>
          {m.phone && (
            <>
              <dt className="font-medium">Phone</dt>
              <dd>{m.phone}</dd>
            </>
          )}
          <dt className="font-medium">Sent</dt>
          <dd>
            <time dateTime={m.createdAt}>{formatSentAt(m.createdAt)}</time>
          </dd>
          <dt className="font-medium">State</dt>
          <dd>{m.state === 'archived' ? 'Archived' : m.state === 'read' ? 'Read' : 'Unread'}</dd>
        </dl>
        <p className="bg-base-100 rounded-box p-4 break-words whitespace-pre-line">{m.message}</p>
        <div className="card-actions flex-wrap">
          <a className="btn btn-primary btn-sm" href={replyHref(m)}>
            Reply
          </a>
          {m.state === 'archived' ? (
            <button
              type="button"
              className="btn btn-sm"
              disabled={setState.isPending}
              onClick={() => change('read', contactCopy.unarchived)}
            >
              Unarchive
            </button>
          ) : (
            <>
              <button
                type="button"
                className="btn btn-sm"
                disabled={setState.isPending}
                onClick={() => change('archived', contactCopy.archived)}
              >
                Archive
              </button>
              <button
                type="button"
                className="btn btn-sm"
                disabled={setState.isPending}
                onClick={() => {
                  markedRead.current = m._id; // stays unread until opened again
                  change('unread', contactCopy.markedUnread);
                }}
              >
                Mark unread
              </button>
            </>
          )}
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </article>
  );
}
