import { describe, expect, it } from "vitest";
import {
  devHelpLineDefaults,
  EXAMPLE_HELP_LINE,
  helpLineBuildWarning,
} from "@/config/help-line.shared";
import { parsePublicSiteConfig } from "@/config/public-site";

const real = {
  HELP_PHONE: "0800 0188",
  HELP_CHAT_URL: "https://chat.centrum.nl/",
  HELP_WEBSITE_URL: "https://centrum.nl/",
};

describe("the help line in development", () => {
  it("fills in the example details when no help-line setting is present", () => {
    expect(devHelpLineDefaults({})).toEqual(EXAMPLE_HELP_LINE);
    // Blank values count as not configured, as they do in config.
    expect(devHelpLineDefaults({ HELP_PHONE: "", HELP_CHAT_URL: "  " })).toEqual(EXAMPLE_HELP_LINE);
  });

  it("adds nothing once any one of them is configured, so real and example never mix", () => {
    expect(devHelpLineDefaults(real)).toEqual({});
    expect(devHelpLineDefaults({ HELP_WEBSITE_URL: "https://centrum.nl/" })).toEqual({});
    expect(devHelpLineDefaults({ HELP_PHONE: "0800 0188" })).toEqual({});
  });

  it("marks the example as an example where visitors read it, and passes validation", () => {
    const { help } = parsePublicSiteConfig(EXAMPLE_HELP_LINE);
    expect(help.phone?.display).toMatch(/\(voorbeeld/);
    // The note is shown, not dialled.
    expect(help.phone?.href).toBe("tel:08000000");
    expect(new URL(help.chatUrl!).hostname).toMatch(/^chat\.voorbeeld\.example\.org$/);
    expect(new URL(help.websiteUrl!).hostname).toMatch(/^voorbeeld\.example\.org$/);
  });
});

describe("the production build's help-line warning", () => {
  it("names all three settings when none is configured", () => {
    for (const env of [{}, { HELP_PHONE: " ", HELP_CHAT_URL: "", NODE_ENV: "production" }]) {
      const warning = helpLineBuildWarning(env);
      expect(warning).toBeDefined();
      expect(warning).toContain("HELP_PHONE");
      expect(warning).toContain("HELP_CHAT_URL");
      expect(warning).toContain("HELP_WEBSITE_URL");
      expect(warning).toMatch(/no help line/);
    }
  });

  it("stays quiet for a configured help line, complete or partial", () => {
    expect(helpLineBuildWarning(real)).toBeUndefined();
    expect(helpLineBuildWarning({ HELP_PHONE: "+31 (0)800 0188" })).toBeUndefined();
    expect(helpLineBuildWarning({ HELP_WEBSITE_URL: "https://centrum.nl/" })).toBeUndefined();
  });

  it("warns about example details reaching a production build, naming the settings that hold them", () => {
    const fromDev = helpLineBuildWarning(EXAMPLE_HELP_LINE);
    expect(fromDev).toMatch(/example details \(HELP_PHONE, HELP_CHAT_URL, HELP_WEBSITE_URL\)/);
    // The placeholders of .env.example.
    const copied = helpLineBuildWarning({
      HELP_PHONE: "0800 0000",
      HELP_CHAT_URL: "https://example.org/chat",
      HELP_WEBSITE_URL: "https://example.org",
    });
    expect(copied).toMatch(/example details/);
    const mixed = helpLineBuildWarning({ ...real, HELP_CHAT_URL: "https://example.org/chat" });
    expect(mixed).toMatch(/example details \(HELP_CHAT_URL\)/);
    // A real host that merely contains the word is not an example.
    expect(helpLineBuildWarning({ HELP_WEBSITE_URL: "https://notexample.org/" })).toBeUndefined();
  });
});
