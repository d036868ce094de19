import { DEMO_CARD_DECLINED, DEMO_DECLINE_MESSAGE } from '@shop/shared/demo-cards';

export interface DemoCard {
  number: string;
  expMonth: number;
  /** Two digits (27) or four (2027). */
  expYear: number;
  cvc: string;
}

const digitsOf = (number: string) => number.replace(/[\s-]/g, '');

/**
 * Stripe's test cards that fail, with Stripe's messages; any other valid card succeeds
 * (4242 4242 4242 4242 is the one the form suggests).
 */
const failingCards: Record<string, string> = {
  [digitsOf(DEMO_CARD_DECLINED)]: DEMO_DECLINE_MESSAGE,
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
  '4000000000000119': 'An error occurred while processing your card. Try again in a little bit.',
};

/** The Luhn checksum every card number carries in its last digit. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * What the demo processor says about a card: null when it is charged, otherwise the message a
 * card processor would give (Stripe's wording). Checked in the order a processor would: the
 * number, the expiry, the security code, then the card's own answer.
 */
export function checkDemoCard(card: DemoCard, now: Date): string | null {
  const digits = digitsOf(card.number);
  if (!/^\d*$/.test(digits)) return 'Your card number is invalid.';
  if (digits.length < 13) return 'Your card number is incomplete.';
  if (digits.length > 19 || !passesLuhn(digits)) return 'Your card number is incorrect.';

  if (card.expMonth < 1 || card.expMonth > 12) return "Your card's expiration month is invalid.";
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  // A card is valid through the last day of its expiry month.
  const firstDayAfterExpiry = Date.UTC(year, card.expMonth, 1);
  if (firstDayAfterExpiry <= now.getTime()) return 'Your card has expired.';
  if (year > now.getUTCFullYear() + 50) return "Your card's expiration year is invalid.";

  const isAmex = /^3[47]/.test(digits);
  if (!/^\d*$/.test(card.cvc) || card.cvc.length < (isAmex ? 4 : 3)) {
    return "Your card's security code is incomplete.";
  }
  if (card.cvc.length > (isAmex ? 4 : 3)) return "Your card's security code is invalid.";

  return failingCards[digits] ?? null;
}
