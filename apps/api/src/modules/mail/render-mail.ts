import { company } from '@shop/shared/company';

/** One message's words: a greeting, paragraphs, an optional button, a closing line. */
export interface MailContent {
  subject: string;
  /**
   * The display name the greeting uses; null greets without one. A name is shown only to an
   * address that proved it is the account's (docs/behaviour.md §4.8): anyone can sign up with
   * someone else's address and a name that reads like an instruction or a link.
   */
  name: string | null;
  paragraphs: string[];
  /** The one action of the message: a link the button opens (also written out in the text part). */
  action?: { label: string; url: string };
  /** Under the button: how long the link lasts, what to do if the mail was unexpected. */
  afterword: string[];
  /** Where a reply goes, when not to MAIL_FROM (a contact message: its sender). */
  replyTo?: { name: string; address: string };
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Every value that reaches the HTML part goes through this: names and addresses are typed by users. */
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => escapes[char] ?? char);

// The shop's look (apps/web/src/index.css): the red primary, dark text on white, rounded cards.
const PRIMARY = '#b91c1c';
const TEXT = '#1f2937';
const MUTED = '#6b7280';

/**
 * The plain-text and HTML parts of one message. Inline styles only (mail clients drop style
 * sheets), no remote image and no tracking pixel: nothing is fetched when the mail is opened.
 */
export function renderMail(content: MailContent, shopUrl: string): RenderedMail {
  const footerLines = [company.name, ...company.addressLines, shopUrl];
  const greeting = content.name ? `Hello ${content.name},` : 'Hello,';
  const text = [
    greeting,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...content.afterword.flatMap((line) => [line, '']),
    '-- ',
    ...footerLines,
    '',
  ].join('\n');

  // pre-line: the line breaks a sender typed in a contact message stay line breaks.
  const paragraph = (words: string, color = TEXT) =>
    `<p style="margin:0 0 16px;color:${color};font-size:16px;line-height:24px;white-space:pre-line">${escapeHtml(words)}</p>`;
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:${PRIMARY};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:8px">${escapeHtml(content.action.label)}</a></p>` +
      paragraph(`Or open this address: ${content.action.url}`, MUTED)
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:24px 16px">
<div style="background:${PRIMARY};color:#ffffff;font-size:22px;font-weight:bold;padding:16px 24px;border-radius:8px 8px 0 0">Brushworks</div>
<div style="background:#ffffff;padding:24px;border-radius:0 0 8px 8px">
${paragraph(greeting)}
${content.paragraphs.map((words) => paragraph(words)).join('\n')}
${button}
${content.afterword.map((words) => paragraph(words, MUTED)).join('\n')}
</div>
<p style="margin:16px 0 0;color:${MUTED};font-size:12px;line-height:18px;text-align:center">${footerLines.map(escapeHtml).join('<br>')}</p>
</div>
</body></html>
`;
  return { subject: content.subject, text, html };
}
