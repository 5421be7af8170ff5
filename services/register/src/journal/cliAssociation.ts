/**
 * The association a command-line tool works for: `--association <id>` (or `--association=<id>`),
 * by default the single install's. On a host, each association's journal and event log are its own
 * (docs/hosting.md): the tool checks or records in the one it is given.
 */
import { isAssociationId, SINGLE_ASSOCIATION_ID } from '@kermesse/kit/tenancy';

export interface CliAssociation {
  associationId: string;
  /** Whether it was named on the command line (else the single install's). */
  named: boolean;
  /** The other arguments, in order. */
  rest: string[];
}

/** Reads `--association` out of the arguments; a French message when its value is missing or not an id. */
export function readAssociationOption(argv: readonly string[]): CliAssociation | { error: string } {
  const rest: string[] = [];
  let value: string | undefined;
  let named = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--association') {
      named = true;
      value = argv[i + 1];
      i += 1;
    } else if (arg.startsWith('--association=')) {
      named = true;
      value = arg.slice('--association='.length);
    } else rest.push(arg);
  }
  if (!named) return { associationId: SINGLE_ASSOCIATION_ID, named, rest };
  if (!value || !isAssociationId(value.toLowerCase()))
    return { error: `--association attend l'identifiant (uuid) d'une association, pas « ${value ?? ''} ».` };
  return { associationId: value.toLowerCase(), named, rest };
}
