/** docs/spec.md §3: a product is in alert when its level is at or below its threshold. */
export const isAlert = (stock: number, alertThreshold: number): boolean => stock <= alertThreshold;
