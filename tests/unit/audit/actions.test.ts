import { describe, expect, it } from "vitest";
import { studyStatus } from "@/db/schema";
import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  AUDITED_STUDY_STATUSES,
  auditActionSpecs,
} from "@/lib/audit/actions.shared";

describe("the audit action list", () => {
  it("knows the study statuses the database knows", () => {
    expect([...AUDITED_STUDY_STATUSES]).toEqual(studyStatus.enumValues);
  });

  it("lists every action once, each about a known kind of target", () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
    expect(AUDIT_ACTIONS).toEqual(Object.keys(auditActionSpecs));
    for (const action of AUDIT_ACTIONS) {
      expect(AUDIT_TARGET_TYPES).toContain(auditActionSpecs[action].target);
    }
  });

  it("allows no free text in details: every string field is a fixed list of words", () => {
    for (const action of AUDIT_ACTIONS) {
      const shape = auditActionSpecs[action].details.shape as Record<string, { type: string }>;
      for (const [field, schema] of Object.entries(shape)) {
        expect(["boolean", "number", "enum"], `${action}.${field}`).toContain(schema.type);
      }
    }
  });
});
