import { NEWS_IMAGE_SIZE, newsImagePath, type NewsArticle } from "@/content/news";
import { ReadMoreLink } from "@/components/ui/read-more-link";
import { StaticImage } from "@/components/ui/static-image";

type Props = { article: NewsArticle; readMore: string; headingId: string };

/** One article on the news overview. The article texts are Dutch only, the link label is not. */
export function NewsCard({ article, readMore, headingId }: Props) {
  return (
    <article
      aria-labelledby={headingId}
      className="card overflow-hidden border border-gray-200"
    >
      <StaticImage
        src={newsImagePath(article)}
        alt={article.image.alt}
        lang="nl"
        width={NEWS_IMAGE_SIZE.width}
        height={NEWS_IMAGE_SIZE.height}
        unoptimized
        className="h-auto w-full"
      />
      <div className="flex flex-1 flex-col p-5">
        <h2 id={headingId} lang="nl" className="text-lg font-semibold text-primary-800">
          {article.title}
        </h2>
        <p lang="nl" className="mt-2 flex-1 leading-relaxed text-muted">
          {article.description}
        </p>
        <ReadMoreLink href={`/news/${article.slug}`}>
          {readMore}
          <span className="sr-only">
            : <span lang="nl">{article.title}</span>
          </span>
        </ReadMoreLink>
      </div>
    </article>
  );
}
