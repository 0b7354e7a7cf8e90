// No imports: next.config.ts loads this file at build time, before any bundler or path alias.

type Env = Record<string, string | undefined>;

/**
 * The support centre's help contacts as the public pages show them. A type only, so the help
 * widget's client parts can name it without reaching the configuration code.
 */
export type HelpLine = {
  /** The number as people read it. */
  phone?: { display: string; href: string };
  chatUrl?: string;
  websiteUrl?: string;
};

/** The settings that make up the help widget; with none of them set it is not shown at all. */
export const HELP_LINE_VARIABLES = ["HELP_PHONE", "HELP_CHAT_URL", "HELP_WEBSITE_URL"] as const;

/**
 * What `npm run dev` shows when no help line is configured. Marked as an example where a
 * visitor reads it (the phone note and the host names), so a demo never passes for the real
 * thing, and recognised by `helpLineBuildWarning` if it ever reaches a production build.
 */
export const EXAMPLE_HELP_LINE = {
  HELP_PHONE: "0800-0000 (voorbeeld/example)",
  HELP_CHAT_URL: "https://chat.voorbeeld.example.org/",
  HELP_WEBSITE_URL: "https://voorbeeld.example.org/",
} as const satisfies Record<(typeof HELP_LINE_VARIABLES)[number], string>;

function isSet(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== "";
}

function isPlaceholder(name: (typeof HELP_LINE_VARIABLES)[number], value: string): boolean {
  if (name === "HELP_PHONE") {
    // Only the digits count: "0800 0000", "0800-0000 (voorbeeld)" and the like.
    return value.replace(/\D/g, "") === "08000000";
  }
  try {
    const host = new URL(value.trim()).hostname;
    return host === "example.org" || host.endsWith(".example.org");
  } catch {
    return false;
  }
}

/**
 * Environment additions for `npm run dev`: the example help line, but only when none of the
 * help-line settings is configured (a developer who set one sees exactly their own settings,
 * never a mix of real and example details).
 */
export function devHelpLineDefaults(env: Env): Record<string, string> {
  if (HELP_LINE_VARIABLES.some((name) => isSet(env[name]))) return {};
  return { ...EXAMPLE_HELP_LINE };
}

/**
 * The warning a production build prints when the public pages would go out without the support
 * centre's help line, or with example details in its place; undefined when the help line is
 * configured. Static pages bake these settings in, so the build is the moment to say it.
 */
export function helpLineBuildWarning(env: Env): string | undefined {
  const set = HELP_LINE_VARIABLES.filter((name) => isSet(env[name]));
  const names = HELP_LINE_VARIABLES.join(", ");
  if (set.length === 0) {
    return (
      `Warning: no help line is configured, so the public pages will show no help widget. ` +
      `Set ${names} (at least one) in the build environment and build again.`
    );
  }
  const placeholders = set.filter((name) => isPlaceholder(name, env[name]!));
  if (placeholders.length > 0) {
    return (
      `Warning: the help line holds example details (${placeholders.join(", ")}). ` +
      `Set ${names} to the support centre's real details and build again.`
    );
  }
  return undefined;
}
