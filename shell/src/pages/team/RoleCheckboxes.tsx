import { ROLE_LABELS, ROLE_NAMES, type RoleName } from '@kermesse/contracts-identity/rules';

/** The roles of a person as a set of checkboxes (a volunteer may also be cashier for the evening). */
export function RoleCheckboxes({
  idPrefix,
  value,
  onChange,
  describedBy,
}: {
  idPrefix: string;
  value: readonly RoleName[];
  onChange(roles: RoleName[]): void;
  describedBy?: string;
}) {
  const toggle = (role: RoleName, checked: boolean) => onChange(ROLE_NAMES.filter((r) => (r === role ? checked : value.includes(r))));
  return (
    <fieldset className="shell-roles" aria-describedby={describedBy}>
      <legend className="k-field__label">Rôles</legend>
      {ROLE_NAMES.map((role) => (
        <label key={role} className="shell-check" htmlFor={`${idPrefix}-${role}`}>
          <input
            id={`${idPrefix}-${role}`}
            type="checkbox"
            name="roles"
            value={role}
            checked={value.includes(role)}
            onChange={(event) => toggle(role, event.target.checked)}
          />
          {ROLE_LABELS[role]}
        </label>
      ))}
    </fieldset>
  );
}
