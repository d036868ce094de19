import { useSearchParams } from 'react-router';

/** An admin list's state filter: one of the list's states, or '' for all of them. */
export type StateFilter<State extends string> = State | '';

/** The filter's choices: All, then each state by its label. */
export const stateFilterOptions = <State extends string>(
  states: readonly State[],
  labels: Record<State, string>,
): { value: StateFilter<State>; label: string }[] => [
  { value: '', label: 'All' },
  ...states.map((state) => ({ value: state, label: labels[state] })),
];

/**
 * The state filter of an admin list, kept in the URL's `state` beside its other parameters (a
 * search's `q`), so a link or Back reproduces it; anything that is not one of `states` is All.
 */
export function useStateFilter<State extends string>(
  states: readonly State[],
): [StateFilter<State>, (state: StateFilter<State>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = searchParams.get('state');
  const setState = (next: StateFilter<State>) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next) params.set('state', next);
      else params.delete('state');
      return params;
    });
  return [states.includes(state as State) ? (state as State) : '', setState];
}
