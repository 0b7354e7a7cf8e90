import "server-only";

/** One error listing every configuration problem, so a bad deployment is fixed in one go. */
export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join("\n  - ")}`);
    this.name = "ConfigError";
  }
}
