import { signOutOtherSessions } from "@/lib/auth/account";
import { otherMethods, route } from "@/lib/http/handler";

/** 'Sign out everywhere else': every session of the caller's account but this one ends. */
export const POST = route({ auth: "staff" }, async ({ user, session }) => ({
  ended_sessions: await signOutOtherSessions(user, session.sessionId),
}));

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
