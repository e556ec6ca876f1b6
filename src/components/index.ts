// The presentational components (props in, callbacks out; none imports src/api or machines).
// Screens import from here: `import { Navbar, Banner } from '../../components';`.
export { Banner, type BannerProps } from './banner';
export { CancelsBadge, StatusBadge } from './badge';
export { Checkbox, type CheckboxProps } from './checkbox';
export { CountrySelect, DEFAULT_COUNTRY_CODE, type CountrySelectProps } from './country-select';
export { DateText, type DateTextProps } from './date-text';
export { EmailEntry, type EmailEntryProps } from './email-entry';
export { Faq, type FaqProps } from './faq';
export { Footer, type FooterProps } from './footer';
export { ImagePicker, type ImagePickerProps } from './image-picker';
export { LandingFeatures } from './landing-features';
export { LandingHero, type LandingHeroProps } from './landing-hero';
export { Logo, type LogoProps } from './logo';
export { useMessageText, type MessageLike, type MessageValues } from './message-like';
export { Money, useFormatMoney, type MoneyProps } from './money';
export { Navbar, type NavbarLanguage, type NavbarProps } from './navbar';
export { PasswordField, type PasswordFieldProps } from './password-field';
export { PlanGrid, type PlanGridProps } from './plan-grid';
export { PlanStrip, type PlanStripProps } from './plan-strip';
export { PlanTable, type PlanTableProps } from './plan-table';
export { planMessages, topTierId, usePlanTexts, type PlanInterval, type PlanTexts, type PlanView } from './plan-view';
export { PricingNotes } from './pricing-notes';
export { Spinner, type SpinnerProps } from './spinner';
export { StepHeader, type StepHeaderProps } from './step-header';
export { Tabs, type TabItem, type TabsProps } from './tabs';
export { TextField, type TextFieldProps } from './text-field';
