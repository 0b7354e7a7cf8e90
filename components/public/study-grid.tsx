import { EmptyState } from "@/components/ui/empty-state";
import type { StudyDto } from "@/lib/studies/schemas.shared";
import { StudyCard } from "./study-card";

type Props = { studies: StudyDto[]; ongoing: boolean; emptyText: string; readMore: string };

/**
 * The cards of one list on /research, rendered on the server into the page's HTML (the page
 * reads the studies), so the browser asks for nothing and nothing moves once it has loaded.
 */
export function StudyGrid({ studies, ongoing, emptyText, readMore }: Props) {
  if (studies.length === 0) return <EmptyState>{emptyText}</EmptyState>;
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {studies.map((study) => (
        <li key={study.id} className="flex">
          <StudyCard study={study} ongoing={ongoing} readMore={readMore} />
        </li>
      ))}
    </ul>
  );
}
