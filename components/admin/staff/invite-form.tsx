"use client";

import { Send } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { toast } from "sonner";
import { useApiForm } from "@/components/data/use-api-form";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import { EmailField } from "@/components/ui/email-field";
import { PasswordField } from "@/components/ui/password-field";
import { TextField } from "@/components/ui/text-field";
import { inviteStaffSchema, type StaffListItem } from "@/lib/auth/staff-schemas.shared";
import { ErrorCode } from "@/lib/errors/codes.shared";

const empty = { email: "", name: "", is_admin: false, password: "" };

/**
 * `onAdminLost`: the invitation was refused with code 8, only ever "this requires an admin" here
 * (the role was taken elsewhere); the screen then shows what a non-admin sees.
 */
export function InviteForm({
  onInvited,
  onAdminLost,
}: {
  onInvited: (member: StaffListItem) => void;
  onAdminLost: () => void;
}) {
  const t = useTranslations("admin.staff");
  const tv = useTranslations("admin.staff.validation");
  const schema = useMemo(() => inviteStaffSchema(tv, tv("passwordForAdmin")), [tv]);
  const form = useApiForm({
    schema,
    codeFields: { [ErrorCode.EMAIL_EXISTS]: "email", [ErrorCode.WRONG_PASSWORD]: "password" },
    defaultValues: empty,
    // The password goes only with an admin invitation.
    submit: ({ password, ...values }) => ({
      path: "/api/staff",
      body: values.is_admin ? { ...values, password } : values,
    }),
    onSuccess: (member: StaffListItem) => {
      toast.success(t("invite.sent", { email: member.email }));
      form.reset(empty);
      onInvited(member);
    },
    onError: (error, _message, _values, status) => {
      if (error.code === ErrorCode.ADMIN_REQUIRED) onAdminLost();
      // 503 code 13: the invitation mail could not go, and the server keeps no account without
      // it. Not for other failures (a gateway's time-out may come after the account was made).
      if (status === 503 && error.code === ErrorCode.UNKNOWN) {
        form.setFormError(t("invite.mailFailed"));
      }
    },
  });

  return (
    <form
      method="post"
      onSubmit={form.onSubmit}
      noValidate
      aria-labelledby="invite-title"
      className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 sm:p-6"
    >
      <h2 id="invite-title" className="text-lg font-semibold">
        {t("invite.title")}
      </h2>
      {form.formError ? <Alert tone="error">{form.formError}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <EmailField label={t("invite.email")} autoComplete="off" {...form.field("email")} />
        <TextField
          label={t("invite.name")}
          type="text"
          autoComplete="off"
          {...form.field("name")}
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" {...form.form.register("is_admin")} />
        {t("invite.isAdmin")}
      </label>
      {form.form.watch("is_admin") ? (
        <PasswordField
          label={t("invite.password")}
          description={t("invite.passwordHint")}
          {...form.field("password")}
        />
      ) : null}
      <SubmitButton pending={form.pending} icon={<Send aria-hidden className="size-4" />}>
        {t("invite.submit")}
      </SubmitButton>
    </form>
  );
}
