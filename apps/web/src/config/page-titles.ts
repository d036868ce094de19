/**
 * The titles of the pages the server renders (entry-server.tsx puts them in the HTML; each
 * page sets the same one with usePageTitle). '' is home: the brand line alone.
 */
export const pageTitles = {
  home: '',
  blogs: 'Blogs',
  contact: 'Contact',
  products: 'Painting tools',
} as const;
