import { useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A search field that starts from the address's `?q=` (the top bar's search links to each screen's full
 * search) and starts again from it when the address changes while the screen stays open; typing edits a copy.
 */
export function useTextFromUrl(key = 'q'): [string, (text: string) => void] {
  const [params] = useSearchParams();
  const fromUrl = params.get(key) ?? '';
  const [text, setText] = useState(fromUrl);
  const [seen, setSeen] = useState(fromUrl);
  // Adjusting state while rendering (React's documented pattern), not in an effect: no frame shows the old text.
  if (seen !== fromUrl) {
    setSeen(fromUrl);
    setText(fromUrl);
  }
  return [text, setText];
}
