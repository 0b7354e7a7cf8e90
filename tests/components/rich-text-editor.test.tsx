import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { describe, expect, it } from "vitest";
import { isAllowedLink, normaliseLink } from "@/components/rich-text/links";
import { RichTextEditor } from "@/components/rich-text/rich-text-editor";
import { SaveStatus } from "@/components/ui/save-status";
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from "@/lib/rich-text/allow-list.shared";
import { messagesOf, renderIntl } from "../support/render-intl";

const t = messagesOf.en.richText;

/** Every tag and attribute in `html`, to compare with the allow-list. */
function inventory(html: string) {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  const elements = [...doc.body.querySelectorAll("*")];
  return {
    tags: new Set(elements.map((e) => e.tagName.toLowerCase())),
    attributes: new Set(elements.flatMap((e) => e.getAttributeNames())),
    doc,
  };
}

describe("RichTextEditor", () => {
  it("has a named toolbar of labelled buttons, toggles with aria-pressed, one tab stop", async () => {
    renderIntl(
      <RichTextEditor label="Description" value="<p>Hello</p>" onChange={() => {}} />,
      "en",
    );
    const toolbar = await screen.findByRole("toolbar", { name: t.toolbar });
    const names = [
      t.bold,
      t.italic,
      t.underline,
      t.heading2,
      t.heading3,
      t.bulletList,
      t.orderedList,
      t.blockquote,
      t.code,
      t.link,
      t.image,
      t.undo,
      t.redo,
    ];
    for (const name of names) expect(screen.getByRole("button", { name })).toBeTruthy();
    expect(screen.getByRole("button", { name: t.bold }).getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByRole("button", { name: t.image }).hasAttribute("aria-pressed")).toBe(false);
    // Roving tab order: exactly one button is in the tab sequence.
    const tabbable = [...toolbar.querySelectorAll("button")].filter((b) => b.tabIndex === 0);
    expect(tabbable).toHaveLength(1);
    // The editable area is a named multi-line textbox.
    const box = await screen.findByRole("textbox", { name: "Description" });
    expect(box.getAttribute("aria-multiline")).toBe("true");
  });

  it("arrow keys move focus along the toolbar", async () => {
    renderIntl(<RichTextEditor label="Text" value="<p>x</p>" onChange={() => {}} />, "en");
    await screen.findByRole("toolbar");
    const bold = screen.getByRole("button", { name: t.bold });
    bold.focus();
    const user = userEvent.setup();
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: t.italic }));
    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    // Undo and redo are disabled (no history), so wrapping left lands on the image button.
    expect(document.activeElement).toBe(screen.getByRole("button", { name: t.image }));
    await user.keyboard("{Home}");
    expect(document.activeElement).toBe(bold);
  });

  it("emits only allow-listed HTML, whatever it was given", async () => {
    const emitted: string[] = [];
    const hostile =
      '<p style="position:fixed">Hi <s>struck</s> <strong>bold</strong> <a href="javascript:alert(1)">bad</a> ' +
      '<a href="https://example.org" onclick="x()">good</a></p><hr>' +
      '<img src="https://tracker.example/p.png"><img src="/api/editor_image/7" alt="chart" title="t" width="9">' +
      "<script>alert(1)</script><marquee>moving</marquee><h1>Top</h1><table><tr><td>cell</td></tr></table>";
    renderIntl(
      <RichTextEditor label="Text" value={hostile} onChange={(html) => emitted.push(html)} />,
      "en",
    );
    await screen.findByRole("textbox", { name: "Text" });
    // A change makes the editor report its content.
    act(() => screen.getByRole("button", { name: t.heading2 }).click());
    await waitFor(() => expect(emitted.length).toBeGreaterThan(0));
    const html = emitted.at(-1)!;
    const { tags, attributes, doc } = inventory(html);
    for (const tag of tags) expect(RICH_TEXT_TAGS as readonly string[]).toContain(tag);
    for (const attribute of attributes) {
      expect(RICH_TEXT_ATTRIBUTES as readonly string[]).toContain(attribute);
    }
    expect(html).not.toMatch(/javascript:|tracker\.example|<script|<s>|<hr|onclick/);
    expect(html).toContain("<h2>");
    expect(html).toContain("<strong>bold</strong>");
    const links = [...doc.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(links).toEqual(["https://example.org"]);
    const images = [...doc.querySelectorAll("img")];
    expect(images.map((i) => [i.getAttribute("src"), i.getAttribute("alt")])).toEqual([
      ["/api/editor_image/7", "chart"],
    ]);
  });

  it("reports its content without an empty paragraph added at the end", async () => {
    const emitted: string[] = [];
    renderIntl(
      <RichTextEditor label="Text" value="<p>gone</p>" onChange={(html) => emitted.push(html)} />,
      "en",
    );
    await screen.findByRole("textbox", { name: "Text" });
    act(() => screen.getByRole("button", { name: t.heading2 }).click());
    await waitFor(() => expect(emitted.length).toBe(1));
    expect(emitted[0]).toBe("<h2>gone</h2>");
  });
});

it("an editor with its save status has no axe violations", async () => {
  renderIntl(
    <main>
      <h1>Study</h1>
      <RichTextEditor
        label="Description"
        value="<p>Some <strong>text</strong></p>"
        onChange={() => {}}
        aria-describedby="status"
      />
      <SaveStatus id="status" state="retrying" errorMessage="unknown error" />
    </main>,
    "en",
  );
  await screen.findByRole("textbox", { name: "Description" });
  const results = await axe.run(
    { include: [["body"]] },
    {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
      rules: { "color-contrast": { enabled: false } },
    },
  );
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`),
  ).toEqual([]);
  expect(screen.getByRole("status").textContent).toBe(
    `${messagesOf.en.autosave.retrying}: unknown error`,
  );
});

describe("link targets", () => {
  it("allows the spec's schemes and site paths only", () => {
    for (const ok of [
      "https://a.nl",
      "http://a.nl",
      "mailto:x@a.nl",
      "tel:+31201234567",
      "sms:112",
      "/research",
      "#top",
    ]) {
      expect(isAllowedLink(ok)).toBe(true);
    }
    for (const bad of [
      "javascript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,x",
      "vbscript:x",
      "ftp://a",
      "//evil.example",
      "",
    ]) {
      expect(isAllowedLink(bad)).toBe(false);
    }
  });

  it("completes what people type without a scheme", () => {
    expect(normaliseLink("example.org/page")).toBe("https://example.org/page");
    expect(normaliseLink("someone@example.org")).toBe("mailto:someone@example.org");
    expect(normaliseLink("localhost:3000/x")).toBe(null);
    expect(normaliseLink("JavaScript:alert(1)")).toBe(null);
    expect(normaliseLink("not a link")).toBe(null);
  });
});
