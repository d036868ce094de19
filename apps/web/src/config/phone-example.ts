/**
 * The phone inputs' placeholder: plainly an example to copy the shape of, not a masked number
 * that reads as if something were already filled in.
 */
export const PHONE_EXAMPLE = 'e.g. +1 555 0100';
