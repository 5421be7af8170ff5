import { ROLE_LABELS, STAFF_ROLE_NAMES, type StaffRoleName } from '@kermesse/contracts-identity/rules';

/** The roles of a person as a set of checkboxes (a volunteer may also be cashier for the evening). */
export function RoleCheckboxes({
  idPrefix,
  value,
  onChange,
  describedBy,
}: {
  idPrefix: string;
  value: readonly StaffRoleName[];
  onChange(roles: StaffRoleName[]): void;
  describedBy?: string;
}) {
  const toggle = (role: StaffRoleName, checked: boolean) =>
    onChange(STAFF_ROLE_NAMES.filter((r) => (r === role ? checked : value.includes(r))));
  return (
    <fieldset className="shell-roles" aria-describedby={describedBy}>
      <legend className="k-field__label">Rôles</legend>
      {STAFF_ROLE_NAMES.map((role) => (
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
