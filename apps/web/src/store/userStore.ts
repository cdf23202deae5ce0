import { create } from 'zustand';

import type { UserInfo } from '@solarops/contracts';

/** The signed-in account (`GET /user/manager/info`): its type is the contracts', as every answer's is. */
export type { UserInfo };

interface UserState {
  info: UserInfo | null;
  /** Set by the sign-in answer, shown once by the layout, then forgotten (ARCHITECTURE §3). */
  weakPassword: boolean;
  setInfo(info: UserInfo | null): void;
  setWeakPassword(weak: boolean): void;
}

export const useUserStore = create<UserState>()((set) => ({
  info: null,
  weakPassword: false,
  setInfo: (info) => set({ info }),
  setWeakPassword: (weakPassword) => set({ weakPassword }),
}));
