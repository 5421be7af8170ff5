import { useState, type FormEvent } from 'react';
import { LIMIT_RANGES } from '@kermesse/contracts-identity/rules';
import type { AssociationLimitsOverride } from '@kermesse/contracts-identity';
import { ApiError, Button, ErrorLine, Field, NETWORK_ERROR_MESSAGE, TextInput } from '@kermesse/ui-kit';
import { hostApi, type HostedAssociation } from '../../api/identity';

const MB = 1024 * 1024;

/** « 1,5 » or « 1.5 » → 1.5; « » → null (the installation's default); undefined when unreadable. */
export function readNumber(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/\s/g, '');
  if (!trimmed) return null;
  if (!/^\d+(?:[.,]\d+)?$/.test(trimmed)) return undefined;
  return Number(trimmed.replace(',', '.'));
}

const shown = (value: number | null, unit = 1) =>
  value === null ? '' : (Math.round((value / unit) * 100) / 100).toLocaleString('fr-FR', { useGrouping: false });

/**
 * « Limites » of a hosted association (docs/hosting.md): requests per second, the size of one file and
 * its storage, in Mo. A field left empty keeps the installation's default.
 */
export function LimitsForm({
  association,
  onSaved,
  onCancel,
}: {
  association: HostedAssociation;
  onSaved(changed: HostedAssociation): void;
  onCancel(): void;
}) {
  const own = association.limitsOverride;
  const [requests, setRequests] = useState(shown(own.requestsPerSecond));
  const [upload, setUpload] = useState(shown(own.uploadBytes, MB));
  const [storage, setStorage] = useState(shown(own.storageBytes, MB));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const prefix = `limits-${association.slug}`;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const rps = readNumber(requests);
    const uploadMb = readNumber(upload);
    const storageMb = readNumber(storage);
    const { requestsPerSecond: rpsRange, uploadBytes: uploadRange, storageBytes: storageRange } = LIMIT_RANGES;
    if (rps === undefined || (rps !== null && (!Number.isInteger(rps) || rps < rpsRange.minimum || rps > rpsRange.maximum))) {
      return setError(`Requêtes par seconde : un nombre entier de ${rpsRange.minimum} à ${rpsRange.maximum.toLocaleString('fr-FR')}.`);
    }
    const uploadBytes = uploadMb == null ? uploadMb : Math.round(uploadMb * MB);
    if (uploadBytes === undefined || (uploadBytes !== null && (uploadBytes < uploadRange.minimum || uploadBytes > uploadRange.maximum))) {
      return setError(`Taille d’un fichier : de 0,001 à ${uploadRange.maximum / MB} Mo.`);
    }
    const storageBytes = storageMb == null ? storageMb : Math.round(storageMb * MB);
    if (storageBytes === undefined || (storageBytes !== null && storageBytes > storageRange.maximum)) {
      return setError(`Espace de stockage : de 0 à ${(storageRange.maximum / MB).toLocaleString('fr-FR')} Mo.`);
    }
    const limits: AssociationLimitsOverride = { requestsPerSecond: rps, uploadBytes, storageBytes };
    setSaving(true);
    try {
      onSaved(await hostApi.setLimits(association.slug, limits));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : NETWORK_ERROR_MESSAGE);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="shell-form" id={`${prefix}-form`} onSubmit={handleSubmit} aria-labelledby={`${prefix}-title`}>
      <h3 id={`${prefix}-title`}>Limites de {association.name}</h3>
      <p className="shell-hint" id={`${prefix}-hint`}>
        Laissez un champ vide pour garder la valeur par défaut de l’hébergement.
      </p>
      <Field label="Requêtes par seconde" htmlFor={`${prefix}-requests`}>
        <TextInput
          id={`${prefix}-requests`}
          inputMode="numeric"
          autoComplete="off"
          value={requests}
          placeholder={String(association.limits.requestsPerSecond)}
          onChange={(e) => setRequests(e.target.value)}
          aria-describedby={`${prefix}-hint`}
        />
      </Field>
      <Field label="Taille maximale d’un fichier (Mo)" htmlFor={`${prefix}-upload`}>
        <TextInput
          id={`${prefix}-upload`}
          inputMode="decimal"
          autoComplete="off"
          value={upload}
          placeholder={shown(association.limits.uploadBytes, MB)}
          onChange={(e) => setUpload(e.target.value)}
          aria-describedby={`${prefix}-hint`}
        />
      </Field>
      <Field label="Espace de stockage (Mo)" htmlFor={`${prefix}-storage`}>
        <TextInput
          id={`${prefix}-storage`}
          inputMode="decimal"
          autoComplete="off"
          value={storage}
          placeholder={shown(association.limits.storageBytes, MB)}
          onChange={(e) => setStorage(e.target.value)}
          aria-describedby={`${prefix}-hint`}
        />
      </Field>
      {error && <ErrorLine>{error}</ErrorLine>}
      <div className="shell-actions">
        <Button type="submit" disabled={saving}>
          Enregistrer les limites
        </Button>
        <Button variant="secondary" type="button" onClick={onCancel}>
          Annuler
        </Button>
      </div>
    </form>
  );
}
