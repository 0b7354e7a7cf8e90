"use client";

import type { Editor } from "@tiptap/react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useErrorMessage } from "@/components/data/use-error-message";
import { Dialog } from "@/components/ui/dialog";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/api-client.shared";
import { IMAGE_TYPES } from "@/lib/rich-text/allow-list.shared";
import { isLocalImageSource } from "./links";

const IMAGE_ACCEPT = IMAGE_TYPES.map((type) => `image/${type}`).join(",");

/** Uploads an image to this site and inserts it with its alternative text. */
export function ImageDialog({
  open,
  editor,
  uploadPath,
  onClose,
}: {
  open: boolean;
  editor: Editor;
  uploadPath: string;
  onClose: () => void;
}) {
  const t = useTranslations("richText");
  const describe = useErrorMessage();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    setFileError(null);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const file = data.get("file");
    const alt = String(data.get("alt") ?? "").trim();
    if (!(file instanceof File) || file.size === 0) {
      setFileError(t("imageRequired"));
      return;
    }
    setError(null);
    setPending(true);
    const body = new FormData();
    body.append("file", file);
    const result = await api<{ url: string }>(uploadPath, { body });
    setPending(false);
    if (!result.ok) {
      setError(describe(result.error));
      return;
    }
    if (!isLocalImageSource(result.data?.url ?? null)) {
      setError(t("imageFailed"));
      return;
    }
    editor.chain().focus().setImage({ src: result.data.url, alt }).run();
    close();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={t("imageTitle")}
      description={t("imageDescription")}
      pending={pending}
      error={error}
      returnFocus={() => editor.view.dom as HTMLElement}
    >
      <form method="post" onSubmit={submit} noValidate className="space-y-4">
        <TextField
          name="file"
          type="file"
          accept={IMAGE_ACCEPT}
          label={t("imageFile")}
          error={fileError}
          className="block w-full text-sm"
          onChange={() => setFileError(null)}
        />
        <TextField
          name="alt"
          label={t("imageAlt")}
          description={t("imageAltHint")}
          autoComplete="off"
        />
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-secondary" disabled={pending} onClick={close}>
            {t("cancel")}
          </button>
          <SubmitButton pending={pending} pendingLabel={t("imageUploading")}>
            {t("imageInsert")}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
