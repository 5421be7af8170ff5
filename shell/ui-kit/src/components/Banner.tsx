import type { ReactNode } from 'react';

/** A green (success) or red (error) message band. */
export function Banner({ tone, children }: { tone: 'success' | 'error'; children: ReactNode }) {
  return (
    <div className={`k-banner k-banner--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
