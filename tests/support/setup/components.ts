import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Testing Library unmounts after each test only when the runner exposes globals; Vitest does not.
afterEach(() => cleanup());

// `findBy…` and `waitFor` wait for a state to appear; their default ceiling of one second is
// shorter than a render plus a request takes when CI runs both databases' suites side by side on
// two cores, which made the slowest screens (the survey editor) fail only under load. The
// ceiling is not a delay: a state that appears sooner ends the wait sooner.
configure({ asyncUtilTimeout: 5_000 });
