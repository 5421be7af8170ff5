/**
 * Each hosted association's limits (docs/hosting.md, « Limits per association »): the host's own
 * value where it set one, else the installation's default (`KERMESSE_LIMIT_*`, read at boot).
 */
import type { AssociationLimits, AssociationLimitsOverride, HostedAssociationChange } from '@kermesse/contracts-identity';
import type { DirectoryRow } from './repositories/directory.ts';

const numberOrNull = (value: string | number | null): number | null => (value === null ? null : Number(value));

/** What the host set for the association (null where the default applies). */
export function limitsOverrideOf(row: DirectoryRow): AssociationLimitsOverride {
  return {
    requestsPerSecond: row.requests_per_second,
    uploadBytes: numberOrNull(row.upload_bytes),
    storageBytes: numberOrNull(row.storage_bytes),
  };
}

/** The limits in effect for the association. */
export function limitsOf(row: DirectoryRow, defaults: AssociationLimits): AssociationLimits {
  const own = limitsOverrideOf(row);
  return {
    requestsPerSecond: own.requestsPerSecond ?? defaults.requestsPerSecond,
    uploadBytes: own.uploadBytes ?? defaults.uploadBytes,
    storageBytes: own.storageBytes ?? defaults.storageBytes,
  };
}

/** The columns a change writes: only the limits it names (null puts the default back). */
export function limitColumns(change: HostedAssociationChange['limits']) {
  return {
    ...(change.requestsPerSecond !== undefined ? { requests_per_second: change.requestsPerSecond } : {}),
    ...(change.uploadBytes !== undefined ? { upload_bytes: change.uploadBytes } : {}),
    ...(change.storageBytes !== undefined ? { storage_bytes: change.storageBytes } : {}),
  };
}
