"use client";

import { useEffect, useRef } from "react";
import { api } from "@/lib/api-client.shared";

const CHANNEL = "survey-editor";

type SavedMessage = { study_id: number; version: number };

/**
 * Tells the editor as soon as it can know that the survey was saved elsewhere: another tab of
 * this browser says so over a `BroadcastChannel` after each save (`announce`), and when the
 * page comes back into view or gets focus the server's version is asked for (a small call).
 * `onNewer` gets the newer version; the editor decides what to do with it.
 */
export function useStaleCheck({
  studyId,
  currentVersion,
  onNewer,
}: {
  studyId: number;
  /** The version the working copy is based on now. */
  currentVersion: () => number;
  onNewer: (version: number) => void;
}) {
  const latest = useRef({ currentVersion, onNewer });
  useEffect(() => {
    latest.current = { currentVersion, onNewer };
  });
  const channel = useRef<BroadcastChannel | null>(null);

  useEffect(() => {
    const seen = (version: number) => {
      if (version > latest.current.currentVersion()) latest.current.onNewer(version);
    };
    let asking = false;
    const ask = async () => {
      if (asking || document.visibilityState !== "visible") return;
      asking = true;
      const result = await api<{ version: number }>(`/api/study/${studyId}/survey/version`);
      asking = false;
      // A failure says nothing about the version; the next save finds out anyway.
      if (result.ok) seen(result.data.version);
    };
    const onVisible = () => void ask();
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("focus", onVisible);

    const bc = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL);
    channel.current = bc;
    if (bc) {
      bc.onmessage = (event: MessageEvent<SavedMessage>) => {
        if (event.data?.study_id === studyId && typeof event.data.version === "number") {
          seen(event.data.version);
        }
      };
    }
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("focus", onVisible);
      bc?.close();
      channel.current = null;
    };
  }, [studyId]);

  /** Tells the other tabs of this browser that this one saved `version`. */
  return {
    announce(version: number) {
      const message: SavedMessage = { study_id: studyId, version };
      channel.current?.postMessage(message);
    },
  };
}
