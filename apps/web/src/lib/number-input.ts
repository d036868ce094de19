import { z } from 'zod';

/**
 * A number box's text as a number; empty (or not a number) as missing, for the rule's message.
 * The back office's forms check each amount with the API's own rule from the shared contract
 * (a contract price, payment terms, a quote's prices) on the box's text.
 */
export const numberInput = <T extends z.ZodType>(rule: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return undefined;
    const number = Number(value);
    return Number.isNaN(number) ? undefined : number;
  }, rule);

/** The attributes of a box for a price or an amount in dollars, whole cents, at least $0.01. */
export const dollarsBox = { type: 'number', inputMode: 'decimal', min: 0.01, step: 0.01 } as const;
