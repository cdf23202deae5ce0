import { create } from 'zustand';

interface ReloginState {
  open: boolean;
  /** Resolves the request client's wait once the user has chosen. */
  onClosed: (() => void) | null;
  show(onClosed: () => void): void;
  close(): void;
}

export const useReloginStore = create<ReloginState>()((set, get) => ({
  open: false,
  onClosed: null,
  show: (onClosed) => set({ open: true, onClosed }),
  close: () => {
    get().onClosed?.();
    set({ open: false, onClosed: null });
  },
}));
