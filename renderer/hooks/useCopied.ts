import { useEffect, useRef, useState } from 'react';
import { COPY_SUCCESS_MS } from '../lib/clipboard.ts';

/**
 * A copy button's success state: `flash()` shows it for COPY_SUCCESS_MS, again from the start on
 * a second copy; the timer goes with the component.
 */
export function useCopied(): { copied: boolean; flash: () => void } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const flash = () => {
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_SUCCESS_MS);
  };
  return { copied, flash };
}
