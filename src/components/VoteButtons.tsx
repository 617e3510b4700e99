import { useState } from "react";
import { flushSync } from "react-dom";
import { apiFetch } from "../client/api.ts";
import { loginUrl } from "../client/navigation.ts";
import type { VoteResult, VoteType } from "../lib/api-types.ts";

type Props = {
  reviewId: number;
  initial: VoteResult;
  signedIn: boolean;
  own: boolean;
  /** `signIn`: the session has ended (signed out in another tab, say): the message comes with a way to log in. */
  onError: (message: string, signIn?: boolean) => void;
};

function Arrow({ up }: { up: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path d={up ? "M12 5l7 9h-4v5H9v-5H5z" : "M12 19l-7-9h4V5h6v5h4z"} fill="currentColor" />
    </svg>
  );
}

/** Upvote and downvote with the count; the count and the user's vote come from the server's answer. */
export function VoteButtons({ reviewId, initial, signedIn, own, onError }: Props) {
  const [state, setState] = useState<VoteResult>(initial);
  const [busy, setBusy] = useState(false);

  async function vote(type: VoteType, button: HTMLButtonElement) {
    if (!signedIn) {
      location.assign(loginUrl());
      return;
    }
    if (busy) return;
    // The buttons are disabled while the vote is sent, which takes the focus away: the button pressed gets it back.
    const focused = document.activeElement === button;
    setBusy(true);
    const result = await apiFetch<VoteResult>(`/api/votes/review/${reviewId}?voteType=${type}`, { method: "POST" });
    flushSync(() => setBusy(false));
    if (
      focused && button.isConnected && (document.activeElement === null || document.activeElement === document.body)
    ) button.focus();
    if (result.ok) setState(result.data);
    else if (result.status === 401) onError("Your session has ended. Log in again to vote.", true);
    else onError(result.message ?? `request failed (${result.status})`);
  }

  const title = own ? "You cannot vote on your own review" : undefined;
  return (
    <div className="votes" role="group" aria-label="Was this review helpful?">
      <button
        type="button"
        className="icon-button vote"
        aria-pressed={state.userVote === "UPVOTE"}
        aria-label="Upvote"
        title={title}
        disabled={busy || own}
        onClick={(event) => vote("UPVOTE", event.currentTarget)}
      >
        <Arrow up />
      </button>
      <span className="vote-count" aria-live="polite" aria-label={`${state.voteCount} votes`}>{state.voteCount}</span>
      <button
        type="button"
        className="icon-button vote"
        aria-pressed={state.userVote === "DOWNVOTE"}
        aria-label="Downvote"
        title={title}
        disabled={busy || own}
        onClick={(event) => vote("DOWNVOTE", event.currentTarget)}
      >
        <Arrow up={false} />
      </button>
    </div>
  );
}
