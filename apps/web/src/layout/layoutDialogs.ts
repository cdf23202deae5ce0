import { useState } from 'react';
import { create } from 'zustand';

export const useSettingsDrawer = create<{ open: boolean; show(): void; hide(): void }>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}));

/** Local storage key of "don't remind me" for the 2G notice (spec §1). */
export const NOTICE_2G_KEY = 'notice2gDismissed';

/** Whether the 2G notice is on screen: the alarm dialog waits for it to close instead of stacking over it. */
export const useNoticeOpen = create<{ open: boolean; set(open: boolean): void }>()((set) => ({
  // The notice says when it shows (NoticeDialog); until then nothing waits for it.
  open: false,
  set: (open) => set({ open }),
}));

/**
 * true from the first time `flag` is true on: a dialog's code loads when it first opens and the dialog then stays
 * mounted, so that it closes with its animation and opens at once the next time.
 */
export function useOnceTrue(flag: boolean): boolean {
  const [seen, setSeen] = useState(flag);
  if (flag && !seen) setSeen(true);
  return seen || flag;
}
