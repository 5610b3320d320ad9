import { translate, type Locale, type MessageKey } from '@portal/contract';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  locale: Locale;
  subject: MessageKey;
  /** Paragraphs of the body, each a message key; params fill their placeholders. */
  paragraphs: MessageKey[];
  params?: Record<string, string | number>;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Renders a mail in the recipient's language, as plain text and as HTML. */
export function render(message: MailMessage): { subject: string; text: string; html: string } {
  const params = message.params ?? {};
  const subject = translate(message.locale, message.subject, params);
  const paragraphs = message.paragraphs.map((key) => translate(message.locale, key, params));
  const signature = translate(message.locale, 'mail.signature');
  const text = [...paragraphs, `-- ${signature}`].join('\n\n');
  const html =
    `<!doctype html><html lang="${message.locale}"><body style="font-family:sans-serif">` +
    paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`).join('') +
    `<p style="color:#888">${escapeHtml(signature)}</p></body></html>`;
  return { subject, text, html };
}

/** nodemailer over SMTP_URL; without it each mail is written to the log, so a local trial can read codes there. */
export function createMailer(opts: { smtpUrl: string | undefined; from: string; log: FastifyBaseLogger }): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(message) {
      const { subject, text, html } = render(message);
      if (!transport) {
        opts.log.info({ mail: { to: message.to, subject } }, `mail to ${message.to}\n${text}`);
        return;
      }
      await transport.sendMail({ from: opts.from, to: message.to, subject, text, html, attachments: message.attachments ?? [] });
    },
    close() {
      transport?.close();
    },
  };
}
