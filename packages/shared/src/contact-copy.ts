/**
 * The words of contact messages and the admin inbox (docs/behaviour.md §8.5). The original has
 * no such screens; these are ours, kept in one place as the spec's copy is (copy.ts).
 */
export const contactCopy = {
  firstNameRequired: 'Please enter your first name',
  messageRequired: 'Please write your message',
  phoneInvalid: 'Enter a valid phone number, or leave it empty',
  sent: 'Thank you! Your message is on its way. We answer within one working day.',
  inboxEmpty: 'No messages here.',
  archived: 'Message archived',
  unarchived: 'Message moved back to the inbox',
  markedUnread: 'Message marked unread',
} as const;

/** Length limits of the contact form, here rather than in the contract so the page loads no zod. */
export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;
