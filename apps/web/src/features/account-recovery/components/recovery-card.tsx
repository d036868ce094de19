import type { ReactNode } from 'react';

/** The card of the recovery pages, in the look of the login card (docs/behaviour.md §4.8). */
export function RecoveryCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex justify-center px-4 py-12">
      <div className="card bg-base-100 border-base-300 w-full max-w-md border shadow-md">
        <div className="card-body gap-4">
          <h1 className="text-center text-2xl font-bold">{title}</h1>
          {children}
        </div>
      </div>
    </section>
  );
}
