import { CircleAlert, CircleCheck } from "lucide-react";

/** The message a form shows after the server answered: errors at once, successes politely. */
export function FormAlert({ tone, children }: { tone: "error" | "success"; children: string }) {
  const Icon = tone === "success" ? CircleCheck : CircleAlert;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`flex gap-2 rounded-md border p-3 text-sm ${
        tone === "success"
          ? "border-green-700 bg-green-50 text-green-900"
          : "border-accent-700 bg-red-50 text-accent-700"
      }`}
    >
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p>{children}</p>
    </div>
  );
}
