"use client";

import { Check, Pencil } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useAutosave } from "@/components/data/use-autosave";
import { useFlushMember, type FlushGroup } from "@/components/data/use-flush-group";
import { RichTextEditor } from "@/components/rich-text/rich-text-editor";
import { RichText } from "@/components/rich-text/rich-text";
import { SaveStatus } from "@/components/ui/save-status";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { MAX_BODY_LENGTH, type PanelMessageDto } from "@/lib/mailings/schemas.shared";
import type { MessageSaves } from "./use-message-saves";

/** Spec §4/§9: the body is saved 3 seconds after the last change. */
export const BODY_AUTOSAVE_MS = 3000;

/** True when the HTML has no text and no image (the editor's empty document is `<p></p>`). */
function isBlank(html: string): boolean {
  return !/<img\b/i.test(html) && html.replace(/<[^>]*>/g, "").trim() === "";
}

/**
 * The message's body: shown as it will read, and, while the message is a draft, edited in the
 * rich-text editor behind one pencil/check button. Every change is saved 3 seconds after the
 * last one and at once on the check, through the screen's `save` (one version for subject and
 * body); the save status says where it stands. The screen's flush
 * (before a send or a test) saves whatever is still waiting and reports a failure, so nothing
 * goes out that differs from what is on screen.
 */
export function MessageBody({
  message,
  editable,
  registerFlush,
  save,
}: {
  message: Pick<PanelMessageDto, "body">;
  editable: boolean;
  registerFlush?: FlushGroup["register"];
  save: MessageSaves["save"];
}) {
  const t = useTranslations("panelMessages.screen");
  const titleId = useId();
  const statusId = useId();
  const [editing, setEditing] = useState(false);
  // What is on screen while the message is a draft; the stored body is only the starting point
  // (this component is keyed by message and by the screen's restarts, so another message or
  // version starts afresh). Once it is no longer a draft (sent or scheduled, here or elsewhere)
  // the stored body is shown: that is what went, or will go, out.
  const [value, setValue] = useState(message.body);
  const shown = editable ? value : message.body;

  const format = useFormatter();
  const autosave = useAutosave<string>({
    delayMs: BODY_AUTOSAVE_MS,
    save: (body, { keepalive }) => save({ body }, keepalive),
    // The body is all a body save sends that could be refused as invalid: its stored form
    // (HTML, formatting included) is longer than a message may be.
    texts: {
      [ErrorCode.INVALID_INPUT]: t("bodyTooLong", { max: format.number(MAX_BODY_LENGTH) }),
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
            {isBlank(shown) ? (
              <p className="text-muted">{t("emptyBody")}</p>
            ) : (
              <RichText html={shown} />
            )}
          </div>
        )}
      </div>
    </section>
  );
}
