"use client";

import { ArrowRight } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useApiMutation } from "@/components/data/use-api-mutation";
import { FieldWithButton } from "@/components/ui/field-with-button";
import { SubmitButton } from "@/components/ui/submit-button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { ErrorCode } from "@/lib/errors/codes.shared";

/**
 * The home page's sign-up: one field, so no form library (this page's script is budgeted). An
 * address the server refuses (the browser lets through more than the server accepts) is named
 * as the problem, in the login form's words; any other failure shows the spec's one text, since
 * what went wrong is not the visitor's to fix.
 */
export function PanelSignupForm() {
  const t = useTranslations("home");
  const router = useRouter();
  const [email, setEmail] = useState("");
  const input = useRef<HTMLInputElement>(null);
  // An address typed before the page's scripts ran is in the field but not in the state (React
  // does not replay that typing when it hydrates), which would leave the button disabled.
  useEffect(() => {
    const typed = input.current?.value;
    if (typed) setEmail(typed);
  }, []);
  const { run, pending } = useApiMutation();
  const [leaving, setLeaving] = useState(false);
  const [failed, setFailed] = useState<"address" | "other" | null>(null);
  const loading = pending || leaving;

  // Not disabled in the server's HTML: a disabled default button keeps Enter and a press from
  // sending the form at all, and a form sent before the scripts ran is kept and sent once they
  // have (the early-submit script), with what the field holds by then.
  const hydrated = useHydrated();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = email || input.current?.value || "";
    if (!address.trim() || loading) return;
    setFailed(null);
    const result = await run({ path: "/api/panel_user", body: { email: address } });
    if (result.ok && result.status === 200) {
      // Stays busy until the thank-you page replaces this one.
      setLeaving(true);
      router.push("/bedankt");
      return;
    }
    const refusedAddress =
      !result.ok && result.error.code === ErrorCode.INVALID_INPUT && !!result.error.fields?.email;
    setFailed(refusedAddress ? "address" : "other");
  }

  return (
    <form method="post" onSubmit={submit} noValidate>
      <FieldWithButton id="panel-email" label={t("emailLabel")}>
        <input
          ref={input}
          id="panel-email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          className="input"
          placeholder={t("emailPlaceholder")}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          // Only a refused address is the field's fault; after any other failure it is as typed.
          aria-invalid={failed === "address" || undefined}
          aria-describedby={failed ? "panel-email-error" : undefined}
        />
        <SubmitButton
          className="shrink-0 px-3"
          pending={loading}
          disabled={hydrated && email.trim() === ""}
          aria-label={t("submit")}
          icon={<ArrowRight aria-hidden className="size-5" />}
        />
      </FieldWithButton>
      {failed && (
        <p id="panel-email-error" role="alert" className="field-error">
          {failed === "address" ? t("emailInvalid") : t("error")}
        </p>
      )}
    </form>
  );
}
