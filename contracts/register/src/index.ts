/** @kermesse/contracts-register — the register domain's contract: back office, cash register, refunds, till, dashboard. */
export * from './schemas.ts';
export * from './errors.ts';
export * from './rules.ts';
export * from './refunds.ts';
export * from './dashboard.ts';
export * from './sales.ts';
export * from './catalog.ts';
export * from './mealDeal.ts';
export * from './drawer.ts';
export * from './answers.ts';
export * from './barcode.ts';
export { DONATION_PRODUCT_ID, QUANTITY_MAX, QUANTITY_MIN } from './cart.ts';
