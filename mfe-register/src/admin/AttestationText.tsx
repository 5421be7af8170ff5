/**
 * The editor's individual attestation (docs/compliance/attestation.md), filled with the version and
 * the signing key's id, the rest left to whoever distributes or hosts Kermesse.
 */
export function AttestationText({ version, keyId }: { version: string; keyId: string }) {
  return (
    <div className="bo-attestation">
      <h3>Attestation individuelle de l'éditeur relative au logiciel ou système de caisse</h3>
      <p>(article 286, I-3° bis du code général des impôts)</p>
      <p>
        Je soussigné(e), …………………… (nom, prénom), représentant légal de …………………… (dénomination), SIREN ……………, dont le siège est ……………………,
        éditeur (ou distributeur, ou hébergeur assurant la mise à disposition) du logiciel de caisse Kermesse, version{' '}
        <strong>{version}</strong> (identifiant de la clé de signature : <strong>{keyId}</strong>), atteste que cette version, telle que je
        la fournis à …………………… (association cliente, SIREN ou RNA, adresse), satisfait aux conditions d'inaltérabilité, de sécurisation, de
        conservation et d'archivage des données prévues au 3° bis du I de l'article 286 du code général des impôts :
      </p>
      <ol>
        <li>
          Inaltérabilité : ventes, paiements, remboursements, clôtures et journal ne peuvent être ni modifiés ni supprimés ; une correction
          est un nouvel enregistrement motivé ; chaque enregistrement est chaîné au précédent.
        </li>
        <li>
          Sécurisation : clôtures journalières, mensuelles et annuelles, par caisse et pour l'association, avec grands totaux perpétuels,
          chaînées et signées (Ed25519), la clé publique étant publiée.
        </li>
        <li>Conservation : données, clôtures et journal des événements conservés au moins six ans, jamais supprimés avant archivage.</li>
        <li>Archivage : archive signée de chaque mois clôturé et à la demande, vérifiable hors ligne.</li>
      </ol>
      <p>
        Je m'engage à fournir une nouvelle attestation pour toute version modifiant ces fonctions. Fait à ……………………, le …………………… Signature et
        cachet :
      </p>
    </div>
  );
}
