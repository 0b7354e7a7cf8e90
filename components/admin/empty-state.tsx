import { Inbox } from "lucide-react";

/** A section's heading with a quiet note for when there is nothing to show. */
export function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <section className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold text-primary-800">{title}</h1>
      <div className="mt-6 flex flex-col items-center gap-3 rounded-lg border border-dashed border-gray-300 bg-white px-6 py-12 text-center text-muted">
        <Inbox aria-hidden className="size-8" />
        <p>{text}</p>
      </div>
    </section>
  );
}
