"use client";

import { ArrowRight, Loader2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { api } from "@/lib/api-client";

export function PanelSignupForm() {
  const t = useTranslations("home");
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || loading) return;
    setLoading(true);
    setFailed(false);
    const result = await api("/api/panel_user", { body: { email } });
    if (result.ok && result.status === 200) {
      router.push("/bedankt");
      return;
    }
    setLoading(false);
    setFailed(true);
  }

  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor="panel-email" className="label">
        {t("emailLabel")}
      </label>
      <div className="flex gap-2">
        <input
          id="panel-email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          className="input"
          placeholder={t("emailPlaceholder")}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={failed || undefined}
          aria-describedby={failed ? "panel-email-error" : undefined}
        />
        <button
          type="submit"
          className="btn-primary shrink-0 px-3"
          disabled={email.trim() === "" || loading}
          aria-label={t("submit")}
        >
          {loading ? (
            <Loader2 aria-hidden className="size-5 animate-spin" />
          ) : (
            <ArrowRight aria-hidden className="size-5" />
          )}
        </button>
      </div>
      {failed && (
        <p id="panel-email-error" role="alert" className="field-error">
          {t("error")}
        </p>
      )}
    </form>
  );
}
