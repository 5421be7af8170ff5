import { readServiceEnv, type ServiceEnv } from '@kermesse/kit/http';

/** Contact's settings, read once at boot (README « Configuration » of this service). */
export interface ContactEnv extends ServiceEnv {
  /** `smtp://user:pass@host:587` or `smtps://…:465`; absent → e-mails are written to the log (demo). */
  smtpUrl: string | null;
  mailFrom: string;
  /** Brevo API base, `https://api.brevo.com/v3` unless pointed elsewhere (tests: a local fake). */
  smsProviderUrl: string;
  /** Brevo API key; absent → SMS are written to the log (demo). */
  smsApiKey: string | null;
  /** Alphanumeric sender shown on the phone (3–11 characters) or a number (up to 15 digits). */
  smsSender: string;
  /** The public address of the gateway, for the receipt link `{PUBLIC_URL}/s/{reference}`. */
  publicUrl: string;
  associationName: string;
  /** Where partner requests are forwarded. */
  associationEmail: string;
  /** Days a finished delivery row (without its recipient) is kept before it is deleted. */
  deliveryRetentionDays: number;
}

const SENDER = /^(?:[A-Za-z0-9][A-Za-z0-9 ]{1,9}[A-Za-z0-9]|\+?\d{3,15})$/;

/** Reads and checks contact's environment; exits with a clear message when a value is wrong. */
export function readContactEnv(env: NodeJS.ProcessEnv = process.env): ContactEnv {
  const base = readServiceEnv('contact', env);
  const problems: string[] = [];
  const value = (name: string) => (env[name]?.trim() ? env[name]!.trim() : null);

  const smtpUrl = value('SMTP_URL');
  if (smtpUrl && !isUrl(smtpUrl, ['smtp:', 'smtps:']))
    problems.push('SMTP_URL must look like smtp://user:pass@host:587 or smtps://user:pass@host:465');
  const smsApiKey = value('SMS_API_KEY');
  const smsProviderUrl = (value('SMS_PROVIDER_URL') ?? 'https://api.brevo.com/v3').replace(/\/+$/, '');
  if (!isUrl(smsProviderUrl, ['http:', 'https:'])) problems.push('SMS_PROVIDER_URL must be an http(s) URL, e.g. https://api.brevo.com/v3');
  if (value('SMS_PROVIDER_URL') && !smsApiKey)
    problems.push('SMS_PROVIDER_URL is set but SMS_API_KEY is not: set both, or neither for the demo log');
  const smsSender = value('SMS_SENDER') ?? 'Kermesse';
  if (!SENDER.test(smsSender)) problems.push('SMS_SENDER must be 3 to 11 letters/digits, or a phone number of up to 15 digits');
  const publicUrl = (value('PUBLIC_URL') ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
  if (!isUrl(publicUrl, ['http:', 'https:'])) problems.push('PUBLIC_URL must be an http(s) URL, e.g. https://kermesse.example.org');
  const associationName = value('ASSOCIATION_NAME') ?? 'Association Kermesse';
  const associationEmail = value('ASSOCIATION_EMAIL') ?? 'contact@kermesse.local';
  if (!/^[^\s@]+@[^\s@]+$/.test(associationEmail)) problems.push('ASSOCIATION_EMAIL must be an e-mail address');
  const mailFrom = value('MAIL_FROM') ?? `"${associationName.replace(/["\\]/g, '')}" <ne-pas-repondre@kermesse.local>`;
  const deliveryRetentionDays = Number(value('DELIVERY_RETENTION_DAYS') ?? 30);
  if (!Number.isInteger(deliveryRetentionDays) || deliveryRetentionDays < 1)
    problems.push('DELIVERY_RETENTION_DAYS must be a whole number of days (≥ 1)');

  if (problems.length) {
    process.stderr.write(`[contact] invalid configuration:\n- ${problems.join('\n- ')}\n`);
    process.exit(2);
  }
  return {
    ...base,
    smtpUrl,
    mailFrom,
    smsProviderUrl,
    smsApiKey,
    smsSender,
    publicUrl,
    associationName,
    associationEmail,
    deliveryRetentionDays,
  };
}

function isUrl(raw: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(raw).protocol);
  } catch {
    return false;
  }
}
