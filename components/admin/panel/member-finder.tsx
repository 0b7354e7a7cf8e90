"use client";

import { Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { useApiForm } from "@/components/data/use-api-form";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import { EmailField } from "@/components/ui/email-field";
import { SelectField } from "@/components/ui/text-field";
import {
  memberSearchSchema,
  PANEL_USER_STATUSES,
  type PanelUserList,
  type PanelUserStatus,
} from "@/lib/panel/schemas.shared";

export type MemberSearch = { email: string; list: PanelUserList };

/**
 * Finding members: by their exact address (sent in a POST body, so it appears in no URL), or
 * the list narrowed to verified, unverified or bounced members.
 */
export function MemberFinder({
  status,
  onStatusChange,
  onFound,
}: {
  status: PanelUserStatus | undefined;
  onStatusChange: (status: PanelUserStatus | undefined) => void;
  onFound: (search: MemberSearch) => void;
}) {
  const t = useTranslations("panel.admin");
  const search = useApiForm({
    schema: memberSearchSchema({ required: t("search.required"), tooLong: t("search.tooLong") }),
    defaultValues: { email: "" },
    submit: (values) => ({ path: "/api/panel_user/search", body: values }),
    onSuccess: (list: PanelUserList, values) => onFound({ email: values.email, list }),
  });

  return (
    <div className="flex flex-wrap items-end gap-4">
      <form
        method="post"
        role="search"
        onSubmit={search.onSubmit}
        noValidate
        className="flex min-w-0 flex-1 flex-wrap items-start gap-2"
      >
        <div className="min-w-64 flex-1">
          <EmailField
            label={t("search.label")}
            description={t("search.hint")}
            autoComplete="off"
            {...search.field("email")}
          />
        </div>
        <SubmitButton
          pending={search.pending}
          icon={<Search aria-hidden className="size-4" />}
          className="mt-7"
        >
          {t("search.submit")}
        </SubmitButton>
        {search.formError ? (
          <Alert tone="error" className="basis-full">
            {search.formError}
          </Alert>
        ) : null}
      </form>
      <SelectField
        label={t("filter.label")}
        value={status ?? ""}
        onChange={(e) =>
          onStatusChange(e.target.value === "" ? undefined : (e.target.value as PanelUserStatus))
        }
      >
        <option value="">{t("filter.all")}</option>
        {PANEL_USER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`filter.${s}`)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
