/**
 * The titles of the public pages (entry-server.tsx puts them in the HTML the server sends; each
 * page sets the same one with usePageTitle). '' is home: the brand line alone.
 */
export const pageTitles = {
  home: '',
  blogs: 'Blogs',
  contact: 'Contact',
  products: 'Painting tools',
  notFound: 'Page not found',
  login: 'Login',
  signup: 'Sign Up',
} as const;

/**
 * The meta description of each page the server renders (docs/behaviour.md §2.12): what a search
 * engine shows under the title. A product page's is its own description (lib/page-head.ts).
 */
export const pageDescriptions = {
  home: 'Brushworks: painting tools straight from the manufacturer, in bulk.',
  blogs:
    'Notes from the Brushworks team on building a fast shop front end: performance, state, inheritance and unit testing.',
  contact:
    'Write to, call or visit Brushworks, the painting-tool maker in Sheffield: address, phone, e-mail and opening hours.',
  products:
    'Every Brushworks painting tool: brushes, rollers, trays and finishing tools in bulk, with stock, minimum order and unit price.',
  login: 'Log in to your Brushworks account to order painting tools in bulk and follow your orders.',
  signup: 'Open a Brushworks account to order painting tools in bulk, pay by card and follow your orders.',
} as const;
