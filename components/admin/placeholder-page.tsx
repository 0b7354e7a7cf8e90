import { EmptyState } from "@/components/ui/empty-state";

/** A portal section that has nothing to show yet: its heading and a quiet note. */
export function PlaceholderPage({ title, text }: { title: string; text: string }) {
  return (
    <section className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold text-primary-800">{title}</h1>
      <div className="mt-6">
        <EmptyState>{text}</EmptyState>
      </div>
    </section>
  );
}
