import { useEffect, useRef, type RefObject } from 'react';

/**
 * Whether the screen is still on the page, for the actions that outlive a click (a sale being sent,
 * a card payment polling the reader): their end must not send a sale or show a notice once the
 * cashier has left the register. Loading data uses the kit's `useResource` instead.
 */
export function useMounted(): RefObject<boolean> {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}
