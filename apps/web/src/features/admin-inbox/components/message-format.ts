import type { ContactMessage } from '@shop/shared/contracts/contact';

type Sender = Pick<ContactMessage, 'firstName' | 'lastName'>;

export const senderName = ({ firstName, lastName }: Sender) =>
  [firstName, lastName].filter(Boolean).join(' ');

const sentAt = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
export const formatSentAt = (iso: string) => sentAt.format(new Date(iso));

const REPLY_SUBJECT = 'Re: your message to Brushworks';

/** The sender's address in the admin's mail program, the subject filled in. */
export const replyHref = ({ email }: Pick<ContactMessage, 'email'>) =>
  `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}?subject=${encodeURIComponent(REPLY_SUBJECT)}`;

/** The first words of a message, for the list. */
export function preview(message: string, length = 120): string {
  const oneLine = message.replace(/\s+/g, ' ').trim();
  return oneLine.length > length ? `${oneLine.slice(0, length - 1)}…` : oneLine;
}
