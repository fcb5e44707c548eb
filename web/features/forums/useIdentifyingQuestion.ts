// A forum composer's send: the server may answer that the text looks like it identifies a client (409
// LOOKS_IDENTIFYING, or a refusal when administrators chose one); that answer becomes the question the composer shows,
// not a failure, and the writer's confirmation sends the same words again with `confirmDeidentified`.
import { useState } from 'react';
import { forumRefusalOf, type ForumRefusal } from '../../lib/privacy-check.ts';

export function useIdentifyingQuestion() {
  const [refusal, setRefusal] = useState<ForumRefusal | null>(null);
  /** Runs `write`; true once it was written, false when the server asked (the question is then shown). */
  const send = async (text: string, write: (confirmDeidentified: boolean) => Promise<unknown>, confirmDeidentified = false) => {
    try {
      await write(confirmDeidentified);
      setRefusal(null);
      return true;
    } catch (error) {
      const asked = forumRefusalOf(error, text);
      if (!asked) throw error;
      setRefusal(asked);
      return false;
    }
  };
  return { refusal, send };
}
