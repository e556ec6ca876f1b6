// The settings of mail: the SMTP server (the sandbox mailbox without one), the From, and how
// often the outbox is looked at.
import { configSection, integer, text } from '@server/settings';

export interface MailConfig {
  /** Mail goes through this SMTP server (nodemailer URL); without it, to the sandbox mailbox. */
  smtpUrl: string | null;
  /** The From of every email (MAIL_FROM). */
  mailFrom: string;
  /** How often this instance looks for mail to send, in ms (MAIL_POLL_MS); 0: never (tests drive it). */
  mailPollMs: number;
}

export const mailConfig = configSection({
  name: 'mail',
  file: 'server/modules/mail/config.ts',
  settings: {
    SMTP_URL: text({
      pattern: '^smtps?://[^/]',
      expected: 'an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com',
      secret: true,
      description:
        'send email through this SMTP server (`smtp://` or `smtps://user:password@host:port`, as nodemailer reads it); unset, emails go to the [sandbox mailbox](#email-and-the-sandbox-mailbox)',
    }),
    MAIL_FROM: text({
      pattern: '^[^<>@\\s]+@[^<>@\\s]+$|<[^<>@\\s]+@[^<>@\\s]+>$',
      expected: 'an address, e.g. "FitStream <no-reply@example.com>"',
      defaultText: '`FitStream <no-reply@<PUBLIC_URL host>>`',
      description: 'the From of every email',
    }),
    MAIL_POLL_MS: integer({ minimum: 0, maximum: 3_600_000, default: 1000, description: 'how often each instance looks for email to send (`0`: never)' }),
  },
  derive(values, before: { publicUrl: string; sandboxMailbox: boolean }, { production, warn }): MailConfig {
    if (values.SMTP_URL === null && production) {
      warn('SMTP_URL is not set: emails are not delivered, only kept in the database' + (before.sandboxMailbox ? ' (readable at /sandbox/mail).' : '.'));
    }
    return {
      smtpUrl: values.SMTP_URL,
      mailFrom: values.MAIL_FROM ?? `FitStream <no-reply@${new URL(before.publicUrl).hostname}>`,
      mailPollMs: values.MAIL_POLL_MS,
    };
  },
});
