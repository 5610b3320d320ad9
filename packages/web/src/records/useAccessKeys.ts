import { useEffect } from 'react';

/**
 * Spec 2: the detail's access keys (S update, L back, O open, P previous, N next). The buttons carry `accessKey`,
 * which browsers activate with their own modifiers; this also answers Alt+key (and Alt+Shift+key) wherever the
 * browser did not (its own activation prevents the default, so nothing runs twice). Only the keys given are taken.
 */
export function useAccessKeys(keys: readonly string[]): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      const match = /^Key([A-Z])$/.exec(event.code);
      const key = match?.[1]?.toLowerCase();
      if (!key || !keys.includes(key)) return;
      const target = document.querySelector<HTMLElement>(`[accesskey="${key}"]`);
      if (!target || target.matches(':disabled, [aria-disabled="true"]')) return;
      event.preventDefault();
      target.click();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [keys]);
}
