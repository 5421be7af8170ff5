import { Link } from 'react-router';
import { Button } from '@kermesse/ui-kit';

/** Unknown address; when the module list could not be read, says so and offers to reload. */
export function NotFoundPage({ manifestFailed }: { manifestFailed: boolean }) {
  if (manifestFailed) {
    return (
      <section className="shell-notice" role="alert">
        <h1>Modules indisponibles</h1>
        <p className="shell-notice__lead">La liste des modules de Kermesse n'a pas pu être chargée.</p>
        <Button onClick={() => window.location.reload()}>Réessayer</Button>
      </section>
    );
  }
  return (
    <section className="shell-notice">
      <h1>Page introuvable</h1>
      <p className="shell-notice__lead">Cette adresse ne correspond à aucune page de Kermesse.</p>
      <Link className="k-button k-button--secondary" to="/">
        Retour à l'accueil
      </Link>
    </section>
  );
}
