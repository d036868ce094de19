import { copy } from '@shop/shared/copy';
import { pageTitles } from '@/config/page-titles';
import { usePageTitle } from '@/components/ui/use-page-title';
import { staticSrcSet } from '@/lib/static-picture';
import { articles } from './articles';

/** /blogs: five articles, each with a picture and a list (docs/behaviour.md §2.10). */
export function BlogsPage() {
  usePageTitle(pageTitles.blogs);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-primary mb-10 text-center text-3xl font-bold sm:text-4xl">{copy.blogsHeading}</h1>
      <div className="flex flex-col gap-10">
        {articles.map((article, index) => (
          <article
            key={article.slug}
            aria-labelledby={`${article.slug}-title`}
            className="card bg-base-100 border-base-300 overflow-hidden border shadow-sm"
          >
            <figure>
              <img
                src={article.image.src.replace(/\.webp$/, '-800w.webp')}
                srcSet={staticSrcSet(article.image.src)}
                sizes="(min-width: 896px) 862px, calc(100vw - 34px)"
                alt={article.image.alt}
                width={800}
                height={450}
                loading={index === 0 ? 'eager' : 'lazy'}
                decoding="async"
                className="aspect-video h-auto w-full object-cover"
              />
            </figure>
            <div className="card-body gap-4">
              <h2 id={`${article.slug}-title`} className="card-title text-2xl">
                {article.title}
              </h2>
              <p className="leading-relaxed">{article.body}</p>
              <h3 className="text-lg font-semibold">{article.listTitle}</h3>
              <ul className="list-disc space-y-1 pl-6">
                {article.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </div>
          </article>
        ))}
      </div>
    </div>
  );
}
