import { describe, expect, it } from "vitest";
import {
  changePasswordFormSchema,
  disableTwoFactorSchema,
  forgotPasswordSchema,
  loginSchema,
  loginTwoFactorSchema,
  passwordProblem,
  resetPasswordFormSchema,
  type Texts,
} from "@/lib/auth/schemas.shared";
import { inviteStaffSchema } from "@/lib/auth/staff-schemas.shared";
import en from "@/i18n/messages/en";
import nl from "@/i18n/messages/nl";

// The forms pass their translated texts the way next-intl's t() would.
const from = <T extends Record<string, string>>(texts: T) => ((key: string) => texts[key]) as Texts;

function firstErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join(".")] ??= issue.message;
  return out;
}

describe("login validation (Dutch texts as written)", () => {
  const schema = loginSchema(from(nl.auth.validation));
  it("requires an e-mail address and a valid one", () => {
    expect(firstErrors(schema.safeParse({ email: "", password: "" }))).toEqual({
      email: "Voer je e-mailadres in",
    });
    expect(firstErrors(schema.safeParse({ email: "   ", password: "" }))).toEqual({
      email: "Voer je e-mailadres in",
    });
    expect(firstErrors(schema.safeParse({ email: "iemand@", password: "" }))).toEqual({
      email: "Voer een geldig e-mailadres in",
    });
  });
  it("has no rule for the password and lower-cases the address", () => {
    expect(schema.parse({ email: " Iemand@Example.ORG ", password: "" })).toEqual({
      email: "iemand@example.org",
      password: "",
    });
  });
  it("asks for a 6-digit code in the second step", () => {
    const code = loginTwoFactorSchema(from(nl.auth.validation));
    expect(firstErrors(code.safeParse({ totp_code: "" }))).toEqual({
      totp_code: "Voer een 6-cijferige code in",
    });
    for (const bad of ["12345", "1234567", "12a456"]) {
      expect(firstErrors(code.safeParse({ totp_code: bad }))).toEqual({
        totp_code: "Voer een geldige 6-cijferige code in",
      });
    }
    expect(code.parse({ totp_code: "123 456" })).toEqual({ totp_code: "123456" });
  });
  it("has English wording in English", () => {
    expect(
      firstErrors(loginSchema(from(en.auth.validation)).safeParse({ email: "x", password: "" })),
    ).toEqual({
      email: "Please enter a valid email address",
    });
  });
});

describe("new password rules", () => {
  const cases: [string, keyof typeof en.account.validation][] = [
    ["", "newPasswordRequired"],
    ["Ab1", "passwordTooShort"],
    ["abcdefg1", "passwordNeedsUppercase"],
    ["ABCDEFG1", "passwordNeedsLowercase"],
    ["Abcdefgh", "passwordNeedsDigit"],
    [`Ab1${"x".repeat(300)}`, "passwordTooLong"],
  ];
  it.each(cases)("%j breaks %s", (password, key) => {
    expect(passwordProblem(password)).toBe(en.auth.validation[key]);
  });
  it("accepts a password with 8+ characters, upper, lower and digit", () => {
    expect(passwordProblem("Abcdefg1")).toBeNull();
    expect(passwordProblem("Ëlevenßchars9")).toBeNull();
  });
  it("uses the product's English texts as written", () => {
    expect(en.account.validation.newPasswordRequired).toBe("please enter a new password");
    expect(en.account.validation.passwordTooShort).toBe(
      "your password must have 8 characters or more",
    );
    expect(en.account.validation.confirmRequired).toBe("please confirm your new password");
    expect(en.account.validation.passwordsDontMatch).toBe("passwords do not match");
    expect(en.account.validation.codeRequired).toBe("please enter a 6 digit code");
    expect(en.account.validation.codeInvalid).toBe("please enter a valid 6 digit code");
  });
});

describe("change-password form (account modal)", () => {
  const schema = changePasswordFormSchema(from(en.account.validation));
  it("requires the confirmation and that it matches, even while the new password is still weak", () => {
    expect(
      firstErrors(
        schema.safeParse({
          current_password: "x",
          new_password: "Abcdefg1",
          confirm_new_password: "",
        }),
      ),
    ).toEqual({ confirm_new_password: "please confirm your new password" });
    expect(
      firstErrors(
        schema.safeParse({
          current_password: "x",
          new_password: "weak",
          confirm_new_password: "other",
        }),
      ),
    ).toEqual({
      new_password: "your password must have 8 characters or more",
      confirm_new_password: "passwords do not match",
    });
    expect(
      schema.safeParse({
        current_password: "",
        new_password: "Abcdefg1",
        confirm_new_password: "Abcdefg1",
      }).success,
    ).toBe(true);
  });
});

