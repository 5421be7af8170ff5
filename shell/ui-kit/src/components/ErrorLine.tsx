import type { ReactNode } from 'react';

/** One line of error text, announced as soon as it appears. */
export function ErrorLine({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <p className="k-error-line" role="alert" id={id}>
      {children}
    </p>
  );
}
