import type { Db, Trx } from '@kermesse/kit/db';

export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: Buffer;
  counter: string | number;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

export const listPasskeys = (db: Db | Trx, userIds: string[]): Promise<PasskeyRow[]> =>
  db('passkeys').whereIn('user_id', userIds).orderBy('created_at');

export const findPasskeyByCredential = (db: Db | Trx, credentialId: string): Promise<PasskeyRow | undefined> =>
  db('passkeys').where({ credential_id: credentialId }).first();

export const insertPasskey = async (
  db: Db | Trx,
  passkey: { userId: string; credentialId: string; publicKey: Uint8Array; counter: number; transports: string[]; name: string },
): Promise<PasskeyRow> => {
  const [row] = await db('passkeys')
    .insert({
      user_id: passkey.userId,
      credential_id: passkey.credentialId,
      public_key: Buffer.from(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports,
      name: passkey.name,
    })
    .returning('*');
  return row as PasskeyRow;
};

export const recordPasskeyUse = (db: Db | Trx, id: string, counter: number) =>
  db('passkeys').where({ id }).update({ counter, last_used_at: db.fn.now() });

/** Deletes one passkey of one person; false when there was none. */
export const deletePasskey = async (db: Db | Trx, userId: string, id: string): Promise<boolean> =>
  (await db('passkeys').where({ id, user_id: userId }).delete()) === 1;

export const insertChallenge = (
  db: Db | Trx,
  challenge: { challenge: string; purpose: 'register' | 'login'; userId: string | null; expiresAt: Date },
) =>
  db('webauthn_challenges').insert({
    challenge: challenge.challenge,
    purpose: challenge.purpose,
    user_id: challenge.userId,
    expires_at: challenge.expiresAt,
  });

/** Takes a challenge out (used once); undefined when unknown, expired or for another purpose. */
export const takeChallenge = async (
  db: Db | Trx,
  challenge: string,
  purpose: 'register' | 'login',
): Promise<{ user_id: string | null } | undefined> => {
  await db('webauthn_challenges').where('expires_at', '<', db.fn.now()).delete();
  const [row] = await db('webauthn_challenges').where({ challenge, purpose }).delete().returning(['user_id']);
  return row as { user_id: string | null } | undefined;
};
