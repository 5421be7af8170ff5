import { useEffect, useId, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { StockItem } from '../api/stockApi';
import { serverMessage } from '../components/messages';

/** docs/spec.md §8: what is shown next to the field when an update fails without a server message. */
export const UPDATE_FAILED = 'Erreur lors de la mise à jour';

interface InlineNumberProps {
  label: string;
  value: number;
  onSave(value: number): Promise<StockItem>;
  onSaved(item: StockItem): void;
}

/**
 * A number edited in place (docs/spec.md §5: min 0): saved when the field is left or Enter is pressed,
 * Escape puts the saved value back. The outcome is shown next to the field.
 */
export function InlineNumber({ label, value, onSave, onSaved }: InlineNumberProps) {
  const [text, setText] = useState(String(value));
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'error'>('idle');
  const [message, setMessage] = useState('');
  const messageId = useId();

  useEffect(() => setText(String(value)), [value]);

  const save = async () => {
    if (state === 'saving') return;
    const trimmed = text.trim();
    if (trimmed === String(value)) return;
    if (!/^\d+$/.test(trimmed)) {
      setState('error');
      setMessage(`${UPDATE_FAILED} : un nombre entier positif ou nul est attendu.`);
      return;
    }
    setState('saving');
    setMessage('');
    try {
      const item = await onSave(Number(trimmed));
      setState('saved');
      onSaved(item);
    } catch (error) {
      setState('error');
      setMessage(serverMessage(error, UPDATE_FAILED));
    }
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      setText(String(value));
      setState('idle');
      setMessage('');
    }
  };

  const handleBlur = (_event: FocusEvent<HTMLInputElement>) => void save();

  return (
    <span className="stk-inline">
      <input
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        className={state === 'error' ? 'k-input stk-inline__input stk-inline__input--error' : 'k-input stk-inline__input'}
        aria-label={label}
        aria-invalid={state === 'error'}
        aria-describedby={message ? messageId : undefined}
        value={text}
        disabled={state === 'saving'}
        onChange={(event) => {
          setText(event.target.value);
          if (state !== 'saving') setState('idle');
        }}
        onKeyDown={handleKeyDown}
        onBlur={handleBlur}
      />
      <span className="stk-inline__status" aria-live="polite">
        {state === 'saved' && (
          <span className="stk-saved" title="Enregistré">
            ✓<span className="k-visually-hidden">Enregistré</span>
          </span>
        )}
      </span>
      {message && (
        <span className="stk-inline__error" id={messageId} role="alert">
          {message}
        </span>
      )}
    </span>
  );
}
