/** Staff accounts the e2e database starts with (created in fixtures-data.ts). */
export const e2eAccounts = {
  admin: {
    email: "e2e-admin@example.org",
    password: "Admin-Passw0rd!",
    name: "E2E Admin",
    admin: true,
  },
  staff: {
    email: "e2e-staff@example.org",
    password: "Staff-Passw0rd!",
    name: "E2E Staff",
    admin: false,
  },
} as const;
