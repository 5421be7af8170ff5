import { Field, TextInput } from './Field';

export interface CredentialFieldsProps {
  /** Prefix of the inputs' ids (`<prefix>-email`, `<prefix>-password`), unique on the page. */
  idPrefix: string;
  email: string;
  password: string;
  onEmailChange(value: string): void;
  onPasswordChange(value: string): void;
}

/** The e-mail and password fields of every password sign-in form (shell sign-in, API token). */
export function CredentialFields({ idPrefix, email, password, onEmailChange, onPasswordChange }: CredentialFieldsProps) {
  return (
    <>
      <Field label="Adresse e-mail" htmlFor={`${idPrefix}-email`}>
        <TextInput
          id={`${idPrefix}-email`}
          name="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => onEmailChange(event.target.value)}
        />
      </Field>
      <Field label="Mot de passe" htmlFor={`${idPrefix}-password`}>
        <TextInput
          id={`${idPrefix}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => onPasswordChange(event.target.value)}
        />
      </Field>
    </>
  );
}
