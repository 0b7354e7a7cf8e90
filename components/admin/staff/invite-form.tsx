"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, Send } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { FormAlert } from "@/components/auth/form-alert";
import { TextField } from "@/components/auth/text-field";
import { inviteStaffSchema, type StaffListItem } from "@/lib/auth/staff-schemas";
import { api } from "@/lib/api-client";
import { useErrorMessage } from "@/lib/i18n/use-error-message";

const empty = { email: "", name: "", is_admin: false };

export function InviteForm({ onInvited }: { onInvited: (member: StaffListItem) => void }) {
  const t = useTranslations("admin.staff");
  const tv = useTranslations("admin.staff.validation");
  const errorMessage = useErrorMessage();
  const schema = useMemo(() => inviteStaffSchema(tv), [tv]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: empty });
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    const result = await api<StaffListItem>("/api/staff", { body: values });
    if (!result.ok) {
      setServerError(errorMessage(result.error));
      return;
    }
    toast.success(t("invite.sent", { email: result.data.email }));
    form.reset(empty);
    onInvited(result.data);
  });

  const busy = form.formState.isSubmitting;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="invite-title"
      className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 sm:p-6"
    >
      <h2 id="invite-title" className="text-lg font-semibold">
        {t("invite.title")}
      </h2>
      {serverError ? <FormAlert tone="error">{serverError}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("invite.email")}
          type="email"
          autoComplete="off"
          error={form.formState.errors.email?.message}
          {...form.register("email")}
        />
        <TextField
          label={t("invite.name")}
          type="text"
          autoComplete="off"
          error={form.formState.errors.name?.message}
          {...form.register("name")}
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" {...form.register("is_admin")} />
        {t("invite.isAdmin")}
      </label>
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Send aria-hidden className="size-4" />}
        {t("invite.submit")}
      </button>
    </form>
  );
}
