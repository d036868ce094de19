import { useEffect } from 'react';

const BRAND = 'Brushworks';

/** Every route sets its own page title. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${BRAND}` : `${BRAND} · Painting tools from the manufacturer`;
  }, [title]);
}
