/**
 * The demo card processor's test cards (docs/architecture.md, Runtime contract), shared by the
 * processor and the payment form's notice. No zod here: the payment page imports this file.
 */
export const DEMO_CARD_SUCCEEDS = '4242 4242 4242 4242';
export const DEMO_CARD_DECLINED = '4000 0000 0000 0002';
export const DEMO_DECLINE_MESSAGE = 'Your card was declined.';
