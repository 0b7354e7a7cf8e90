"use client";

import { createContext, useContext, useState, type ReactNode } from "react";
import type { PublicUser } from "@/lib/auth/public-user.shared";

type StaffUserState = {
  user: PublicUser;
  setUser: (user: PublicUser) => void;
  /** Staff must have two-factor (`STAFF_TWO_FACTOR=required`): it cannot be turned off. */
  twoFactorRequired: boolean;
};

const StaffUserContext = createContext<StaffUserState | null>(null);

/** The signed-in user, loaded once by the admin layout; account changes update it in place. */
export function StaffUserProvider({
  initial,
  twoFactorRequired = false,
  children,
}: {
  initial: PublicUser;
  twoFactorRequired?: boolean;
  children: ReactNode;
}) {
  const [user, setUser] = useState(initial);
  return (
    <StaffUserContext.Provider value={{ user, setUser, twoFactorRequired }}>
      {children}
    </StaffUserContext.Provider>
  );
}

export function useStaffUser(): StaffUserState {
  const state = useContext(StaffUserContext);
  if (!state) throw new Error("useStaffUser is only available inside the admin shell");
  return state;
}
