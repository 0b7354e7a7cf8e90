import { describe, expect, it } from "vitest";
import { createStaffAccount, findStaffByEmail } from "@/lib/auth/staff-users";
import { emailField, passwordProblem } from "@/lib/auth/schemas.shared";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { PASSWORD } from "../../support/auth";

// Accounts made from the command line (and the demo seed): the same rules as the forms, told
// back as a code and the field at fault.

let n = 0;
const freshEmail = () => `made${++n}-${Math.random().toString(36).slice(2, 8)}@example.org`;

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("createStaffAccount", () => {
  it("refuses an address that is not one with code 22 and the reason under email", async () => {
    const error = await refusal(
      createStaffAccount({ email: "not-an-address", password: PASSWORD }),
    );
    const reason = emailField().safeParse("not-an-address").error!.issues[0].message;
    expect(error.code).toBe(ErrorCode.INVALID_INPUT);
    expect(error.fields).toEqual({ email: reason });
  });

  it("refuses a weak password with code 4 and the broken rule under password", async () => {
    const email = freshEmail();
    const error = await refusal(createStaffAccount({ email, password: "short" }));
    expect(error.code).toBe(ErrorCode.PASSWORD_CONDITIONS);
    expect(error.fields).toEqual({ password: passwordProblem("short") });
    expect(await findStaffByEmail(email)).toBeNull();
  });

  it("stores the name without surrounding spaces, and no name as an empty one", async () => {
    const named = await createStaffAccount({
      email: freshEmail(),
      password: PASSWORD,
      name: "  Ann Example  ",
    });
    expect(named.name).toBe("Ann Example");
    const unnamed = await createStaffAccount({ email: freshEmail(), password: PASSWORD });
    expect(unnamed.name).toBe("");
    expect(unnamed.isAdmin).toBe(false);
    expect(unnamed.isVerified).toBe(true);
  });

  it("refuses an address already in use, however it is written, with code 0", async () => {
    const email = freshEmail();
    const first = await createStaffAccount({ email, password: PASSWORD });
    const error = await refusal(
      createStaffAccount({ email: `  ${email.toUpperCase()} `, password: PASSWORD }),
    );
    expect(error.code).toBe(ErrorCode.EMAIL_EXISTS);
    expect((await findStaffByEmail(email))!.id).toBe(first.id);
  });
});

describe("findStaffByEmail", () => {
  it("finds an account by an address typed with spaces and capitals", async () => {
    const email = freshEmail();
    const user = await createStaffAccount({ email, password: PASSWORD });
    expect((await findStaffByEmail(`  ${email.toUpperCase()}  `))?.id).toBe(user.id);
    expect(await findStaffByEmail(`nobody-${email}`)).toBeNull();
  });
});
