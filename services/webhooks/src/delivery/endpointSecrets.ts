/**
 * Endpoint secrets at rest: sealed with the kit's secrets (`KERMESSE_SECRET_KEY`), so a dump of the
 * database alone does not let anyone sign webhooks in the association's name. Without a key (a
 * development checkout, a test) they stay as they are, like identity's signing keys.
 */
import { isSealed, type SecretBox } from '@kermesse/kit/secrets';

export interface EndpointSecrets {
  seal(plain: string): string;
  open(stored: string): string;
}

export function endpointSecrets(box: SecretBox | undefined): EndpointSecrets {
  return {
    seal: (plain) => (box ? box.seal(plain) : plain),
    open: (stored) => {
      if (!isSealed(stored)) return stored;
      if (!box) throw new Error('Secret de webhook chiffré mais KERMESSE_SECRET_KEY absente : impossible de signer.');
      return box.open(stored);
    },
  };
}
