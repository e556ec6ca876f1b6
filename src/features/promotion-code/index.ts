// A promotion code typed on /pricing or on Billing (decision 069): the field over its child machine.
export { PromotionCodeField, type PromotionCodeFieldProps } from './promotion-code-field';