describe("reset-password form", () => {
  it("uses the login-area wording in Dutch for a mismatch", () => {
    const schema = resetPasswordFormSchema(from(nl.auth.validation));
    const result = schema.safeParse({
      email: "a@example.org",
      reset_token: "t",
      new_password: "Abcdefg1",
      check_password: "Abcdefg2",
    });
    expect(firstErrors(result)).toEqual({ check_password: "Wachtwoorden komen niet overeen" });
  });
});

describe("forgot-password form", () => {
  it("uses the product's English texts", () => {
    const schema = forgotPasswordSchema(from(en.auth.forgot.validation));
    expect(firstErrors(schema.safeParse({ email: "" }))).toEqual({
      email: "please enter your email",
    });
    expect(firstErrors(schema.safeParse({ email: "nope" }))).toEqual({
      email: "please enter a valid email",
    });
  });
});

describe("account modals' code texts", () => {
  it("are the product's English ones", () => {
    const schema = disableTwoFactorSchema(from(en.account.validation));
    expect(firstErrors(schema.safeParse({ totp_code: "" }))).toEqual({
      totp_code: "please enter a 6 digit code",
    });
    expect(firstErrors(schema.safeParse({ totp_code: "12" }))).toEqual({
      totp_code: "please enter a valid 6 digit code",
    });
  });
});

describe("staff invitation", () => {
  it("defaults the name and the role", () => {
    expect(inviteStaffSchema().parse({ email: "A@B.nl" })).toEqual({
      email: "a@b.nl",
      name: "",
      is_admin: false,
    });
  });
});

// Every message a field gets, not only the first: a form shows them in this order, and an
// extra one (a mismatch beside "confirm your password") would be shown too.
function allErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    (out[issue.path.join(".")] ??= []).push(issue.message);
  }
  return out;
}

describe("messages for values of the wrong kind", () => {
  it("ask for the code, the new password and its confirmation when they are missing", () => {
    const code = loginTwoFactorSchema(from(en.auth.validation));
    expect(allErrors(code.safeParse({ totp_code: 123456 }))).toEqual({
      totp_code: ["Please enter a 6-digit code"],
    });
    const form = changePasswordFormSchema(from(en.account.validation));
    expect(allErrors(form.safeParse({ current_password: "x" }))).toEqual({
      new_password: ["please enter a new password"],
      confirm_new_password: ["please confirm your new password"],
    });
  });

  it("say only 'enter a new password' for an empty one, not every rule it breaks", () => {
    const form = changePasswordFormSchema(from(en.account.validation));
    expect(
      allErrors(
        form.safeParse({ current_password: "x", new_password: "", confirm_new_password: "" }),
      ),
    ).toEqual({
      new_password: ["please enter a new password"],
      confirm_new_password: ["please confirm your new password"],
    });
  });
});

describe("the repeated password", () => {
  const form = changePasswordFormSchema(from(en.account.validation));

  it("is not called a mismatch while it is still empty", () => {
    expect(
      allErrors(
        form.safeParse({
          current_password: "x",
          new_password: "Abcdefg1",
          confirm_new_password: "",
        }),
      ),
    ).toEqual({ confirm_new_password: ["please confirm your new password"] });
  });

  it("is not compared with a new password that is missing", () => {
    expect(
      allErrors(form.safeParse({ current_password: "x", confirm_new_password: "abc" })),
    ).toEqual({ new_password: ["please enter a new password"] });
  });

  it("lets a reset through when both are the same", () => {
    const reset = resetPasswordFormSchema(from(en.auth.validation));
    const payload = {
      email: "a@example.org",
      reset_token: "t",
      new_password: "Abcdefg1",
      check_password: "Abcdefg1",
    };
    expect(reset.safeParse(payload).success).toBe(true);
    expect(allErrors(reset.safeParse({ ...payload, check_password: "Abcdefg2" }))).toEqual({
      check_password: [en.auth.validation.passwordsDontMatch],
    });
  });
});

describe("staff invitation names", () => {
  it("are trimmed and at most 100 characters", () => {
    expect(inviteStaffSchema().parse({ email: "a@b.nl", name: "  Sam  " }).name).toBe("Sam");
    expect(inviteStaffSchema().safeParse({ email: "a@b.nl", name: "x".repeat(100) }).success).toBe(
      true,
    );
    expect(inviteStaffSchema().safeParse({ email: "a@b.nl", name: "x".repeat(101) }).success).toBe(
      false,
    );
  });
});
