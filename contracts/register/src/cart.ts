/**
 * The register's cart, the same on the till and in the service (docs/spec.md §5, §9): the ids of the
 * two pseudo-products and the bounds of a line's quantity. Pure; the register screen loads it.
 */
export { MEAL_DEAL_PRODUCT_ID } from './mealDeal.ts';

/** Id of the donation pseudo-product: the client sends its amount, nothing else. */
export const DONATION_PRODUCT_ID = -1;
/** A cart line holds 1 to 50 of a product. */
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 50;
