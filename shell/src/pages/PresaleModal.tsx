import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Modal } from '@kermesse/ui-kit';

/** Remembers which announcement was dismissed, so a later campaign is shown again. */
export const DISMISSED_ANNOUNCEMENT_KEY = 'kermesseDismissedAnnouncement';
const PRESALE_ANNOUNCEMENT = 'tombola-automne-2024';

/** The event banner announcing the autumn raffle pre-sale (SPEC §2), until « Plus tard » is chosen. */
export function PresaleModal() {
  const [open, setOpen] = useState(() => localStorage.getItem(DISMISSED_ANNOUNCEMENT_KEY) !== PRESALE_ANNOUNCEMENT);

  const handleDismiss = () => {
    localStorage.setItem(DISMISSED_ANNOUNCEMENT_KEY, PRESALE_ANNOUNCEMENT);
    setOpen(false);
  };

  if (!open) return null;
  return (
    <Modal
      title="Tombola d'automne 2024 : la prévente est ouverte !"
      onClose={handleDismiss}
      actions={
        <>
          <Button variant="ghost" onClick={handleDismiss}>
            Plus tard
          </Button>
          <Link className="k-button k-button--primary" to="/tombola/prevente" onClick={handleDismiss}>
            Voir la prévente
          </Link>
        </>
      }
    >
      <p>
        Réservez dès maintenant vos tickets pour la grande tombola d'automne de l'association : de beaux lots à gagner,
        et chaque ticket soutient nos projets.
      </p>
    </Modal>
  );
}
