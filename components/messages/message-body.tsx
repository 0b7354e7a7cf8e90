"use client";

import { useTranslations } from "next-intl";
import type { FlushGroup } from "@/components/data/use-flush-group";
import { RichText } from "@/components/studies/rich-text";
import type { PanelMessageDto } from "@/lib/messages/schemas";

/** The message's body. */
export function MessageBody({
  message,
}: {
  message: Pick<PanelMessageDto, "id" | "body">;
  editable: boolean;
  registerFlush?: FlushGroup["register"];
  onSaved: (message: PanelMessageDto) => void;
}) {
  const t = useTranslations("panelMessages.screen");
  return (
    <section aria-labelledby="message-body-title">
      <h3 id="message-body-title" className="font-semibold">
        {t("body")}
      </h3>
      <div className="mt-2 rounded-md border border-gray-300 bg-white p-4">
        {message.body.replace(/<[^>]*>/g, "").trim() ? (
          <RichText html={message.body} />
        ) : (
          <p className="text-muted">{t("emptyBody")}</p>
        )}
      </div>
    </section>
  );
}
