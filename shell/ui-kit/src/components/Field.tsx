import type { InputHTMLAttributes, ReactNode } from 'react';
import { classNames } from './Button';

/** A label above its control. */
export function Field({ label, htmlFor, children }: { label: ReactNode; htmlFor: string; children: ReactNode }) {
  return (
    <div className="k-field">
      <label className="k-field__label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** A text input sized for fingers as much as for a mouse. */
export function TextInput({ className, type = 'text', ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input type={type} className={classNames('k-input', className)} {...props} />;
}
