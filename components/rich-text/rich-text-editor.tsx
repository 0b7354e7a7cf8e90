"use client";

import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import {
  Bold,
  Code,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Underline,
  Undo2,
} from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { FieldError } from "@/components/ui/field-error";
import { extensions, htmlOf } from "./editor-extensions";
import { Toolbar, type ToolbarItem } from "./editor-toolbar";
import { ImageDialog } from "./image-dialog";
import { LinkDialog } from "./link-dialog";

export type RichTextEditorProps = {
  /** The HTML to show; when it changes from outside (another record), the editor takes it over. */
  value: string;
  /** Every edit, as HTML limited to the allow-list; "" when the text is empty. */
  onChange: (html: string) => void;
  /** Focus left the editor and its toolbar (a good moment to save). */
  onBlur?: () => void;
  /** A visible label above the editor; or name it with `aria-labelledby`. */
  label?: ReactNode;
  "aria-labelledby"?: string;
  /** Read after the name (a hint, the save status). */
  "aria-describedby"?: string;
  disabled?: boolean;
  /** What is wrong with the text: shown under the editor and read with it. */
  error?: string | null;
  /** The id of the editable area. */
  id?: string;
  /** Where images are uploaded (multipart field `file`, answer `{url}`). */
  imageUploadPath?: string;
};

/**
 * The one rich-text editor (study descriptions, panel messages, survey text blocks): Tiptap
 * with a toolbar that works by keyboard (one tab stop; arrow keys, Home and End move between
 * buttons, as in the WAI-ARIA toolbar pattern). What it produces stays within the allow-list of
 * lib/rich-text/allow-list.shared.ts: the extensions it loads make no other tags, links are limited to
 * the allowed schemes and images to uploads on this site. The server sanitises again on save.
 */
