import { useEffect } from 'react';

/**
 * antd's InputNumber draws its up and down steppers through rc-input-number, which names them "Increase Value" and
 * "Decrease Value" in English whatever the locale (no prop or locale entry changes it). Every stepper on the page is
 * named in the interface language instead: those present when the language changes, and those added later. React
 * never writes the attribute again (its value in rc-input-number does not change), so the name stays.
 */
const SELECTOR = '.ant-input-number-handler-up, .ant-input-number-handler-down';

export function useStepperLabels(increase: string, decrease: string): void {
  useEffect(() => {
    const label = (el: Element) => {
      const name = el.classList.contains('ant-input-number-handler-up') ? increase : decrease;
      if (el.getAttribute('aria-label') !== name) el.setAttribute('aria-label', name);
    };
    const labelWithin = (root: ParentNode) => root.querySelectorAll(SELECTOR).forEach(label);
    labelWithin(document);
    const observer = new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) {
          if (!(node instanceof Element)) continue;
          if (node.matches(SELECTOR)) label(node);
          else if (node.getElementsByClassName('ant-input-number-handler').length > 0) labelWithin(node);
        }
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [increase, decrease]);
}
