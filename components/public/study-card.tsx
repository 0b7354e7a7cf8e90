import Link from "next/link";
import { ArrowRight } from "lucide-react";
import type { StudyDto } from "@/lib/studies/schemas.shared";
import { RichText } from "@/components/rich-text/rich-text";

type Props = { study: StudyDto; ongoing: boolean; readMore: string };

/** One study on /research. Ongoing studies stand out with a red border (spec §2). */
export function StudyCard({ study, ongoing, readMore }: Props) {
  const headingId = `study-${study.id}-title`;
  return (
    <article
      aria-labelledby={headingId}
      data-ongoing={ongoing ? "true" : undefined}
      className={`flex w-full flex-col rounded-lg bg-white p-5 shadow-sm ${
        ongoing ? "border-2 border-accent-600" : "border border-gray-300"
      }`}
    >
      <h3 id={headingId} className="text-lg font-semibold break-words text-primary-800">
        {study.name}
      </h3>
      <RichText html={study.short_description} className="mt-2 flex-1 text-muted" />
      <Link
        href={`/study/${study.id}`}
        className="mt-4 inline-flex items-center gap-1 self-start rounded font-semibold text-primary-700 underline underline-offset-4 hover:text-primary-800"
      >
        {/* One box, so the accessible name reads "read more: <name>" without a stray space. */}
        <span className="inline-block underline underline-offset-4 first-letter:uppercase">
          {readMore}
          <span className="sr-only">: {study.name}</span>
        </span>
        <ArrowRight aria-hidden className="size-4" />
      </Link>
    </article>
  );
}
