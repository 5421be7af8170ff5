/**
 * `@kermesse/contracts-common/schemas`: TypeBox pieces every domain's schemas share — apart from the
 * package's main entry, which the gateway and the browser load without a schema library.
 */
import { Type, type StringOptions } from '@sinclair/typebox';
import { SPREADSHEET_SAFE_PATTERN } from './spreadsheet.ts';

/** A text typed by a person that may end up in an export (a name, a label): never a spreadsheet formula. */
export const SafeText = (options: StringOptions = {}) => Type.String({ ...options, pattern: SPREADSHEET_SAFE_PATTERN });
