import type { StudyDto } from "@/lib/studies/schemas.shared";
import { RichText } from "@/components/rich-text/rich-text";
import { headingsFrom } from "@/lib/rich-text/heading-levels.shared";
import { ReadMoreLink } from "@/components/ui/read-more-link";

type Props = { study: StudyDto; ongoing: boolean; readMore: string };

/** One study on /research. Ongoing studies stand out with a red border (spec §2). */
export function StudyCard({ study, ongoing, readMore }: Props) {
  const headingId = `study-${study.id}-title`;
  return (
    <article
      aria-labelledby={headingId}
      data-ongoing={ongoing ? "true" : undefined}
      className={`card w-full p-5 ${
        ongoing ? "border-2 border-accent-600" : "border border-gray-300"
      }`}
    >
      <h3 id={headingId} className="text-lg font-semibold break-words text-primary-800">
        {study.name}
      </h3>
      {/* Headings staff put in the text rank below the card's own h3, not beside the page's
          h2 sections, so heading navigation keeps every card under its list. */}
      <RichText
        html={headingsFrom(study.short_description, 4)}
        className="mt-2 flex-1 text-muted"
      />
      <ReadMoreLink href={`/study/${study.id}`}>
        {/* One box, so the accessible name reads "read more: <name>" without a stray space. */}
        <span className="inline-block underline underline-offset-4 first-letter:uppercase">
          {readMore}
          <span className="sr-only">: {study.name}</span>
        </span>
      </ReadMoreLink>
    </article>
  );
}
