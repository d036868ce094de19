import { useState } from 'react';
import { contactCopy } from '@shop/shared/contact-copy';
import type { ContactFilter } from '@shop/shared/contracts/contact';
import { PagedList } from '@/components/ui/paged-list';
import { ToggleGroup } from '@/components/ui/toggle-group';
import { usePageTitle } from '@/components/ui/use-page-title';
import { useContactMessages } from '../api/contact-messages';
import { MessageDetail } from './message-detail';
import { formatSentAt, preview, senderName } from './message-format';

const filters: { value: ContactFilter; label: string }[] = [
  { value: 'inbox', label: 'Inbox' },
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
  { value: 'archived', label: 'Archived' },
];

/**
 * /dashboard/inbox (admin): the messages sent with the 'Stay connected' form, newest first,
 * filtered by state, 'Load more' for older ones (docs/behaviour.md §8.7).
 */
export function InboxPage() {
  usePageTitle('Inbox');
  const [filter, setFilter] = useState<ContactFilter>('inbox');
  const [openId, setOpenId] = useState<string | null>(null);
  const messages = useContactMessages(filter);
  const unreadCount = messages.data?.pages[0]?.unreadCount;

  return (
    <section aria-labelledby="inbox-heading">
      <div className="mb-4 flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h2 id="inbox-heading" className="text-xl font-semibold">
          Inbox
        </h2>
        {unreadCount !== undefined && (
          <p className="text-sm" aria-live="polite">
            {unreadCount === 1 ? '1 unread message' : `${unreadCount} unread messages`}
          </p>
        )}
      </div>
      <div className="mb-4">
        <ToggleGroup label="Show messages" options={filters} value={filter} onChange={setFilter} />
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        {openId && (
          <div className="lg:sticky lg:top-20 lg:order-2">
            <MessageDetail id={openId} onClose={() => setOpenId(null)} />
          </div>
        )}
        <div className="lg:order-1">
          <PagedList query={messages} loadingLabel="Loading messages" empty={<p>{contactCopy.inboxEmpty}</p>}>
            {(items) => (
              <ul aria-label="Messages" className="flex flex-col gap-2">
                {items.map((message) => {
                  const isUnread = message.state === 'unread';
                  return (
                    <li key={message._id}>
                      <button
                        type="button"
                        aria-current={openId === message._id ? 'true' : undefined}
                        onClick={() => setOpenId(message._id)}
                        className={`rounded-box border-base-300 hover:bg-base-200 flex w-full flex-col gap-1 border p-3 text-left ${
                          openId === message._id ? 'bg-base-200 border-primary' : ''
                        }`}
                      >
                        <span className="flex flex-wrap items-center gap-2">
                          <span className={isUnread ? 'font-bold' : 'font-medium'}>
                            {senderName(message)}
                          </span>
                          {isUnread && <span className="badge badge-primary badge-sm">Unread</span>}
                          {message.state === 'archived' && <span className="badge badge-sm">Archived</span>}
                          <time dateTime={message.createdAt} className="ml-auto text-sm">
                            {formatSentAt(message.createdAt)}
                          </time>
                        </span>
                        <span className="text-sm break-all">{message.email}</span>
                        <span className="text-sm break-words">{preview(message.message)}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </PagedList>
        </div>
      </div>
    </section>
  );
}
