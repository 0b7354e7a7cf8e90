"use client";

import Image from "@tiptap/extension-image";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
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
  type LucideIcon,
} from "lucide-react";
import { useTranslations } from "next-intl";
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { useErrorMessage } from "@/components/data/use-error-message";
import { Dialog } from "@/components/ui/dialog";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/api-client";
import { IMAGE_TYPES } from "@/lib/rich-text/allow-list";
import { isAllowedLink, isLocalImageSource, normaliseLink } from "./links";

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
  /** The id of the editable area. */
  id?: string;
  /** Where images are uploaded (multipart field `file`, answer `{url}`). */
  imageUploadPath?: string;
};

const IMAGE_ACCEPT = IMAGE_TYPES.map((type) => `image/${type}`).join(",");

/**
 * Images as the allow-list has them: a `src` on this site and an `alt` (empty for a decorative
 * image, but always present so the public page passes an accessibility check). Anything pasted
 * from elsewhere (other sites, inline data) is not taken in; the width, height and title the
 * stock extension keeps are not attributes the sanitiser lets through.
 */
const SiteImage = Image.extend({
  addAttributes() {
    return {
      src: { default: null },
      alt: { default: "", renderHTML: (attributes) => ({ alt: attributes.alt ?? "" }) },
    };
  },
  parseHTML() {
    return [
      {
        tag: "img[src]",
        getAttrs: (element) =>
          isLocalImageSource((element as HTMLElement).getAttribute("src")) ? null : false,
      },
    ];
  },
});

/**
 * StarterKit (in Tiptap 3 it brings Link and Underline) without strike and horizontal rule,
 * which the allow-list has no tags for. Headings start at 2: the page around the text owns h1.
 * Links open in a new tab with the `rel` the sanitiser writes, so stored HTML does not change
 * when it is sanitised.
 */
const extensions = [
  StarterKit.configure({
    strike: false,
    horizontalRule: false,
    // No empty paragraph forced after a heading or image: it would be stored and shown.
    trailingNode: false,
    heading: { levels: [2, 3] },
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: "https",
      isAllowedUri: (url) => isAllowedLink(url),
      shouldAutoLink: (url) => isAllowedLink(url),
      HTMLAttributes: { target: "_blank", rel: "noopener noreferrer", class: null },
    },
  }),
  SiteImage.configure({ allowBase64: false }),
];

function htmlOf(editor: Editor): string {
  return editor.isEmpty ? "" : editor.getHTML();
}

type ToolbarItem = {
  key: string;
  label: string;
  Icon: LucideIcon;
  run: () => void;
  /** Whether the format is on at the cursor; undefined for plain actions. */
  pressed?: boolean;
  disabled?: boolean;
  /** Starts a new group in the toolbar. */
  group?: boolean;
};

/**
 * The one rich-text editor (study descriptions, panel messages, survey text blocks): Tiptap
 * with a toolbar that works by keyboard (one tab stop; arrow keys, Home and End move between
 * buttons, as in the WAI-ARIA toolbar pattern). What it produces stays within the allow-list of
 * lib/rich-text/allow-list.ts: the extensions it loads make no other tags, links are limited to
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
  id,
  imageUploadPath = "/api/editor_image",
}: RichTextEditorProps) {
  const t = useTranslations("richText");
  const generatedId = useId();
  const editorId = id ?? `${generatedId}-editor`;
  const labelId = `${editorId}-label`;
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
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
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
        className={`rounded-md border border-gray-400 bg-white focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-primary-600 ${disabled ? "bg-gray-100" : ""}`}
      >
        <Toolbar items={items} label={t("toolbar")} controls={editorId} />
        <EditorContent editor={editor} />
        {!editor ? <div aria-hidden className="min-h-40" /> : null}
      </div>
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

function Toolbar({
  items,
  label,
  controls,
}: {
  items: ToolbarItem[];
  label: string;
  controls: string;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const [current, setCurrent] = useState(0);
  const enabled = items.map((item, i) => (item.disabled ? -1 : i)).filter((i) => i >= 0);
  // The one tab stop: the last button used, or the first that can be used now.
  const tabStop = enabled.includes(current) ? current : (enabled[0] ?? -1);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    if (enabled.length === 0) return;
    const at = Math.max(0, enabled.indexOf(tabStop));
    const target = {
      ArrowRight: enabled[(at + 1) % enabled.length],
      ArrowLeft: enabled[(at - 1 + enabled.length) % enabled.length],
      Home: enabled[0],
      End: enabled[enabled.length - 1],
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    setCurrent(target);
    buttons.current[target]?.focus();
  };

  return (
    <div
      role="toolbar"
      aria-label={label}
      aria-controls={controls}
      className="flex flex-wrap items-center gap-0.5 border-b border-gray-300 bg-gray-50 p-1"
      onKeyDown={move}
    >
      {items.map((item, i) => (
        <span key={item.key} className="contents">
          {item.group ? <span aria-hidden className="mx-1 h-5 w-px bg-gray-300" /> : null}
          <button
            ref={(element) => {
              buttons.current[i] = element;
            }}
            type="button"
            tabIndex={i === tabStop ? 0 : -1}
            aria-label={item.label}
            title={item.label}
            aria-pressed={item.pressed === undefined ? undefined : item.pressed}
            disabled={item.disabled}
            // Keep the editor's selection: a mouse press on a button must not take focus away.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              setCurrent(i);
              item.run();
            }}
            className={`rounded p-1.5 text-ink hover:bg-gray-200 disabled:cursor-not-allowed disabled:opacity-40 ${item.pressed ? "bg-primary-100 text-primary-800" : ""}`}
          >
            <item.Icon aria-hidden className="size-4" />
          </button>
        </span>
      ))}
    </div>
  );
}

function LinkDialog({
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
      <form onSubmit={submit} noValidate className="space-y-4">
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

function ImageDialog({
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
      <form onSubmit={submit} noValidate className="space-y-4">
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
