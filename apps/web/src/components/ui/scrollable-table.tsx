import type { ReactNode } from 'react';

/**
 * A data table that scrolls sideways on a phone. The wrapper is a focusable, labelled region
 * so that a keyboard can scroll it even when no cell holds a button (WCAG 2.1.1).
 */
export function ScrollableTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={label}>
      <table className="table-zebra table">{children}</table>
    </div>
  );
}
