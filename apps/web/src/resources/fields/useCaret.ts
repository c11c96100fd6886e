/**
 * A masked input's caret: where the cursor goes after the mask rewrote the text (set `caret.current` in onChange),
 * restored after React rendered it; and the input element kept both locally and in the form's ref.
 */
import { useLayoutEffect, useRef, type Ref } from 'react';

export function useCaret(inputRef: Ref<HTMLInputElement> | undefined) {
  const local = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    if (caret.current !== null && local.current && document.activeElement === local.current) {
      local.current.setSelectionRange(caret.current, caret.current);
    }
    caret.current = null;
  });

  const setRefs = (el: HTMLInputElement | null) => {
    local.current = el;
    if (typeof inputRef === 'function') inputRef(el);
    else if (inputRef && typeof inputRef === 'object') (inputRef as { current: HTMLInputElement | null }).current = el;
  };

  return { local, caret, setRefs };
}
