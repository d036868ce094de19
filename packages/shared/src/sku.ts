/**
 * What a SKU may be made of (docs/behaviour.md §3.14): letters, digits, dots and dashes, from a
 * letter or a digit. A file of its own, so that the quick-order parser, which the pad's page
 * loads, does not bring the whole tool contract with it.
 */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9.-]*$/;
