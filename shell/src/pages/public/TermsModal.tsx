import { Button, Modal } from '@kermesse/ui-kit';

/**
 * Conditions d'utilisation and personal data (RGPD) for an association running Kermesse: what is
 * kept, why, for how long, and the person's rights.
 */
export function TermsModal({ onClose }: { onClose(): void }) {
  return (
    <Modal
      title="Conditions d'utilisation et données personnelles"
      size="wide"
      onClose={onClose}
      actions={<Button onClick={onClose}>Fermer</Button>}
    >
      <div className="shell-terms">
        <p>
          Ce site est édité par l'association organisatrice de la fête (association loi 1901), responsable du traitement des données
          décrites ci-dessous. Il sert à tenir la caisse, la tombola, le loto, le stock et la comptabilité de ses événements.
        </p>
        <h3>Ce que nous conservons et pourquoi</h3>
        <ul>
          <li>
            <strong>Acheteurs</strong> : nom, prénom, téléphone et e-mail quand vous les donnez à la caisse, pour vous rattacher vos tickets
            de tombola ou vos paris et vous envoyer votre reçu. Base légale : l'exécution de la vente.
          </li>
          <li>
            <strong>Ventes et comptabilité</strong> : le détail des ventes et des paiements, pour les comptes de l'association. Base légale
            : obligation légale de tenue des comptes.
          </li>
          <li>
            <strong>Bénévoles</strong> : nom, e-mail, rôles, mot de passe chiffré, clés d'accès et dates de connexion, pour protéger l'accès
            à la caisse. Base légale : l'intérêt légitime de l'association.
          </li>
          <li>
            <strong>Formulaires « Devenez partenaire solidaire » et contact</strong> : ce que vous y écrivez, pour vous répondre. Base
            légale : votre demande.
          </li>
        </ul>
        <h3>Combien de temps</h3>
        <ul>
          <li>Messages du formulaire de contact : 12 mois, puis suppression.</li>
          <li>Demandes de partenariat : 3 ans après la demande.</li>
          <li>Adresse ou téléphone d'envoi d'un reçu : effacés dès l'envoi ; la trace de l'envoi est supprimée après 30 jours.</li>
          <li>Ventes et pièces comptables : 10 ans (article L123-22 du Code de commerce).</li>
          <li>
            Comptes des bénévoles : tant que la personne fait partie de l'équipe ; un compte désactivé peut être supprimé sur demande.
          </li>
        </ul>
        <h3>Qui y a accès</h3>
        <p>
          Les seuls membres de l'équipe habilités, selon leur rôle (caisse, trésorerie, administration). Les données ne sont ni vendues ni
          cédées. Les reçus passent par le prestataire d'e-mail ou de SMS de l'association, uniquement pour les envoyer.
        </p>
        <h3>Vos droits</h3>
        <p>
          Vous pouvez demander l'accès à vos données, leur rectification, leur effacement, la limitation du traitement ou vous y opposer, en
          écrivant à l'association par le formulaire de contact. Vous pouvez aussi adresser une réclamation à la CNIL (www.cnil.fr).
        </p>
        <h3>Cookies</h3>
        <p>
          Aucun cookie publicitaire ni mesure d'audience. Le navigateur garde seulement votre session, le thème choisi et, sur une caisse,
          ses réglages ; tout est effacé à la déconnexion.
        </p>
      </div>
    </Modal>
  );
}
