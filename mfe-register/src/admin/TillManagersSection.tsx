/**
 * « Responsables de caisse »: the cashiers who may refund a sale. An administrator
 * always may; the others are given or withdrawn the right here (`/api/admin/till-managers`).
 */
import { useMemo, useState } from 'react';
import { Button, ErrorLine, Spinner } from '@kermesse/ui-kit';
import { tillManagersApiFor, type TillManagersApi } from '../refunds/refundsApi';
import '../refunds/refunds.css';
import { messageOf, useLoad } from './useLoad';

export function TillManagersSection({ api: given }: { api?: TillManagersApi }) {
  const api = useMemo(() => given ?? tillManagersApiFor(), [given]);
  const data = useLoad(async () => {
    const [team, managers] = await Promise.all([api.listTeam(), api.listTillManagers()]);
    return { team, managers };
  }, [api]);
  const [managers, setManagers] = useState<string[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = managers ?? data.data?.managers ?? [];
  // Cashiers who are not administrators (an administrator refunds anyway), enabled accounts first.
  const cashiers = (data.data?.team ?? []).filter((p) => p.roles.includes('cashier') && !p.roles.includes('admin') && !p.disabled);

  const toggle = async (userId: string, grant: boolean) => {
    setBusy(userId);
    setError(null);
    try {
      setManagers(grant ? await api.grant(userId) : await api.revoke(userId));
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="k-card bo-card" aria-labelledby="till-managers-title">
      <h2 id="till-managers-title">Responsables de caisse</h2>
      <p className="bo-muted">
        Un responsable de caisse peut rembourser une vente (en tout ou en partie). Les administrateurs le peuvent toujours.
      </p>
      {data.loading && !data.data && <Spinner label="Chargement de l'équipe…" />}
      {data.error && <ErrorLine>{data.error}</ErrorLine>}
      {data.data && cashiers.length === 0 && <p>Aucun caissier dans l'équipe pour l'instant.</p>}
      <ul className="bo-list" aria-label="Caissiers">
        {cashiers.map((person) => {
          const isManager = current.includes(person.id);
          const name = `${person.firstname} ${person.lastname}`.trim() || person.email;
          return (
            <li key={person.id} className="bo-till-managers__row">
              <span>
                <strong>{name}</strong> <span className="bo-muted">{person.email}</span>
                {isManager && <span className="bo-muted"> — responsable de caisse</span>}
              </span>
              <Button
                variant={isManager ? 'ghost' : 'secondary'}
                disabled={busy === person.id}
                onClick={() => void toggle(person.id, !isManager)}
                aria-label={isManager ? `Retirer le droit de rembourser à ${name}` : `Nommer responsable de caisse : ${name}`}
              >
                {isManager ? 'Retirer le droit' : 'Nommer responsable'}
              </Button>
            </li>
          );
        })}
      </ul>
      {error && <ErrorLine>{error}</ErrorLine>}
    </section>
  );
}
