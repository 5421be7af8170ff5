/** The access-token format shared by identity (which signs) and everyone else (who verifies). */
export const TOKEN_ISSUER = 'kermesse-identity';
export const TOKEN_AUDIENCE = 'kermesse';
export const TOKEN_TYPE = 'at+jwt';
export const TOKEN_ALGORITHM = 'EdDSA';
export const JWKS_PATH = '/.well-known/jwks.json';
export const revocationPath = (jti: string) => `/internal/tokens/${encodeURIComponent(jti)}`;
