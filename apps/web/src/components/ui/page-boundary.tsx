import { Component, type ReactNode } from 'react';
import { isChunkLoadError, reloadOnceForMissingChunk } from '@/lib/chunk-reload';
import { ErrorState } from './error-state';
import { Spinner } from './spinner';

interface Props {
  children: ReactNode;
  /** The page's path: moving to another page leaves a failed one behind. */
  resetKey: string;
}

interface State {
  error: unknown;
  /** A missing chunk is being fetched anew by a reload. */
  isReloading: boolean;
}

/**
 * Catches what a page throws while rendering, and a page chunk that no longer exists, so the
 * navigation bar and footer around it keep working (docs/behaviour.md §2.7). A missing chunk
 * reloads the page once; otherwise a plain message offers 'Try again', which renders the page anew.
 */
export class PageBoundary extends Component<Props, State> {
  override state: State = { error: null, isReloading: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (isChunkLoadError(error) && reloadOnceForMissingChunk()) this.setState({ isReloading: true });
  }

  override componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.error !== null) this.reset();
  }

  private reset = () => this.setState({ error: null, isReloading: false });

  override render() {
    const { error, isReloading } = this.state;
    if (error === null) return this.props.children;
    if (isReloading) return <Spinner label="Loading the new version of the shop" />;
    // A chunk that failed to load stays failed in this tab: only a reload fetches it anew.
    const retry = isChunkLoadError(error) ? () => window.location.reload() : this.reset;
    return (
      <div className="mx-auto max-w-xl px-4">
        <ErrorState message="Something went wrong while showing this page." onRetry={retry} />
      </div>
    );
  }
}
