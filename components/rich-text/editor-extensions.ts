import Image from "@tiptap/extension-image";
import type { Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { isAllowedLink, isLocalImageSource } from "./links";

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
export const extensions = [
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

export function htmlOf(editor: Editor): string {
  return editor.isEmpty ? "" : editor.getHTML();
}
