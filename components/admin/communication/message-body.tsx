"use client";

import { Check, Pencil } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { useAutosave } from "@/components/data/use-autosave";
import { useFlushMember, type FlushGroup } from "@/components/data/use-flush-group";
import { RichTextEditor } from "@/components/rich-text/rich-text-editor";
import { RichText } from "@/components/rich-text/rich-text";
import { SaveStatus } from "@/components/ui/save-status";
import { apiOrThrow } from "@/lib/api-client.shared";
import type { PanelMessageDto } from "@/lib/mailings/schemas.shared";

/** Spec §4/§9: the body is saved 3 seconds after the last change. */
export const BODY_AUTOSAVE_MS = 3000;

/** True when the HTML has no text and no image (the editor's empty document is `<p></p>`). */
function isBlank(html: string): boolean {
  return !/<img\b/i.test(html) && html.replace(/<[^>]*>/g, "").trim() === "";
}

/**
 * The message's body: shown as it will read, and, while the message is a draft, edited in the
 * rich-text editor behind one pencil/check button. Every change is saved 3 seconds after the
 * last one and at once on the check; the save status says where it stands. The screen's flush
 * (before a send or a test) saves whatever is still waiting and reports a failure, so nothing
 * goes out that differs from what is on screen.
 */
export function MessageBody({
  message,
  editable,
  registerFlush,
  onSaved,
}: {
  message: Pick<PanelMessageDto, "id" | "body">;
  editable: boolean;
  registerFlush?: FlushGroup["register"];
  onSaved: (message: PanelMessageDto) => void;
}) {
  const t = useTranslations("panelMessages.screen");
  const titleId = useId();
  const statusId = useId();
  const [editing, setEditing] = useState(false);
  // What is on screen; the stored body is only the starting point (this component is keyed by
  // message, so another message starts afresh).
  const [value, setValue] = useState(message.body);
  const onSavedRef = useRef(onSaved);
  useEffect(() => {
    onSavedRef.current = onSaved;
  });

  const autosave = useAutosave<string>({
    delayMs: BODY_AUTOSAVE_MS,
    save: async (body, { keepalive }) => {
      const saved = await apiOrThrow<PanelMessageDto>(`/api/panel_message/${message.id}`, {
        method: "PUT",
        body: { body },
        keepalive,
      });
      onSavedRef.current(saved);
    },
  });
  const { flush } = autosave;

  useFlushMember(registerFlush, () =>
    flush().then(
      () => true,
      () => false,
    ),
  );

  const open = editing && editable;
  async function toggle() {
    if (!open) {
      setEditing(true);
      return;
    }
    // The check saves at once; the editor stays open when that fails, with the reason shown.
    const saved = await flush().then(
      () => true,
      () => false,
    );
    if (saved) setEditing(false);
  }

  return (
    <section aria-labelledby={titleId}>
      <div className="flex flex-wrap items-center gap-3">
        <h3 id={titleId} className="font-semibold">
          {t("body")}
        </h3>
        {editable ? (
          <button
            type="button"
            className="btn-ghost p-2"
            aria-label={open ? t("finishBody") : t("editBody")}
            title={open ? t("finishBody") : t("editBody")}
            onClick={() => void toggle()}
          >
            {open ? (
              <Check aria-hidden className="size-5" />
            ) : (
              <Pencil aria-hidden className="size-5" />
            )}
          </button>
        ) : null}
        {open || autosave.state !== "saved" ? (
          <SaveStatus
            id={statusId}
            state={autosave.state}
            errorMessage={autosave.errorMessage}
            className="ml-auto"
          />
        ) : null}
      </div>
      <div className="mt-2">
        {open ? (
          <RichTextEditor
            value={value}
            aria-labelledby={titleId}
            aria-describedby={statusId}
            onChange={(html) => {
              setValue(html);
              autosave.change(html);
            }}
          />
        ) : (
          <div className="rounded-md border border-gray-300 bg-white p-4">
            {isBlank(value) ? (
              <p className="text-muted">{t("emptyBody")}</p>
            ) : (
              <RichText html={value} />
            )}
          </div>
        )}
      </div>
    </section>
  );
}
