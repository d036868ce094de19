const figures = [
  { value: '72', title: 'Total Countries' },
  { value: '52+', title: 'Product Menufecture' },
  { value: '300+', title: 'Happy Clients' },
  { value: '500+', title: 'Clients Feedbacks' },
];

/** Home's business summary (docs/behaviour.md §2.9), as daisyUI stats. */
export function BusinessSummary() {
  return (
    <section aria-labelledby="summary-heading" className="bg-neutral text-neutral-content">
      <div className="mx-auto max-w-6xl px-4 py-16 text-center">
        <h2 id="summary-heading" className="mb-2 text-3xl font-bold">
          Our Business in Numbers
        </h2>
        <p className="mb-10">Made in one workshop, shipped by the pallet all over the world.</p>
        <dl className="stats stats-vertical md:stats-horizontal bg-base-100 text-base-content w-full shadow">
          {figures.map((figure) => (
            <div key={figure.title} className="stat place-items-center">
              <dt className="stat-title text-base-content">{figure.title}</dt>
              <dd className="stat-value text-primary">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
