/** The errors the gateway itself answers, each with the French message the client shows. */
import { HttpError, badRequest, notFound, serviceUnavailable, tooManyRequests as kitTooManyRequests } from '@kermesse/kit/http';

export const upstreamUnavailable = () => serviceUnavailable('Service momentanément indisponible. Réessayez dans un instant.');

export const upstreamTimeout = () =>
  new HttpError(504, 'Le service met trop de temps à répondre. Réessayez dans un instant.').withCode('UNAVAILABLE');

export const invalidPath = () => badRequest('Chemin de requête invalide.').withCode('VALIDATION');

export const routeNotFound = () => notFound('Ressource introuvable.');

export const tooManySignIns = (retryAfterSeconds: number) =>
  kitTooManyRequests(
    `Trop de tentatives de connexion. Réessayez dans ${retryAfterSeconds} seconde${retryAfterSeconds > 1 ? 's' : ''}.`,
    retryAfterSeconds,
  );

/**
 * Hosting: the association sent more API requests than its limit lets through (docs/hosting.md). A
 * register's offline queue keeps its sales and sends them again after Retry-After.
 */
export const tooManyRequests = (retryAfterSeconds: number) =>
  kitTooManyRequests(
    `Trop de requêtes pour votre association en ce moment. Réessayez dans ${retryAfterSeconds} seconde${retryAfterSeconds > 1 ? 's' : ''}.`,
    retryAfterSeconds,
  );

/** Hosting (docs/hosting.md): a Host naming no association of this installation. */
export const unknownAssociation = () => notFound('Association inconnue sur cet hébergement.').withCode('ASSOCIATION_UNKNOWN');

/** Hosting: an association its host suspended (nothing is erased; it comes back when resumed). */
export const associationSuspended = () =>
  new HttpError(503, 'Cette association est suspendue par son hébergeur.').withCode('ASSOCIATION_SUSPENDED');
