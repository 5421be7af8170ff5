import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Banner, Button, ErrorLine, Field, formatDate, formatEuros, Modal, MoneyInput, Spinner, TextInput } from '@kermesse/ui-kit';
import { parseEuros } from '@kermesse/contracts-common';
import {
  DONATION_METHOD_LABELS,
  MEMBERSHIP_SCOPE_LABELS,
  type DonationMethod,
  type Member,
  type MemberList,
  type MembershipScope,
  type MembershipType,
} from '@kermesse/contracts-accounting';
import { accountingApi, downloadFile, downloads } from '../api/accountingApi';
import { currentYear, failureText } from '../components/messages';
import { ReportActions } from '../components/ReportActions';
import { YearPicker } from '../components/YearPicker';
import { MemberForm } from './MemberForm';

const METHODS = Object.keys(DONATION_METHOD_LABELS) as DonationMethod[];
const today = () => new Date().toISOString().slice(0, 10);
const priceLabel = (type: MembershipType) => (type.price === null ? 'prix libre' : formatEuros(type.price));
const childrenText = (member: Member) =>
  member.children.map((c) => (c.className ? `${c.firstName} (${c.className})` : c.firstName)).join(', ');

/**
 * « Adhésions »: a year's membership types and members (printed, exported as CSV), joining with
 * consent, renewal of last year's members, and a person's data exported or erased on request
 * (docs/memberships.md).
 */
