import { Link } from 'react-router';
import { copy } from '@shop/shared/copy';
import { paths } from '@/config/paths';
import { staticSrcSet } from '@/lib/static-picture';

/** The hero. Its picture is the largest thing above the fold: loaded at once, with priority. */
export function Banner() {
  return (
    <section className="from-base-200 to-base-100 bg-gradient-to-b">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 md:grid-cols-2 md:py-20">
        <div className="text-center md:text-left">
          <p className="text-accent mb-3 font-semibold tracking-wide uppercase">Brushworks · Since 1998</p>
          <h1 className="text-3xl leading-tight font-extrabold sm:text-4xl lg:text-5xl">
            {copy.homeHeadline}
          </h1>
          <p className="mt-5 text-lg">
            Brushes, rollers, trays and finishing tools made on our own floor and sold by the case to
            decorators, schools and studios in 72 countries.
          </p>
          <Link to={paths.products} className="btn btn-primary btn-lg mt-8">
            {copy.homeExploreButton}
          </Link>
        </div>
        <img
          src="/hero-800w.webp"
          srcSet={staticSrcSet('/hero.webp')}
          sizes="(min-width: 1152px) 560px, (min-width: 768px) 50vw, 100vw"
          width={960}
          height={720}
          alt="A Brushworks paint roller, brush and paint can beside a card of colour swatches"
          fetchPriority="high"
          decoding="async"
          className="h-auto w-full"
        />
      </div>
    </section>
  );
}
