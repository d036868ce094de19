import { useEffect } from 'react';

const BRAND = 'Brushworks';

/** A page's document title: its own title and the brand, or the brand line alone for home. */
export const documentTitle = (title: string) =>
  title ? `${title} · ${BRAND}` : `${BRAND} · Painting tools from the manufacturer`;

/** Every route sets its own page title. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
