/**
 * The password rule both the « Équipe » pages and identity apply: at least 12 characters, not a
 * common password (« azerty », « motdepasse »… with digits or symbols around them), not the e-mail.
 */
import { IDENTITY_ERRORS } from './errors.ts';

export const PASSWORD_MIN_LENGTH = 12;

/**
 * Common passwords and the words people build them from (French and English lists of leaked
 * passwords). Compared after lower-casing, removing accents, digits, spaces and symbols, so
 * « Azerty2024!! » or « mot de passe 123 » are refused too.
 */
const COMMON_CORES = new Set([
  '',
  'azerty',
  'azertyuiop',
  'azertyuiopqsdfghjklm',
  'qwerty',
  'qwertyuiop',
  'qwertz',
  'asdfgh',
  'asdfghjkl',
  'zxcvbnm',
  'motdepasse',
  'motdepass',
  'mdp',
  'password',
  'passw',
  'passwd',
  'passe',
  'pass',
  'passpass',
  'passwordpassword',
  'secret',
  'secrets',
  'admin',
  'administrateur',
  'administrator',
  'root',
  'user',
  'utilisateur',
  'login',
  'bonjour',
  'bonsoir',
  'salut',
  'coucou',
  'soleil',
  'doudou',
  'chouchou',
  'loulou',
  'marseille',
  'paris',
  'lyon',
  'toulouse',
  'france',
  'iloveyou',
  'jetaime',
  'jetaimeplus',
  'amour',
  'monamour',
  'princesse',
  'football',
  'foot',
  'psg',
  'om',
  'dragon',
  'monkey',
  'letmein',
  'welcome',
  'bienvenue',
  'master',
  'sunshine',
  'shadow',
  'superman',
  'batman',
  'abc',
  'abcdef',
  'abcdefgh',
  'abcdefghijkl',
  'aaaaaa',
  'aaaaaaaaaaaa',
  'kermesse',
  'kermessemotdepasse',
  'ecole',
  'association',
  'asso',
  'tombola',
  'loto',
  'caisse',
  'benevole',
  'tresorier',
  'caissier',
  'changeme',
  'changezmoi',
  'nouveau',
  'test',
  'testtest',
  'demo',
  'default',
  'defaut',
  'bonjourbonjour',
  'motdepassemotdepasse',
  'azertyazerty',
  'qwertyqwerty',
  'passwordpass',
  'chocolat',
  'nicolas',
  'julien',
  'camille',
  'thomas',
  'alexandre',
  'marie',
  'lucas',
]);

function core(password: string): string {
  return password
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/** True for a string made of one repeated short pattern (« abababababab », « 121212121212 »). */
function isRepetition(password: string): boolean {
  for (let size = 1; size <= 3; size++) {
    const unit = password.slice(0, size);
    if (unit.repeat(Math.ceil(password.length / size)).slice(0, password.length) === password) return true;
  }
  return false;
}

export type PasswordProblemCode = 'PASSWORD_TOO_SHORT' | 'PASSWORD_TOO_COMMON' | 'PASSWORD_IS_EMAIL';

/**
 * The French message saying why `password` is refused, or null when it is acceptable.
 * `personal` holds the e-mail and names of the account, which the password must not be.
 */
export function passwordProblem(password: string, personal: readonly string[] = []): string | null {
  const code = passwordProblemCode(password, personal);
  return code ? IDENTITY_ERRORS[code] : null;
}

/** The error code of `passwordProblem` (the service answers `{ error, code }`). */
export function passwordProblemCode(password: string, personal: readonly string[] = []): PasswordProblemCode | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'PASSWORD_TOO_SHORT';
  const letters = core(password);
  if (COMMON_CORES.has(letters) || isRepetition(password.toLowerCase())) return 'PASSWORD_TOO_COMMON';
  const personalCores = personal
    .flatMap((value) => [value, value.split('@')[0] ?? ''])
    .map(core)
    .filter((value) => value.length >= 3);
  if (personalCores.includes(letters)) return 'PASSWORD_IS_EMAIL';
  return null;
}
