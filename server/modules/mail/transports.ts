// The two places a rendered email can go: an SMTP server through nodemailer (SMTP_URL), or
// nowhere but the outbox row itself, which the sandbox mailbox (/sandbox/mail) then shows.
import nodemailer from 'nodemailer';
import type { MailTransport } from './delivery';

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        // The same id on every attempt: a retried send is recognisably the same message.
        messageId: `<${message.id}@fitstream.mail>`,
      });
    },
    async close() {
      transporter.close();
    },
  };
}

/** The embedded default: the row, once marked sent with transport 'sandbox', is the delivered message. */
export function sandboxTransport(): MailTransport {
  return { name: 'sandbox', async send() {}, async close() {} };
}
