import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type * as Axe from 'axe-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

declare global {
  interface Window {
    axe?: typeof Axe;
  }
}

export interface Violation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core in the page and returns its serious and critical violations. The shop's CSP
 * (script-src 'self') refuses an inline <script>, so axe's source is evaluated through the
 * DevTools protocol instead of page.addScriptTag: the page keeps its real CSP during the journey.
 */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    // A toast's timer can run out while axe runs; the text of a toast fading out then fails the
    // contrast check by chance. Such a node is left out when, axe done, the toast it was part of
    // is gone or no longer fully opaque: a toast still shown in full is checked like the rest.
    const toastParts = new Set(document.querySelectorAll('[data-rht-toaster] *'));
    const fadingToast = (element: Element | undefined) => {
      if (!element || !toastParts.has(element)) return false;
      if (!element.isConnected) return true;
      for (let at: Element | null = element; at && !at.matches('[data-rht-toaster]'); at = at.parentElement) {
        if (Number(getComputedStyle(at).opacity) < 1) return true;
      }
      return false;
    };
    const result = await window.axe!.run(document, { resultTypes: ['violations'], elementRef: true });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        ...violation,
        nodes:
          violation.id === 'color-contrast'
            ? violation.nodes.filter((node) => !fadingToast(node.element))
            : violation.nodes,
      }))
      .filter((violation) => violation.nodes.length > 0)
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
      }));
  });
}

export function describeViolations(violations: Violation[]): string {
  return violations
    .map((v) => `  [${v.impact}] ${v.id}: ${v.help}\n${v.targets.map((t) => `      at ${t}`).join('\n')}`)
    .join('\n');
}
