/** The software's version as the compliance page and the attestation name it: KERMESSE_VERSION, else the register's package version. */
import { readFileSync } from 'node:fs';

const packageVersion = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export const softwareVersion = (env: NodeJS.ProcessEnv = process.env): string => env.KERMESSE_VERSION?.trim() || packageVersion;
