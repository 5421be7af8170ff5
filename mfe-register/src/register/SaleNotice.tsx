/**
 * The line under the payment buttons that says why a sale did not go through (or that cash was
 * cancelled), with « Réessayer » and « Envoyer plus tard » when the server's answer was lost.
 */
import { Button } from '@kermesse/ui-kit';

export interface Notice {
  tone: 'error' | 'info';
  text: string;
}

export type SetNotice = (notice: Notice | null) => void;

export interface SaleNoticeProps {
  notice: Notice | null;
  /** « Réessayer »: the lost sale sent again with its key (absent when nothing was lost). */
  onRetry?: () => void;
  /** « Envoyer plus tard »: the lost sale kept on the device. */
  onKeep?: () => void;
}

export function SaleNotice({ notice, onRetry, onKeep }: SaleNoticeProps) {
  if (!notice) return null;
  return (
    <div className={notice.tone === 'error' ? 'k-error-line reg-notice' : 'reg-notice reg-notice--info'} role="alert">
      {notice.text}
      {onRetry && (
        <Button variant="secondary" className="reg-notice__retry" onClick={onRetry}>
          Réessayer
        </Button>
      )}
      {onKeep && (
        <Button variant="secondary" className="reg-notice__retry" onClick={onKeep}>
          Envoyer plus tard
        </Button>
      )}
    </div>
  );
}
