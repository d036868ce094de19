/** Our five blog articles (docs/behaviour.md §2.10): our own words, each with a picture and a list. */
export interface Article {
  slug: string;
  title: string;
  image: { src: string; alt: string };
  body: string;
  listTitle: string;
  points: string[];
}

export const articles: Article[] = [
  {
    slug: 'react-performance',
    title: 'How to make a React app faster',
    image: { src: '/blogs/react-performance.webp', alt: 'A speed gauge with its needle close to the top' },
    body: 'A React app feels slow for one of two reasons: it ships more JavaScript than the first screen needs, or it re-renders more of the tree than a change requires. Measure before you change anything. The React Profiler shows which components render and why, and the browser’s performance panel shows long tasks on the main thread. Fix the largest cost first, then measure again: guesses about performance are wrong more often than not.',
    listTitle: 'What usually helps most',
    points: [
      'Split the bundle by route with lazy loading, so a visitor downloads only the page in front of them.',
      'Keep state close to where it is used, so a keystroke does not re-render the whole page.',
      'Memoise expensive calculations and components only where the profiler shows a real cost.',
      'Render long lists in windows and give every list item a stable key.',
      'Serve images in modern formats with a width and height, and load those below the fold lazily.',
    ],
  },
  {
    slug: 'react-state',
    title: 'The ways to manage state in a React application',
    image: { src: '/blogs/react-state.webp', alt: 'Three boxes, state, render and view, joined by arrows' },
    body: 'Not all state is the same, and most trouble starts when one tool is asked to hold every kind. Local interface state, such as whether a menu is open, belongs in useState next to the component. Data that comes from a server is a cache of someone else’s truth and wants a tool that knows about loading, errors, retries and refetching. Values many distant components read, such as the signed-in user, fit a context. Only what is left over needs a global store.',
    listTitle: 'Pick the smallest tool that fits',
    points: [
      'useState and useReducer for state that one component or a small subtree owns.',
      'Lifting state up to the nearest common parent when two siblings need the same value.',
      'Context for rarely changing values many components read: theme, language, the current user.',
      'A server-cache library such as TanStack Query for anything fetched from an API.',
      'The URL for filters, tabs and pages, so that a link or a reload keeps the same view.',
    ],
  },
  {
    slug: 'prototypal-inheritance',
    title: 'How prototypical inheritance works in JavaScript',
    image: {
      src: '/blogs/prototypal-inheritance.webp',
      alt: 'Three linked boxes, brush, Tool and Object, labelled __proto__',
    },
    body: 'Every JavaScript object has a hidden link to another object, its prototype. When you read a property the object does not have, the engine follows that link and looks again, up the chain until it reaches Object.prototype and finally null. Methods are shared this way: a thousand objects built by the same constructor keep one copy of each method on their common prototype. The class keyword is a tidier syntax for exactly this mechanism, not a different model.',
    listTitle: 'Points to remember',
    points: [
      'Object.create(proto) makes a new object whose prototype is proto.',
      'Object.getPrototypeOf(obj) reads the link; avoid the old __proto__ accessor in new code.',
      'Writing a property always writes to the object itself and can shadow the prototype’s value.',
      'A class’s extends sets up two chains: one for instances and one for the static side.',
      'Long chains make look-ups slower and code harder to follow; prefer composition when in doubt.',
    ],
  },
  {
    slug: 'immutable-state',
    title: 'Why you should never change React state directly',
    image: { src: '/blogs/immutable-state.webp', alt: 'A padlock above the words setState(next)' },
    body: 'React decides whether to render again by comparing the old state with the new one, and for objects and arrays it compares references. If you push to an array in state or change a field of a state object, the reference stays the same: React may skip the render, memoised children keep showing old data, and effects that depend on that value do not run. Treat state as a snapshot of one moment. To change it, build a new value and hand it to the setter.',
    listTitle: 'How to update state safely',
    points: [
      'Copy before you change: spread objects and arrays, or use map, filter and concat.',
      'Pass a function to the setter when the new value depends on the previous one.',
      'Copy each level you change in nested data, or flatten the state so there is less nesting.',
      'Never keep a value in state that you can calculate from other state during render.',
      'Reach for a helper such as Immer when deep updates become hard to read.',
    ],
  },
  {
    slug: 'unit-testing',
    title: 'Unit testing a front end without the pain',
    image: { src: '/blogs/unit-testing.webp', alt: 'A checklist with three green ticks' },
    body: 'A unit test checks one piece of behaviour in isolation and runs in milliseconds, so it can run on every save. The best front-end tests describe what a user sees and does rather than how a component is built inside: render it, find the button by its label, click it, and check what appears. Tests written that way survive refactoring and catch the bugs users would actually meet. Keep pure rules, such as how a price or a preview is calculated, in small functions that are tested directly.',
    listTitle: 'Habits of a useful test suite',
    points: [
      'Test behaviour through the public surface, not internal state or private functions.',
      'Query elements the way a person finds them: by role, label and visible text.',
      'Replace the network at its edge with a mock, not the code that calls it.',
      'Give each test its own clean state so that tests can run in any order.',
      'Name tests after the rule they protect, so a failure explains itself.',
    ],
  },
];