export function RichTextEditor({
  value,
  onChange,
  onBlur,
  label,
  "aria-labelledby": labelledBy,
  "aria-describedby": describedBy,
  disabled = false,
  error,
  id,
  imageUploadPath = "/api/editor_image",
}: RichTextEditorProps) {
  const t = useTranslations("richText");
  const generatedId = useId();
  const editorId = id ?? `${generatedId}-editor`;
  const labelId = `${editorId}-label`;
  const errorId = `${editorId}-error`;
  const description = [describedBy, error ? errorId : null].filter(Boolean).join(" ");
  const wrapper = useRef<HTMLDivElement>(null);
  // The HTML this editor last reported, to tell an outside change from the echo of an edit.
  const reported = useRef(value);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const editor = useEditor({
    extensions,
    content: value,
    editable: !disabled,
    // Rendered on the server too; creating the editor only in the browser avoids a mismatch.
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id: editorId,
        role: "textbox",
        "aria-multiline": "true",
        ...(label || labelledBy ? { "aria-labelledby": label ? labelId : labelledBy! } : {}),
        // Options are applied again on every render, so these follow the error as it changes.
        ...(description ? { "aria-describedby": description } : {}),
        ...(error ? { "aria-invalid": "true" } : {}),
        class:
          "prose-content min-h-40 px-3 py-2 focus:outline-none [&_img]:max-w-full [&_img]:h-auto",
      },
    },
    onUpdate: ({ editor }) => {
      const html = htmlOf(editor);
      reported.current = html;
      onChangeRef.current(html);
    },
  });

  // A value from outside (another record was opened, a reload) replaces the content.
  useEffect(() => {
    if (!editor || value === reported.current) return;
    reported.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled, false);
  }, [editor, disabled]);

  const status = useEditorState({
    editor,
    selector: ({ editor }) =>
      editor
        ? {
            bold: editor.isActive("bold"),
            italic: editor.isActive("italic"),
            underline: editor.isActive("underline"),
            h2: editor.isActive("heading", { level: 2 }),
            h3: editor.isActive("heading", { level: 3 }),
            bulletList: editor.isActive("bulletList"),
            orderedList: editor.isActive("orderedList"),
            blockquote: editor.isActive("blockquote"),
            code: editor.isActive("code"),
            link: editor.isActive("link"),
            canUndo: editor.can().undo(),
            canRedo: editor.can().redo(),
          }
        : null,
  });

  const [dialog, setDialog] = useState<"link" | "image" | null>(null);
  const chain = () => editor!.chain().focus();
  const items: ToolbarItem[] = [
    {
      key: "bold",
      label: t("bold"),
      Icon: Bold,
      pressed: !!status?.bold,
      run: () => chain().toggleBold().run(),
    },
    {
      key: "italic",
      label: t("italic"),
      Icon: Italic,
      pressed: !!status?.italic,
      run: () => chain().toggleItalic().run(),
    },
    {
      key: "underline",
      label: t("underline"),
      Icon: Underline,
      pressed: !!status?.underline,
      run: () => chain().toggleUnderline().run(),
    },
    {
      key: "h2",
      label: t("heading2"),
      Icon: Heading2,
      pressed: !!status?.h2,
      group: true,
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      key: "h3",
      label: t("heading3"),
      Icon: Heading3,
      pressed: !!status?.h3,
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    {
      key: "bulletList",
      label: t("bulletList"),
      Icon: List,
      pressed: !!status?.bulletList,
      group: true,
      run: () => chain().toggleBulletList().run(),
    },
    {
      key: "orderedList",
      label: t("orderedList"),
      Icon: ListOrdered,
      pressed: !!status?.orderedList,
      run: () => chain().toggleOrderedList().run(),
    },
    {
      key: "blockquote",
      label: t("blockquote"),
      Icon: Quote,
      pressed: !!status?.blockquote,
      run: () => chain().toggleBlockquote().run(),
    },
    {
      key: "code",
      label: t("code"),
      Icon: Code,
      pressed: !!status?.code,
      run: () => chain().toggleCode().run(),
    },
    {
      key: "link",
      label: t("link"),
      Icon: LinkIcon,
      pressed: !!status?.link,
      group: true,
      run: () => setDialog("link"),
    },
    { key: "image", label: t("image"), Icon: ImagePlus, run: () => setDialog("image") },
    {
      key: "undo",
      label: t("undo"),
      Icon: Undo2,
      group: true,
      disabled: !status?.canUndo,
      run: () => chain().undo().run(),
    },
    {
      key: "redo",
      label: t("redo"),
      Icon: Redo2,
      disabled: !status?.canRedo,
      run: () => chain().redo().run(),
    },
  ].map((item) => ({ ...item, disabled: disabled || !editor || item.disabled }));

  return (
    <div
      ref={wrapper}
      // The toolbar and the text belong together under the field's name.
      role="group"
      aria-labelledby={label ? labelId : labelledBy}
      onBlur={(event) => {
        // Only when focus leaves the editor and its toolbar, not when it moves between them.
        const next = event.relatedTarget as Node | null;
        if (!next || !wrapper.current?.contains(next)) onBlur?.();
      }}
    >
      {label ? (
        <div
          id={labelId}
          className="label"
          onClick={() => editor?.commands.focus()}
          // The label of a contenteditable cannot be a <label for>; a click still focuses it.
        >
          {label}
        </div>
      ) : null}
      <div
        className={`rounded-md border ${error ? "border-accent-700" : "border-gray-400"} bg-white focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-primary-600 ${disabled ? "bg-gray-100" : ""}`}
      >
        <Toolbar items={items} label={t("toolbar")} controls={editorId} />
        <EditorContent editor={editor} />
        {!editor ? <div aria-hidden className="min-h-40" /> : null}
      </div>
      <FieldError id={errorId} message={error} />
      {editor ? (
        <>
          <LinkDialog open={dialog === "link"} editor={editor} onClose={() => setDialog(null)} />
          <ImageDialog
            open={dialog === "image"}
            editor={editor}
            uploadPath={imageUploadPath}
            onClose={() => setDialog(null)}
          />
        </>
      ) : null}
    </div>
  );
}
