/** The loading indicator for pages and sections; announced to screen readers. */
export function Spinner({ label = 'Loading', className = '' }: { label?: string; className?: string }) {
  return (
    <div role="status" className={`flex justify-center py-10 ${className}`}>
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
