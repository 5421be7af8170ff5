/** Identity's known errors: French message + contract code. */
import { IDENTITY_ERRORS, passwordProblemCode, type IdentityErrorCode } from '@kermesse/contracts-identity';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '@kermesse/kit/http';

const coded = (make: (message: string) => ReturnType<typeof badRequest>, code: IdentityErrorCode) =>
  make(IDENTITY_ERRORS[code]).withCode(code);

export const personNotFound = () => coded(notFound, 'PERSON_NOT_FOUND');
export const emailTaken = () => coded(conflict, 'EMAIL_TAKEN');
export const lastAdmin = () => coded(conflict, 'LAST_ADMIN');
export const linkInvalid = () => coded(notFound, 'LINK_INVALID');
export const setupDone = () => coded(conflict, 'SETUP_DONE');
export const wrongCurrentPassword = () => coded(badRequest, 'WRONG_CURRENT_PASSWORD');
export const passkeyNotFound = () => coded(notFound, 'PASSKEY_NOT_FOUND');
export const invalidCredentials = () => coded(unauthorized, 'INVALID_CREDENTIALS');

/** Throws a 400 with the rule's French message when the password is refused (too short, common, personal). */
export function assertPasswordAllowed(password: string, personal: readonly string[]): void {
  const code = passwordProblemCode(password, personal);
  if (code) throw coded(badRequest, code);
}

/** True for Postgres' unique violation (two creations of the same e-mail at once). */
export const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

export const apiTokenNotFound = () => coded(notFound, 'API_TOKEN_NOT_FOUND');
export const apiTokenRolesAboveOwn = (roles: string[]) =>
  forbidden(IDENTITY_ERRORS.API_TOKEN_ROLES_ABOVE_OWN).withCode('API_TOKEN_ROLES_ABOVE_OWN', { field: 'roles', roles });
