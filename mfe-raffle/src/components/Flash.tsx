import { Banner } from '@kermesse/ui-kit';

/** A green or red banner of docs/spec.md §8, with an optional server detail on an error. */
export interface FlashMessage {
  tone: 'success' | 'error';
  text: string;
  detail?: string;
}

export function Flash({ message }: { message: FlashMessage | null }) {
  if (!message) return null;
  return (
    <Banner tone={message.tone}>
      {message.text}
      {message.detail && message.detail !== message.text && <span className="rf-detail">{message.detail}</span>}
    </Banner>
  );
}

/** The server's French message of a failure, when there is one. */
export const detailOf = (error: unknown): string | undefined => (error instanceof Error && error.message ? error.message : undefined);
