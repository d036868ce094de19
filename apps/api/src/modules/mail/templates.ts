import type { MailContent } from './render-mail';

/** What each message needs besides the recipient (docs/behaviour.md §11). */
export interface TemplateData {
  'verify-email': { name: string; url: string };
  'reset-password': { name: string; url: string };
  'password-changed': { name: string; resetUrl: string };
  'email-changed': { name: string; newEmail: string; resetUrl: string };
}
export type TemplateName = keyof TemplateData;

const unexpected = 'If this was not you, reset your password now and write to us.';

/** The shop's messages: one function per template, words only (render-mail.ts does the look). */
export const templates: { [Name in TemplateName]: (data: TemplateData[Name]) => MailContent } = {
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
};
