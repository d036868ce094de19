import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { AppRoutes } from '@/app/app-routes';
import { Providers } from '@/app/providers';

/** A query client for tests: no retries, so a failure shows at once. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Where the app is now, as the user's address bar would show it. */
interface CurrentLocation {
  state: { location: Location };
}

function LocationProbe({ onChange }: { onChange: (location: Location) => void }) {
  const location = useLocation();
  useEffect(() => {
    onChange(location);
  }, [location, onChange]);
  return null;
}

/** Renders the real route table at `path`, with the real providers. */
export function renderApp(path: string) {
  const router: CurrentLocation = { state: { location: undefined as unknown as Location } };
  const queryClient = createTestQueryClient();
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <Providers queryClient={queryClient}>
        <AppRoutes />
        <LocationProbe
          onChange={(location) => {
            router.state.location = location;
          }}
        />
      </Providers>
    </MemoryRouter>,
  );
  return { ...result, router, queryClient };
}
