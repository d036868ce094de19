import { ContactBlock } from './contact-block';
import { pageTitles } from '@/config/page-titles';
import { usePageTitle } from '@/components/ui/use-page-title';
import { company } from '@shop/shared/company';
import { telHref } from '@/config/company';

/** /contact: how to reach us, and the 'Stay connected' block. */
export function ContactPage() {
  usePageTitle(pageTitles.contact);
  return (
    <div className="px-4 pt-10">
      <div className="mx-auto max-w-4xl">
        <h1 className="text-primary mb-4 text-center text-3xl font-bold sm:text-4xl">Contact Us</h1>
        <p className="mb-8 text-center text-lg">
          Our sales team answers bulk, trade and school orders the same working day.
        </p>
        <div className="grid gap-6 md:grid-cols-3">
          <section aria-labelledby="contact-visit" className="card bg-base-200">
            <div className="card-body">
              <h2 id="contact-visit" className="card-title">
                Visit the workshop
              </h2>
              <address className="not-italic">
                {company.name}
                {company.addressLines.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </div>
          </section>
          <section aria-labelledby="contact-call" className="card bg-base-200">
            <div className="card-body">
              <h2 id="contact-call" className="card-title">
                Call or write
              </h2>
              <p>
                Phone:{' '}
                <a className="link" href={telHref(company.phone)}>
                  {company.phone}
                </a>
              </p>
              <p>
                E-mail:{' '}
                <a className="link break-all" href={`mailto:${company.email}`}>
                  {company.email}
                </a>
              </p>
            </div>
          </section>
          <section aria-labelledby="contact-hours" className="card bg-base-200">
            <div className="card-body">
              <h2 id="contact-hours" className="card-title">
                Opening hours
              </h2>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                {company.openingHours.map((row) => (
                  <div key={row.days} className="contents">
                    <dt className="font-semibold">{row.days}</dt>
                    <dd>{row.hours}</dd>
                  </div>
                ))}
              </dl>
              <p className="text-sm">UK time. Closed on bank holidays.</p>
            </div>
          </section>
        </div>
      </div>
      <ContactBlock />
    </div>
  );
}
