import { Component, type ReactNode } from 'react';
import { ErrorState } from '@/components/ui/error-state';

/** If the carousel's code cannot be loaded (offline, new deploy), say so instead of failing the page. */
export class CarouselBoundary extends Component<{ children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override render() {
    if (this.state.hasFailed) {
      return (
        <ErrorState
          message="The reviews could not be shown. Reload the page to try again."
          onRetry={() => window.location.reload()}
        />
      );
    }
    return this.props.children;
  }
}
