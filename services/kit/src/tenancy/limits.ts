/**
 * Each hosted association's limits (docs/hosting.md, « Limits per association »): how many API
 * requests the gateway lets through per second, how large one upload may be, how much its uploads
 * may take in all. The host sets defaults (environment variables, read by identity) and may override
 * them per association in its directory; the gateway learns them with the association's directory
 * entry and passes the upload limits on to the services in LIMITS_HEADER, which it strips from
 * clients as it does the association's header.
 */
import { HttpError } from '../http/errors.ts';

/** The header the gateway sets (and drops from clients) with the request's association's upload limits. */
export const LIMITS_HEADER = 'x-kermesse-limits';

export interface AssociationLimits {
  /** API requests per second the gateway lets through, over the short bursts a page load makes (3 s worth). */
  requestsPerSecond: number;
  /** Bytes of one uploaded file. */
  uploadBytes: number;
  /** Bytes all the association's uploads may take together (the services' folders summed). */
  storageBytes: number;
}

const MB = 1024 * 1024;

/**
 * Sized for far more than a busy fair (about 0.6 sales per second; a busy association's screens
 * maybe 50 requests per second), low enough that one association sending ten times that is cut
 * back before it takes the others' share of the machine. 2 Mo is what a picture may weigh anyway.
 */
export const DEFAULT_LIMITS: AssociationLimits = { requestsPerSecond: 100, uploadBytes: 2 * MB, storageBytes: 100 * MB };

/**
 * The defaults of this installation: `KERMESSE_LIMIT_REQUESTS_PER_SECOND`, `KERMESSE_LIMIT_UPLOAD_MB`,
 * `KERMESSE_LIMIT_STORAGE_MB` (README's table). A value that is not a positive number is a problem
 * named in English for the boot message, like every other setting.
 */
export function readLimitDefaults(env: NodeJS.ProcessEnv, problems: string[]): AssociationLimits {
  const read = (name: string, fallback: number, unit: number): number => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw.replace(',', '.'));
    if (!Number.isFinite(value) || value <= 0) {
      problems.push(`${name} must be a positive number (got "${raw}")`);
      return fallback;
    }
    return Math.round(value * unit);
  };
  return {
    requestsPerSecond: read('KERMESSE_LIMIT_REQUESTS_PER_SECOND', DEFAULT_LIMITS.requestsPerSecond, 1),
    uploadBytes: read('KERMESSE_LIMIT_UPLOAD_MB', DEFAULT_LIMITS.uploadBytes, MB),
    storageBytes: read('KERMESSE_LIMIT_STORAGE_MB', DEFAULT_LIMITS.storageBytes, MB),
  };
}

/** The value of LIMITS_HEADER for an association's limits: `upload=<bytes>; storage=<bytes>`. */
export function formatLimitsHeader(limits: Pick<AssociationLimits, 'uploadBytes' | 'storageBytes'>): string {
  return `upload=${limits.uploadBytes}; storage=${limits.storageBytes}`;
}

/**
 * The upload limits the gateway named for this request; none without hosting (a single install keeps
 * each upload's own size limit and has no quota).
 */
export function uploadLimitsOf(
  headers: Record<string, string | string[] | undefined>,
): Partial<Pick<AssociationLimits, 'uploadBytes' | 'storageBytes'>> {
  const header = headers[LIMITS_HEADER];
  if (typeof header !== 'string') return {};
  const limits: Partial<Pick<AssociationLimits, 'uploadBytes' | 'storageBytes'>> = {};
  for (const part of header.split(';')) {
    const [key, value] = part.split('=').map((s) => s.trim());
    const bytes = Number(value);
    if (!Number.isSafeInteger(bytes) || bytes < 0) continue;
    if (key === 'upload') limits.uploadBytes = bytes;
    if (key === 'storage') limits.storageBytes = bytes;
  }
  return limits;
}

/** `2 Mo`, `1,5 Mo`, `300 ko`, `0 octet`: a size as the French messages show it. */
export function formatSize(bytes: number): string {
  if (bytes >= MB) return `${(Math.round((bytes / MB) * 10) / 10).toString().replace('.', ',')} Mo`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} ko`;
  return `${bytes} octet${bytes > 1 ? 's' : ''}`;
}

/** 413: one file above the association's upload limit. */
export const uploadTooLarge = (limitBytes: number) =>
  new HttpError(413, `Fichier trop volumineux : ${formatSize(limitBytes)} au plus par fichier pour votre association.`).withCode(
    'UPLOAD_TOO_LARGE',
  );

/** 413: the file would take the association's uploads over its storage quota; nothing was stored. */
export const storageQuotaExceeded = (usedBytes: number, quotaBytes: number) =>
  new HttpError(
    413,
    `Espace de stockage de l'association plein : ${formatSize(usedBytes)} utilisés sur ${formatSize(quotaBytes)}. ` +
      "Supprimez des images ou demandez plus d'espace à votre hébergeur.",
  ).withCode('STORAGE_QUOTA_EXCEEDED', { usedBytes, quotaBytes });

/**
 * Refuses an upload of `adding` bytes that would take the association over its quota. `used` is asked
 * only when there is a quota (hosting): what the association's files take in every service keeping
 * some, counted by the caller (its own folder and the other services' `STORAGE_PATH`).
 */
export async function assertStorageQuota(
  limits: Partial<Pick<AssociationLimits, 'storageBytes'>>,
  adding: number,
  used: () => Promise<number>,
): Promise<void> {
  if (limits.storageBytes === undefined) return;
  const now = await used();
  if (now + adding > limits.storageBytes) throw storageQuotaExceeded(now, limits.storageBytes);
}
