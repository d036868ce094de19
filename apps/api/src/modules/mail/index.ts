/**
 * The shop's mail: one template per message, its look, and the mailer that sends it (SMTP, or
 * .eml files without SMTP_URL). Every module that writes to people uses it (docs/behaviour.md §4.8).
 */
export { createMailer, type MailAttachment, type Mailer } from './mailer';
export type { InvoiceMail, OrderMailLine, OrderMailOrder, OrderTemplateData } from './order-templates';
