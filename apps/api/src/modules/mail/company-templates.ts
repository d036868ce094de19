import type { MailContent } from './render-mail';

/** The trade accounts' messages (docs/behaviour.md §4.18): words only, render-mail.ts does the look. */
export interface CompanyTemplateData {
  'company-approved': { name: string | null; companyName: string; companyUrl: string };
  'company-declined': { name: string | null; companyName: string; reason: string; companyUrl: string };
  'company-invitation': {
    companyName: string;
    invitedBy: string;
    role: string;
    url: string;
    days: number;
  };
  'order-approval-requested': {
    name: string | null;
    buyerName: string;
    companyName: string;
    orderSummary: string;
    total: string;
    limit: string;
    orderUrl: string;
  };
  'order-approval-decided': {
    name: string | null;
    orderSummary: string;
    approved: boolean;
    reason: string | null;
    orderUrl: string;
  };
}

type CompanyTemplates = {
  [Name in keyof CompanyTemplateData]: (data: CompanyTemplateData[Name]) => MailContent;
};

export const companyTemplates: CompanyTemplates = {
  'company-approved': ({ name, companyName, companyUrl }) => ({
    subject: `Your trade account for ${companyName} is open`,
    name,
    paragraphs: [
      `We approved the trade account of ${companyName}. You are its first company admin: invite your colleagues and set what each may do.`,
    ],
    action: { label: 'Open your company', url: companyUrl },
    afterword: ['Your colleagues see your contract prices once they accept their invitations.'],
  }),
  'company-declined': ({ name, companyName, reason, companyUrl }) => ({
    subject: `Your trade account application for ${companyName}`,
    name,
    paragraphs: [`We could not approve the trade account of ${companyName}.`, `Our reason: ${reason}`],
    action: { label: 'Apply again', url: companyUrl },
    afterword: ['You can still order as a customer at list prices.'],
  }),
  // To an address that may have no account yet: no name to greet.
  'company-invitation': ({ companyName, invitedBy, role, url, days }) => ({
    subject: `${invitedBy} invites you to ${companyName} at Brushworks`,
    name: null,
    paragraphs: [`${invitedBy} invites you to join ${companyName}'s trade account at Brushworks as ${role}.`],
    action: { label: 'Accept the invitation', url },
    afterword: [
      `The link works once, for ${days} days, for this address: sign up or sign in with it to accept. If you did not expect it, ignore this mail.`,
    ],
  }),
  'order-approval-requested': ({ name, buyerName, companyName, orderSummary, total, limit, orderUrl }) => ({
    subject: `Approval needed: ${buyerName}'s order of ${orderSummary}`,
    name,
    paragraphs: [
      `${buyerName} ordered ${orderSummary} for ${companyName}, ${total} in all, above their limit of ${limit} per order.`,
      'The stock is held while the order waits. Approve it to send it on to payment, or decline it with a reason.',
    ],
    action: { label: 'Review the order', url: orderUrl },
    afterword: ['You get this mail as one of the company admins.'],
  }),
  'order-approval-decided': ({ name, orderSummary, approved, reason, orderUrl }) => ({
    subject: approved ? `Approved: your order of ${orderSummary}` : `Declined: your order of ${orderSummary}`,
    name,
    paragraphs: approved
      ? ['Your order was approved. It can be paid now.']
      : ['Your order was declined and cancelled; its stock is back in the shop.', `The reason: ${reason}`],
    action: { label: approved ? 'Pay the order' : 'See the order', url: orderUrl },
    afterword: ["Questions about it? Ask your company's admins."],
  }),
};
