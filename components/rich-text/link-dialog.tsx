"use client";

import type { Editor } from "@tiptap/react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Dialog } from "@/components/ui/dialog";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { normaliseLink } from "./links";

/** Adds, changes or removes the link at the cursor; only allowed schemes are taken. */
export function LinkDialog({
  open,
  editor,
  onClose,
}: {
  open: boolean;
  editor: Editor;
  onClose: () => void;
}) {
  const t = useTranslations("richText");
  const current = open ? ((editor.getAttributes("link").href as string | undefined) ?? "") : "";
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get("href") ?? "");
    if (typed.trim() === "") {
      editor.chain().focus().extendMarkRange("link").unsetLink().run();
      close();
      return;
    }
    const href = normaliseLink(typed);
    if (!href) {
      setError(t("linkInvalid"));
      return;
    }
    const chain = editor.chain().focus().extendMarkRange("link");
    if (editor.state.selection.empty && !editor.isActive("link")) {
      chain
        .insertContent({
          type: "text",
          text: typed.trim(),
          marks: [{ type: "link", attrs: { href } }],
        })
        .run();
    } else {
      chain.setLink({ href }).run();
    }
    close();
  };
  const close = () => {
    setError(null);
    onClose();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={t("linkTitle")}
      description={t("linkDescription")}
      returnFocus={() => editor.view.dom as HTMLElement}
    >
      <form method="post" onSubmit={submit} noValidate className="space-y-4">
        <TextField
          name="href"
          label={t("linkAddress")}
          defaultValue={current}
          error={error}
          autoComplete="off"
          inputMode="url"
          onChange={() => setError(null)}
        />
        <div className="flex flex-wrap justify-end gap-3">
          {current ? (
            <button
              type="button"
              className="btn-ghost mr-auto"
              onClick={() => {
                editor.chain().focus().extendMarkRange("link").unsetLink().run();
                close();
              }}
            >
              {t("linkRemove")}
            </button>
          ) : null}
          <button type="button" className="btn-secondary" onClick={close}>
            {t("cancel")}
          </button>
          <SubmitButton>{t("linkSave")}</SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
