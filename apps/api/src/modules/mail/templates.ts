import { companyTemplates, type CompanyTemplateData } from './company-templates';
import { orderTemplates, type OrderTemplateData } from './order-templates';
import type { MailContent } from './render-mail';

/** What each message needs besides the recipient (docs/behaviour.md §4.8, §5.12). */
export interface TemplateData extends OrderTemplateData, CompanyTemplateData {
  // `name` is null for an address that is not verified (render-mail.ts greets without it).
  'verify-email': { name: string | null; url: string };
  'reset-password': { name: string | null; url: string };
  'password-changed': { name: string | null; resetUrl: string };
  'email-changed': { name: string | null; newEmail: string; resetUrl: string };
  /** Quotes (docs/behaviour.md §5.24): the shop's prices are ready. */
  'quote-sent': {
    name: string | null;
    number: string;
    total: string;
    expiresOn: string;
    message: string | null;
    url: string;
  };
  'contact-message': {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    message: string;
    inboxUrl: string;
  };
}
export type TemplateName = keyof TemplateData;

const unexpected = 'If this was not you, reset your password now and write to us.';

/** The shop's messages: one function per template, words only (render-mail.ts does the look). */
export const templates: { [Name in TemplateName]: (data: TemplateData[Name]) => MailContent } = {
  ...orderTemplates,
  ...companyTemplates,
  'verify-email': ({ name, url }) => ({
    subject: 'Confirm your e-mail address',
    name,
    paragraphs: ['Thank you for signing up at Brushworks. Please confirm that this address is yours.'],
    action: { label: 'Confirm my address', url },
    afterword: ['The link works for 24 hours. If you did not sign up, ignore this mail.'],
  }),
  'reset-password': ({ name, url }) => ({
    subject: 'Reset your Brushworks password',
    name,
    paragraphs: ['Someone asked to reset the password of your Brushworks account.'],
    action: { label: 'Choose a new password', url },
    afterword: [
      'The link works once, for one hour. If you did not ask for it, ignore this mail: your password stays as it is.',
    ],
  }),
  'password-changed': ({ name, resetUrl }) => ({
    subject: 'Your Brushworks password was changed',
    name,
    paragraphs: ['The password of your Brushworks account was just changed.'],
    action: { label: 'Reset my password', url: resetUrl },
    afterword: [unexpected],
  }),
  'email-changed': ({ name, newEmail, resetUrl }) => ({
    subject: 'Your Brushworks e-mail address was changed',
    name,
    paragraphs: [`The e-mail address of your Brushworks account was changed to ${newEmail}.`],
    action: { label: 'Reset my password', url: resetUrl },
    afterword: [unexpected],
  }),
  'quote-sent': ({ name, number, total, expiresOn, message, url }) => ({
    subject: `Your quote ${number} is ready`,
    name,
    paragraphs: [
      `We have priced your quote ${number}: ${total} for the tools you asked about, before shipping and tax.`,
      ...(message ? [message] : []),
      `You may accept it until ${expiresOn}: the order is then placed at these prices.`,
    ],
    action: { label: 'See the quote', url },
    afterword: ['Questions about the quote? Reply to this mail or write to us from the Contact page.'],
  }),
  // To the shop (SHOP_EMAIL), answered straight to the sender (docs/behaviour.md §8.6).
  'contact-message': ({ firstName, lastName, email, phone, message, inboxUrl }) => {
    const sender = [firstName, lastName].filter(Boolean).join(' ');
    return {
      subject: `Contact form: message from ${sender}`,
      name: 'Brushworks team',
      replyTo: { name: sender, address: email },
      paragraphs: [
        `${sender} <${email}>${phone ? `, phone ${phone}` : ''} wrote with the contact form:`,
        ...message
          .split(/\r?\n\s*\r?\n/)
          .map((paragraph) => paragraph.trim())
          .filter(Boolean),
      ],
      action: { label: 'Open the inbox', url: inboxUrl },
      afterword: ["Reply to this mail to answer: it goes to the sender's address."],
    };
  },
};
