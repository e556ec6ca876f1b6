// Footer: the legal and information links every page offers. Help and contact are the support
// page (its "How to reach us" section); cookies and storage, the page that says what the app keeps.
import { Link } from 'wouter';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { routes } from '@domain/routes';

const messages = defineMessages({
  label: { id: 'footer.label', defaultMessage: 'Footer' },
  questions: { id: 'footer.questions', defaultMessage: 'Questions? Our support team is here to help.' },
  terms: { id: 'footer.terms', defaultMessage: 'Terms of Use' },
  privacy: { id: 'footer.privacy', defaultMessage: 'Privacy' },
  support: { id: 'footer.support', defaultMessage: 'Customer Support' },
  eula: { id: 'footer.eula', defaultMessage: 'End User License Agreement' },
  dmca: { id: 'footer.dmca', defaultMessage: 'DMCA' },
  changelog: { id: 'footer.changelog', defaultMessage: 'What’s new' },
  helpCentre: { id: 'footer.helpCentre', defaultMessage: 'Help Centre' },
  cookies: { id: 'footer.cookies', defaultMessage: 'Cookies and storage' },
  contact: { id: 'footer.contact', defaultMessage: 'Contact Us' },
});

const copyright = defineMessage<{ year: number }>({
  id: 'footer.copyright',
  defaultMessage: '© {year} FitStream. All rights reserved.',
});

const LINKS = [
  { href: '/terms', label: messages.terms },
  { href: '/privacy', label: messages.privacy },
  { href: '/support', label: messages.support },
  { href: '/eula', label: messages.eula },
  { href: '/dmca', label: messages.dmca },
  { href: '/changelog', label: messages.changelog },
  { href: '/support', label: messages.helpCentre },
  { href: routes.support.href('contact'), label: messages.contact },
  { href: '/cookies', label: messages.cookies },
] as const;

export interface FooterProps {
  year?: number;
}

export function Footer({ year = new Date().getFullYear() }: FooterProps) {
  const intl = useIntl();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <p className="footer__questions">{intl.formatMessage(messages.questions)}</p>
        <nav aria-label={intl.formatMessage(messages.label)}>
          <ul className="footer__links">
            {LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className="footer__link">
                  {intl.formatMessage(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="footer__copyright">{intl.formatMessage(copyright, { year })}</p>
      </div>
    </footer>
  );
}