export function MembershipsPage() {
  const [year, setYear] = useState(currentYear());
  const [list, setList] = useState<MemberList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [erasing, setErasing] = useState<Member | null>(null);
  const [renewing, setRenewing] = useState<Member | null>(null);

  const load = useCallback(() => {
    accountingApi
      .listMembers(year)
      .then(setList, (failure) => setError(failureText('Erreur lors de la récupération des données', failure)));
  }, [year]);
  useEffect(load, [load]);

  const handleExport = async (member: Member) => {
    try {
      await downloadFile(downloads.personData(member.personId));
    } catch (failure) {
      setError(failureText("Erreur lors de l'export des données", failure));
    }
  };

  return (
    <section className="k-page acc-page acc-report" aria-labelledby="members-title">
      <header className="k-page-header acc-header">
        <div>
          <h1 id="members-title">Adhésions {year}</h1>
          {list && (
            <p className="acc-subtitle">
              {list.members.length} adhésion{list.members.length > 1 ? 's' : ''}
            </p>
          )}
        </div>
        <YearPicker years={[currentYear() + 1, currentYear(), currentYear() - 1]} value={year} onChange={setYear} />
      </header>
      <ReportActions csvPath={downloads.members(year)} />
      {notice && <Banner tone="success">{notice}</Banner>}
      {error && <ErrorLine>{error}</ErrorLine>}
      {!list ? (
        <Spinner />
      ) : (
        <>
          <div className="k-table-wrap">
            <table className="k-table k-table--stack acc-table" id="members">
              <caption>Adhérents {year}</caption>
              <thead>
                <tr>
                  <th scope="col">Nom</th>
                  <th scope="col">Adhésion</th>
                  <th scope="col">Enfants et classes</th>
                  <th scope="col">Contact</th>
                  <th scope="col" className="k-num">
                    Montant
                  </th>
                  <th scope="col" className="k-no-print">
                    <span className="k-visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.members.length === 0 && (
                  <tr>
                    <td colSpan={6} className="k-muted">
                      Aucun adhérent en {year}.
                    </td>
                  </tr>
                )}
                {list.members.map((member) => (
                  <tr key={member.id}>
                    <td>
                      {member.lastName} {member.firstName}
                    </td>
                    <td>{member.typeName}</td>
                    <td>{childrenText(member)}</td>
                    <td>{[member.email, member.phone].filter(Boolean).join(' — ')}</td>
                    <td className="k-num">
                      {formatEuros(member.amount)}{' '}
                      <span className="k-muted acc-block">
                        {DONATION_METHOD_LABELS[member.method]}, {formatDate(member.paidOn)}
                      </span>
                    </td>
                    <td className="k-table__actions k-no-print">
                      {!member.erased && (
                        <>
                          <Button variant="secondary" onClick={() => void handleExport(member)}>
                            Exporter les données de {member.lastName} {member.firstName}
                          </Button>
                          <Button variant="ghost" onClick={() => setErasing(member)}>
                            Effacer les données de {member.lastName} {member.firstName}
                          </Button>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {list.toRenew.length > 0 && (
            <div className="k-table-wrap k-no-print">
              <table className="k-table k-table--stack acc-table" id="members-to-renew">
                <caption>Adhérents {year - 1} à renouveler</caption>
                <thead>
                  <tr>
                    <th scope="col">Nom</th>
                    <th scope="col">Adhésion {year - 1}</th>
                    <th scope="col">
                      <span className="k-visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.toRenew.map((member) => (
                    <tr key={member.id}>
                      <td>
                        {member.lastName} {member.firstName}
                      </td>
                      <td>
                        {member.typeName} ({formatEuros(member.amount)})
                      </td>
                      <td className="k-table__actions">
                        <Button variant="secondary" disabled={list.types.length === 0} onClick={() => setRenewing(member)}>
                          Renouveler {member.lastName} {member.firstName}
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div className="acc-columns k-no-print">
            <MemberForm
              year={year}
              types={list.types}
              onAdded={(member) => {
                setNotice(`Adhésion de ${member.firstName} ${member.lastName} enregistrée.`);
                load();
              }}
            />
            <TypesCard year={year} types={list.types} onAdded={load} />
          </div>
        </>
      )}
      {erasing && (
        <Modal
          title={`Effacer les données de ${erasing.firstName} ${erasing.lastName}`}
          onClose={() => setErasing(null)}
          actions={
            <>
              <Button
                variant="danger"
                onClick={async () => {
                  try {
                    await accountingApi.erasePerson(erasing.personId);
                    setNotice(
                      'Données effacées : la personne apparaît comme « Personne effacée », ses cotisations restent dans les comptes.',
                    );
                    setErasing(null);
                    load();
                  } catch (failure) {
                    setErasing(null);
                    setError(failureText("Les données n'ont pas été effacées", failure));
                  }
                }}
              >
                Effacer définitivement
              </Button>
              <Button variant="secondary" onClick={() => setErasing(null)}>
                Garder
              </Button>
            </>
          }
        >
          <p>
            Son nom, ses coordonnées, son consentement et ses enfants seront effacés de toutes ses adhésions. Les montants, les dates et les
            écritures restent, comme la comptabilité l'exige. Cette action est irréversible.
          </p>
        </Modal>
      )}
      {renewing && (
        <RenewDialog
          member={renewing}
          types={list?.types ?? []}
          onClose={() => setRenewing(null)}
          onRenewed={(member) => {
            setRenewing(null);
            setNotice(`Adhésion ${member.year} de ${member.firstName} ${member.lastName} enregistrée.`);
            load();
          }}
        />
      )}
    </section>
  );
}

/** The year's types and a form to add one. */
function TypesCard({ year, types, onAdded }: { year: number; types: MembershipType[]; onAdded: () => void }) {
  const ids = { name: useId(), scope: useId(), price: useId() };
  const [name, setName] = useState('');
  const [scope, setScope] = useState<MembershipScope>('family');
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError("Le nom du type d'adhésion est obligatoire.");
    if (price && parseEuros(price) === null)
      return setError('Le prix doit être un montant en euros, par exemple 15,00 (vide : prix libre).');
    setError(null);
    try {
      await accountingApi.addMembershipType({ year, name: name.trim(), scope, price: price || null });
      setName('');
      setPrice('');
      onAdded();
    } catch (failure) {
      setError(failureText("Erreur lors de l'ajout du type d'adhésion", failure));
    }
  };

  return (
    <form className="k-card acc-card k-form" onSubmit={handleSubmit} noValidate aria-labelledby="types-title">
      <h2 id="types-title">Types d'adhésion {year}</h2>
      {types.length === 0 ? (
        <p className="k-muted">Aucun type pour {year} : ajoutez-en un avant d'enregistrer des adhésions.</p>
      ) : (
        <ul>
          {types.map((type) => (
            <li key={type.id}>
              {type.name} — {MEMBERSHIP_SCOPE_LABELS[type.scope].toLowerCase()}, {priceLabel(type)} ({type.members} adhérent
              {type.members > 1 ? 's' : ''})
            </li>
          ))}
        </ul>
      )}
      <div className="acc-purchase__fields">
        <Field label="Nom du type" htmlFor={ids.name}>
          <TextInput id={ids.name} value={name} onChange={(e) => setName(e.target.value)} placeholder="Famille" />
        </Field>
        <Field label="Portée" htmlFor={ids.scope}>
          <select id={ids.scope} className="k-select" value={scope} onChange={(e) => setScope(e.target.value as MembershipScope)}>
            <option value="family">{MEMBERSHIP_SCOPE_LABELS.family}</option>
            <option value="person">{MEMBERSHIP_SCOPE_LABELS.person}</option>
          </select>
        </Field>
        <Field label="Prix (€, vide : prix libre)" htmlFor={ids.price}>
          <MoneyInput id={ids.price} value={price} onChange={(e) => setPrice(e.target.value)} placeholder="15,00" />
        </Field>
      </div>
      <Button type="submit">Ajouter le type</Button>
      {error && <ErrorLine>{error}</ErrorLine>}
    </form>
  );
}

/** Renews a member of last year in one of this year's types. */
function RenewDialog({
  member,
  types,
  onClose,
  onRenewed,
}: {
  member: Member;
  types: MembershipType[];
  onClose: () => void;
  onRenewed: (member: Member) => void;
}) {
  const ids = { type: useId(), amount: useId(), method: useId(), date: useId() };
  const [typeId, setTypeId] = useState(String(types.find((t) => t.name === member.typeName)?.id ?? types[0]?.id ?? ''));
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<DonationMethod>(member.method);
  const [paidOn, setPaidOn] = useState(today());
  const [error, setError] = useState<string | null>(null);
  const type = types.find((t) => String(t.id) === typeId);

  const handleConfirm = async () => {
    if (!type) return setError("Choisissez le type d'adhésion.");
    if (type.price === null && (parseEuros(amount) === null || amount === ''))
      return setError('Ce type est à prix libre : indiquez le montant versé, par exemple 15,00.');
    try {
      const { member: renewed } = await accountingApi.renewMember(member.personId, {
        typeId: type.id,
        amount: type.price === null ? amount : undefined,
        method,
        paidOn,
      });
      onRenewed(renewed);
    } catch (failure) {
      setError(failureText("L'adhésion n'a pas été renouvelée", failure));
    }
  };

  return (
    <Modal
      title={`Renouveler ${member.firstName} ${member.lastName}`}
      onClose={onClose}
      actions={
        <>
          <Button onClick={() => void handleConfirm()}>Renouveler</Button>
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
        </>
      }
    >
      <div className="k-form">
        <Field label="Adhésion" htmlFor={ids.type}>
          <select id={ids.type} className="k-select" value={typeId} onChange={(e) => setTypeId(e.target.value)}>
            {types.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name} ({priceLabel(t)})
              </option>
            ))}
          </select>
        </Field>
        {type?.price === null && (
          <Field label="Montant versé (€)" htmlFor={ids.amount}>
            <MoneyInput id={ids.amount} value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="15,00" />
          </Field>
        )}
        <Field label="Mode de versement" htmlFor={ids.method}>
          <select id={ids.method} className="k-select" value={method} onChange={(e) => setMethod(e.target.value as DonationMethod)}>
            {METHODS.map((m) => (
              <option key={m} value={m}>
                {DONATION_METHOD_LABELS[m]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Date du versement" htmlFor={ids.date}>
          <TextInput id={ids.date} type="date" value={paidOn} onChange={(e) => setPaidOn(e.target.value)} />
        </Field>
        {error && <ErrorLine>{error}</ErrorLine>}
      </div>
    </Modal>
  );
}
