import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Modal, useResource } from '@kermesse/ui-kit';
import { publicGateway } from '../api';

/** Remembers which announcement was dismissed, so a later campaign is shown again. */
export const DISMISSED_ANNOUNCEMENT_KEY = 'kermesseDismissedAnnouncement';

/** The home banner the association wrote in the raffle administration (« Tombola à l'affiche »). */
export interface RaffleBanner {
  /** Changes whenever the banner's raffle or words change. */
  key: string;
  title: string;
  text: string;
  link: string;
  /** What the button says: « Voir la prévente », or « Voir les résultats » once the raffle is drawn. */
  linkLabel?: string;
}

/** `GET /api/public/raffle/featured` → the banner to show, or null (none chosen, or the raffle service unreachable). */
async function loadBanner(): Promise<RaffleBanner | null> {
  const answer = await publicGateway.get<{ data?: { banner?: RaffleBanner | null } }>('/api/public/raffle/featured');
  return answer.data?.banner ?? null;
}

/**
 * The home banner of the featured raffle: the pre-sale with the words the administrator chose, then
 * the results once the raffle is drawn (the raffle service says which), until « Plus tard » is
 * chosen; nothing when no banner is to be shown.
 */
export function PresaleModal() {
  const { data: found } = useResource(loadBanner, []);
  const [dismissed, setDismissed] = useState<string | null>(null);

  const banner = found && found.key !== dismissed && localStorage.getItem(DISMISSED_ANNOUNCEMENT_KEY) !== found.key ? found : null;
  if (!banner) return null;
  const handleDismiss = () => {
    localStorage.setItem(DISMISSED_ANNOUNCEMENT_KEY, banner.key);
    setDismissed(banner.key);
  };
  return (
    <Modal
      title={banner.title}
      onClose={handleDismiss}
      actions={
        <>
          <Button variant="ghost" onClick={handleDismiss}>
            Plus tard
          </Button>
          <Link className="k-button k-button--primary" to={banner.link} onClick={handleDismiss}>
            {banner.linkLabel ?? 'Voir la prévente'}
          </Link>
        </>
      }
    >
      {banner.text && <p>{banner.text}</p>}
    </Modal>
  );
}
