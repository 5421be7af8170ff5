/**
 * The drawing verification (« kermesse-tirage-v1 ») run in the visitor's browser with the Web
 * Crypto API: written once in the raffle contract, the same code as the service's and its
 * command-line verifier (contracts/raffle/src/drawing.ts).
 */
export { ALGORITHM, deriveWinners, sha256Hex, verifyDrawing, type BrowserVerification } from '@kermesse/contracts-raffle';
