import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/config";
import { parsePublicSiteConfig } from "@/config/public-site";
import { DEFAULT_QUICK_EXIT_URL } from "@/config/quick-exit.shared";

describe("public site configuration", () => {
  it("builds without the server's secrets, even in production", () => {
    const config = parsePublicSiteConfig({ NODE_ENV: "production" });
    expect(config.appUrl).toBe("http://localhost:3000");
    expect(config.quickExitUrl).toBe(DEFAULT_QUICK_EXIT_URL);
    expect(config.help).toEqual({ phone: undefined, chatUrl: undefined, websiteUrl: undefined });
  });

  it("reads the help line and quick exit, with a dialable phone link", () => {
    const config = parsePublicSiteConfig({
      APP_URL: "https://panel.example.org/",
      HELP_PHONE: " +31 (0)800-0188 ",
      HELP_CHAT_URL: "https://help.example.org/chat",
      HELP_WEBSITE_URL: "https://help.example.org",
      QUICK_EXIT_URL: "https://weather.example.org/",
    });
    expect(config.appUrl).toBe("https://panel.example.org");
    expect(config.help.phone).toEqual({ display: "+31 (0)800-0188", href: "tel:+318000188" });
    expect(config.help.chatUrl).toBe("https://help.example.org/chat");
    expect(config.help.websiteUrl).toBe("https://help.example.org");
    expect(config.quickExitUrl).toBe("https://weather.example.org/");
  });

  it("shows a note in brackets after the phone number without dialling it", () => {
    const config = parsePublicSiteConfig({ HELP_PHONE: "0800 0188 (gratis)" });
    expect(config.help.phone).toEqual({ display: "0800 0188 (gratis)", href: "tel:08000188" });
    expect(() => parsePublicSiteConfig({ HELP_PHONE: "0800 0188 (gratis) extra" })).toThrow(
      /HELP_PHONE/,
    );
    expect(() => parsePublicSiteConfig({ HELP_PHONE: "(gratis)" })).toThrow(/HELP_PHONE/);
  });

  it("treats empty values as not configured", () => {
    const config = parsePublicSiteConfig({
      HELP_PHONE: "",
      HELP_CHAT_URL: "  ",
      QUICK_EXIT_URL: "",
    });
    expect(config.help.phone).toBeUndefined();
    expect(config.help.chatUrl).toBeUndefined();
    expect(config.quickExitUrl).toBe(DEFAULT_QUICK_EXIT_URL);
  });

  it("rejects values that are not a phone number or an http(s) address", () => {
    expect(() => parsePublicSiteConfig({ HELP_PHONE: "call us" })).toThrow(ConfigError);
    expect(() => parsePublicSiteConfig({ HELP_CHAT_URL: "javascript:alert(1)" })).toThrow(
      /HELP_CHAT_URL/,
    );
    expect(() => parsePublicSiteConfig({ QUICK_EXIT_URL: "ftp://example.org" })).toThrow(
      /QUICK_EXIT_URL/,
    );
  });

  it("is part of the application configuration too", () => {
    const config = parseConfig({
      NODE_ENV: "test",
      APP_SECRET: "x".repeat(32),
      RESPONSES_KEY: Buffer.alloc(32, 1).toString("base64"),
      HELP_WEBSITE_URL: "https://help.example.org",
    });
    expect(config.publicSite.help.websiteUrl).toBe("https://help.example.org");
    expect(config.publicSite.quickExitUrl).toBe(DEFAULT_QUICK_EXIT_URL);
  });
});
