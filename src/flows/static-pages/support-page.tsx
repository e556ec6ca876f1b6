// Customer support page (/support): hours (Monday to Friday, 9 AM to 5 PM), the issues support
// handles, and the phone line shown through the {phone} message argument.
import { defineMessages } from 'react-intl';
import { StaticPage } from './static-page';

/** Placeholder line (555-01xx numbers are reserved for fiction); set the real one here. */
export const SUPPORT_PHONE = '+1 (555) 010-0199';
export const SUPPORT_EMAIL = 'support@fitstream.example';

const m = defineMessages({
  title: { id: 'static.support.title', defaultMessage: 'Customer Support' },
  intro: {
    id: 'static.support.intro',
    defaultMessage: 'We are here to help you get the most out of FitStream. Tell us what happened and we will get back to you as soon as we can.',
  },
  hoursHeading: { id: 'static.support.hours.heading', defaultMessage: 'Opening hours' },
  hours: { id: 'static.support.hours.text', defaultMessage: 'Monday to Friday, 9 AM to 5 PM (local time). Messages sent outside these hours are answered on the next working day.' },
  issuesHeading: { id: 'static.support.issues.heading', defaultMessage: 'What we can help with' },
  payment: { id: 'static.support.issues.payment', defaultMessage: 'Payment problems: declined cards, double charges, refunds and invoices.' },
  access: { id: 'static.support.issues.access', defaultMessage: 'Access issues: signing in, resetting your password, or a subscription that does not show.' },
  technical: { id: 'static.support.issues.technical', defaultMessage: 'Technical errors: videos that do not play, buffering, or error messages in the app.' },
  feedback: { id: 'static.support.issues.feedback', defaultMessage: 'Feedback: ideas for new classes, features you miss, or anything we could do better.' },
  contactHeading: { id: 'static.support.contact.heading', defaultMessage: 'How to reach us' },
  phone: { id: 'static.support.contact.phone', defaultMessage: 'Phone: {phone}' },
  email: { id: 'static.support.contact.email', defaultMessage: 'Email: {email}' },
  tip: {
    id: 'static.support.contact.tip',
    defaultMessage: 'To help us answer quickly, include the email address of your account and, for payment questions, the date of the charge. Never send us your full card number or password.',
  },
});

export default function SupportPage() {
  return (
    <StaticPage
      title={m.title}
      intro={[m.intro]}
      values={{ phone: SUPPORT_PHONE, email: SUPPORT_EMAIL }}
      sections={[
        { heading: m.hoursHeading, paragraphs: [m.hours] },
        { heading: m.issuesHeading, items: [m.payment, m.access, m.technical, m.feedback] },
        { id: 'contact', heading: m.contactHeading, items: [m.phone, m.email], after: [m.tip] },
      ]}
    />
  );
}
