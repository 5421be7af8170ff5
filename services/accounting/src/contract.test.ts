/**
 * The contract's unit tests (SPEC §9 layout, the plan comptable, the FEC, amounts), run with the
 * service's tests until the root vitest configuration includes `contracts/*\/src/**\/*.test.ts`;
 * then this file goes.
 */
import '../../../contracts/accounting/src/layout.test.ts';
import '../../../contracts/accounting/src/plan.test.ts';
